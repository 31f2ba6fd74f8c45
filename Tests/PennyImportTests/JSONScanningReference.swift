import PennyCore

/// The straightforward reading of a JSON string literal and of white space, a byte at a
/// time over the whole text, that the parser's fast loops (eight bytes at a time, in place
/// in a buffer refilled in chunks) must agree with: the same value, or the same error at
/// the same byte.
enum JSONScanningReference {
    /// A string's value and the index past its closing quote, or an error's message and
    /// the index of the byte it is at.
    enum Outcome {
        case value(String, end: Int)
        case failure(String, at: Int)
    }

    /// The string whose opening quote is at `quote`.
    static func string(_ text: [UInt8], at quote: Int) -> Outcome {
        var i = quote + 1
        var bytes: [UInt8] = []
        while true {
            guard i < text.count else { return .failure("unterminated string", at: i) }
            let byte = text[i]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return .failure("control character in a string", at: i) }
            if byte != UInt8(ascii: "\\") {
                bytes.append(byte)
                i += 1
                continue
            }
            i += 1
            guard i < text.count else { return .failure("unterminated string", at: i) }
            switch escape(text, at: i) {
            case .failure(let message, let at): return .failure(message, at: at)
            case .value(let decoded, let last):
                bytes += Array(decoded.utf8)
                i = last + 1
            }
        }
        guard let value = String(validating: bytes, as: UTF8.self) else { return .failure("a string is not valid UTF-8", at: i + 1) }
        return .value(value, end: i + 1)
    }

    /// The escape whose letter is at `i`: its text and the index of its last byte.
    private static func escape(_ text: [UInt8], at i: Int) -> Outcome {
        let simple: [UInt8: String] = [0x22: "\"", 0x5C: "\\", 0x2F: "/", 0x62: "\u{08}", 0x66: "\u{0C}", 0x6E: "\n", 0x72: "\r", 0x74: "\t"]
        if let decoded = simple[text[i]] { return .value(decoded, end: i) }
        guard text[i] == UInt8(ascii: "u") else { return .failure("unknown escape '\\\(Character(UnicodeScalar(text[i])))'", at: i) }
        guard var scalar = hex4(text, at: i) else { return .failure("expected four hex digits after \\u", at: i) }
        var last = i + 4
        if (0xD800..<0xDC00).contains(scalar) {
            guard last + 2 < text.count, text[last + 1] == UInt8(ascii: "\\"), text[last + 2] == UInt8(ascii: "u") else {
                return .failure("lone surrogate in \\u escape", at: last)
            }
            guard let low = hex4(text, at: last + 2) else { return .failure("expected four hex digits after \\u", at: last + 2) }
            last += 6
            guard low >= 0xDC00 else { return .failure("lone surrogate in \\u escape", at: last) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { return .failure("invalid \\u escape", at: last) }
        return .value(String(Character(unicode)), end: last)
    }

    /// The four hex digits after the `u` at `i` (read as the parser reads them).
    private static func hex4(_ text: [UInt8], at i: Int) -> UInt32? {
        guard i + 4 < text.count else { return nil }
        return UInt32(String(decoding: text[(i + 1)...(i + 4)], as: UTF8.self), radix: 16)
    }

    /// The index of the first byte from `i` on that is not JSON white space.
    static func skipSpace(_ text: [UInt8], from i: Int) -> Int {
        var i = i
        while i < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[i]) { i += 1 }
        return i
    }

    /// The error the parser reports at byte `index`: lines counted by line feeds before it
    /// (all in white space, as no string holds one), the column from the last.
    static func error(_ message: String, at index: Int, in text: [UInt8], file: String) -> PennyError {
        let before = text[..<index]
        let line = 1 + before.filter { $0 == 0x0A }.count
        let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
        return .badInput("malformed JSON: \(message)", at: SourceLocation(file: file, line: line, column: index - lineStart + 1))
    }
}
