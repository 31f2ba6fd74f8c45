import PennyCore

extension ExactJSONParser {
    /// A string from its opening quote: escapes decoded, checked to be UTF-8.
    mutating func parseString() throws(PennyError) -> String {
        // `UTF8Validation` checks as `String(validating:as:)` does, without its generic call.
        if try scanString(), !UTF8Validation.isValid(scratch) { throw failure("a string is not valid UTF-8") }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// A string from its opening quote, checked as `parseString` checks it but not built.
    mutating func skipString() throws(PennyError) {
        guard try scanString() else { return }
        guard UTF8Validation.isValid(scratch) else { throw failure("a string is not valid UTF-8") }
    }

    /// Reads a string from its opening quote past its closing one into `scratch`, escapes
    /// decoded; returns true when a byte of it (not of an escape) is 0x80 or more, so it
    /// must be checked to be UTF-8.
    mutating func scanString() throws(PennyError) -> Bool {
        i += 1
        scratch.removeAll(keepingCapacity: true)
        var high: UInt8 = 0
        while true {
            guard try peek() != nil else { break }
            // The plain run in the buffer, copied at once.
            let bytes = input.bytes
            let end = input.end
            let start = i
            while i < end {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
                high |= b
                i += 1
            }
            if i > start { scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: i - start)) }
            guard let b = try peek() else { break }
            if b == UInt8(ascii: "\"") {
                i += 1
                return high >= 0x80
            }
            if b < 0x20 { throw failure("control character in a string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard try peek() != nil else { break }
                try escape()
                i += 1
            }
        }
        throw failure("unterminated string")
    }

    /// The escape whose letter is the next byte, decoded into `scratch`; leaves `i` on its
    /// last byte.
    private mutating func escape() throws(PennyError) {
        switch input.bytes[i] {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard try available(3), input.bytes[i + 1] == UInt8(ascii: "\\"), input.bytes[i + 2] == UInt8(ascii: "u") else {
                    throw failure("lone surrogate in \\u escape")
                }
                i += 2
                let low = try hex4()
                // A high surrogate must be followed by a low one (this trapped before).
                guard low >= 0xDC00 else { throw failure("lone surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            UTF8.encode(unicode) { scratch.append($0) }
        default: throw failure("unknown escape '\\\(Character(UnicodeScalar(input.bytes[i])))'")
        }
    }

    /// The four hex digits after the `u` at `i`; leaves `i` on the last one.
    private mutating func hex4() throws(PennyError) -> UInt32 {
        guard try available(5),
            let value = UInt32(String(decoding: UnsafeBufferPointer(start: input.bytes + i + 1, count: 4), as: UTF8.self), radix: 16)
        else {
            throw failure("expected four hex digits after \\u")
        }
        i += 4
        return value
    }
}
