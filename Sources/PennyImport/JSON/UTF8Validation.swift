/// Well-formed UTF-8 (the Unicode Standard's table 3-7, as `String(validating:as:)` checks
/// it), tested without making a string.
enum UTF8Validation {
    /// True when `bytes` is well-formed UTF-8.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    /// True when `bytes` is well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // The second byte's range, then how many continuation bytes (80...BF) follow it.
            let second: ClosedRange<UInt8>
            let rest: Int
            switch lead {
            case 0xC2...0xDF: (second, rest) = (0x80...0xBF, 0)
            case 0xE0: (second, rest) = (0xA0...0xBF, 1)
            case 0xE1...0xEC, 0xEE...0xEF: (second, rest) = (0x80...0xBF, 1)
            case 0xED: (second, rest) = (0x80...0x9F, 1)
            case 0xF0: (second, rest) = (0x90...0xBF, 2)
            case 0xF1...0xF3: (second, rest) = (0x80...0xBF, 2)
            case 0xF4: (second, rest) = (0x80...0x8F, 2)
            default: return false
            }
            guard i + 1 + rest < n, second.contains(bytes[i + 1]) else { return false }
            for k in 0..<rest where bytes[i + 2 + k] & 0xC0 != 0x80 { return false }
            i += 2 + rest
        }
        return true
    }
}
