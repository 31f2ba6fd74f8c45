import PennyCore

extension ExactJSONParser {
    /// Where a scanned string's bytes are: in the input buffer (no escape in it; valid
    /// until the buffer is next refilled) or, escapes decoded, in `scratch`.
    struct ScannedString {
        /// The index in `input.bytes` of the first byte, when not in `scratch`.
        var start: Int
        /// How many bytes, when not in `scratch`.
        var count: Int
        /// True when the bytes are `scratch`'s.
        var inScratch: Bool
        /// True when a byte of it (not of an escape) is 0x80 or more: it must be checked to
        /// be UTF-8.
        var needsCheck: Bool
    }

    /// A string from its opening quote: escapes decoded, checked to be UTF-8.
    mutating func parseString() throws(PennyError) -> String {
        let scanned = try scanString()
        guard !scanned.inScratch else { return try parseScratch(scanned) }
        let bytes = UnsafeBufferPointer(start: input.bytes + scanned.start, count: scanned.count)
        if scanned.needsCheck, !UTF8Validation.isValid(bytes) { throw failure("a string is not valid UTF-8") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string scanned into `scratch`, checked to be UTF-8.
    private func parseScratch(_ scanned: ScannedString) throws(PennyError) -> String {
        // `UTF8Validation` checks as `String(validating:as:)` does, without its generic call.
        if scanned.needsCheck, !UTF8Validation.isValid(scratch) { throw failure("a string is not valid UTF-8") }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// A member name from its opening quote, as `parseString` reads it; a name without
    /// escapes is taken from `names` when made before.
    mutating func parseName() throws(PennyError) -> String {
        let scanned = try scanString()
        guard !scanned.inScratch else { return try parseScratch(scanned) }
        let bytes = bytes(of: scanned)
        if scanned.needsCheck, !UTF8Validation.isValid(bytes) { throw failure("a string is not valid UTF-8") }
        return names.name(bytes)
    }

    /// A string from its opening quote, checked as `parseString` checks it but not built.
    mutating func skipString() throws(PennyError) {
        let scanned = try scanString()
        guard scanned.needsCheck else { return }
        if scanned.inScratch ? !UTF8Validation.isValid(scratch) : !UTF8Validation.isValid(bytes(of: scanned)) {
            throw failure("a string is not valid UTF-8")
        }
    }

    /// The bytes of a string scanned into the input buffer.
    func bytes(of scanned: ScannedString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: input.bytes + scanned.start, count: scanned.count)
    }

    /// Reads a string from its opening quote past its closing one. A string without escapes
    /// (the common case) stays in the buffer, read with a tight loop; at the first escape
    /// what was read is copied to `scratch` and the rest is decoded there.
    mutating func scanString() throws(PennyError) -> ScannedString {
        i += 1
        var start = i
        var high: UInt8 = 0
        while true {
            let bytes = input.bytes
            let end = input.end
            var j = i
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while end - j >= 8 {
                let word = UnsafeRawPointer(bytes + j).loadUnaligned(as: UInt64.self)
                if Self.hasStringStop(word) { break }
                var folded = word & 0x8080_8080_8080_8080
                folded |= folded >> 32
                folded |= folded >> 16
                folded |= folded >> 8
                high |= UInt8(truncatingIfNeeded: folded)
                j += 8
            }
            while j < end {
                let b = bytes[j]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
                high |= b
                j += 1
            }
            i = j
            if j < end {
                if bytes[j] == UInt8(ascii: "\"") {
                    i += 1
                    return ScannedString(start: start, count: j - start, inScratch: false, needsCheck: high >= 0x80)
                }
                if bytes[j] < 0x20 { throw failure("control character in a string") }
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: j - start))
                return ScannedString(start: 0, count: 0, inScratch: true, needsCheck: try scanEscaped(high: high))
            }
            // The buffer's end: read more, keeping the string from its start.
            guard let moved = try input.refill(keeping: start) else { throw failure("unterminated string") }
            start -= moved
            i -= moved
        }
    }

    /// True when a byte of `word` may be a quote, a backslash or below 0x20 (never false
    /// when one is: a word said true is read again a byte at a time).
    @inline(__always)
    static func hasStringStop(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A byte is zero, or below 0x20, where subtracting borrows into its high bit.
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs != 0
    }

    /// The rest of a string from an escape at `i`, decoded onto `scratch`; returns true
    /// when a byte of it or of `high` (not of an escape) is 0x80 or more.
    private mutating func scanEscaped(high: UInt8) throws(PennyError) -> Bool {
        var high = high
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
