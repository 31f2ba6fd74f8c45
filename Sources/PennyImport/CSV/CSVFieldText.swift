import PennyCore

/// A CSV field's text as the row lane takes it (`PlainRow`): trimmed and decoded to UTF-8
/// from its bytes, or refused for the `String` path to read.
enum CSVFieldText {
    /// Appends one field, trimmed and decoded from `encoding` to UTF-8, to `out` (after a
    /// space when `joining` and `out` holds text already); clears `isPrintableASCII` when it
    /// is not all printable ASCII; false to take the String path.
    static func appendDecoded(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], joining: Bool, isPrintableASCII: inout Bool, _ encoding: CSVProfile.Encoding
    ) -> Bool {
        let part = CSVFieldBytes.trimmed(bytes)
        guard let first = part.first, let last = part.last else { return true }
        // Non-ASCII at an end may be white space (a no-break space): the String path trims it.
        guard first < 0x80, last < 0x80 else { return false }
        if joining && !out.isEmpty { out.append(0x20) }
        // Printable ASCII (most descriptions): one copy.
        if PrintableASCII.contains(only: part) {
            out.append(contentsOf: part)
            return true
        }
        isPrintableASCII = false
        for b in part {
            if b < 0x80 {
                if b == 0x0A || b == 0x0D { return false }
                out.append(b)
                continue
            }
            guard encoding.isSingleByte else { return false }
            let scalar = TextDecoder.scalar(b, encoding)
            if scalar < 0x800 {
                out.append(UInt8(0xC0 | (scalar >> 6)))
            } else {
                out.append(UInt8(0xE0 | (scalar >> 12)))
                out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            }
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
        return true
    }
}
