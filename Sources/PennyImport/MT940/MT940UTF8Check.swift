/// Whether a text given a chunk at a time is well-formed UTF-8 (Unicode's table 3-7: no
/// overlong forms, surrogates or code points above U+10FFFF, no sequence cut short), as
/// `String(validating:as:)` decides, without making a string.
///
/// A sequence may be cut by a chunk's end: the bytes it still needs are carried over.
/// Line ends are ASCII, so the whole text is valid exactly when each of its lines is.
struct MT940UTF8Check {
    /// False once a byte broke the form.
    private var valid = true
    /// The continuation bytes the open sequence still needs.
    private var needed = 0
    /// The range the next continuation byte must fall in.
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    /// True when every byte so far was well-formed and no sequence is left open.
    var isValid: Bool { valid && needed == 0 }

    /// Takes the next bytes.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard valid else { return }
        var i = 0
        let n = bytes.count
        while i < n {
            if needed == 0 {
                // ASCII eight bytes at a time.
                while i + 8 <= n, UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
                guard i < n else { return }
                let byte = bytes[i]
                i += 1
                if byte >= 0x80 && !start(byte) {
                    valid = false
                    return
                }
            } else {
                let byte = bytes[i]
                i += 1
                guard byte >= low && byte <= high else {
                    valid = false
                    return
                }
                needed -= 1
                low = 0x80
                high = 0xBF
            }
        }
    }

    /// Opens the sequence a lead byte starts; false for a byte no sequence starts with.
    private mutating func start(_ lead: UInt8) -> Bool {
        low = 0x80
        high = 0xBF
        switch lead {
        case 0xC2...0xDF: needed = 1
        case 0xE0:
            needed = 2
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED:
            needed = 2
            high = 0x9F
        case 0xF0:
            needed = 3
            low = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4:
            needed = 3
            high = 0x8F
        default: return false
        }
        return true
    }
}
