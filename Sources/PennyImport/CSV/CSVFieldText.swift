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
        // Printable ASCII (most descriptions): one copy.
        if let part = printableASCII(bytes) {
            if joining && !out.isEmpty { out.append(0x20) }
            out.append(contentsOf: part)
            return true
        }
        let part = CSVFieldBytes.trimmed(bytes)
        guard let first = part.first, let last = part.last else { return true }
        // Non-ASCII at an end may be white space (a no-break space): the String path trims it.
        guard first < 0x80, last < 0x80 else { return false }
        if joining && !out.isEmpty { out.append(0x20) }
        isPrintableASCII = false
        guard encoding.isSingleByte else { return appendValidUTF8(part, to: &out) }
        // Decoded into a buffer, then copied once (an append per byte checked the array's
        // uniqueness and capacity each time).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * part.count) { buffer in
            var n = 0
            for b in part {
                if b < 0x80 {
                    if b == 0x0A || b == 0x0D { return false }
                    buffer[n] = b
                    n += 1
                    continue
                }
                let scalar = TextDecoder.scalar(b, encoding)
                if scalar < 0x800 {
                    buffer[n] = UInt8(0xC0 | (scalar >> 6))
                    n += 1
                } else {
                    buffer[n] = UInt8(0xE0 | (scalar >> 12))
                    buffer[n + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                    n += 2
                }
                buffer[n] = UInt8(0x80 | (scalar & 0x3F))
                n += 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
            return true
        }
    }

    /// The field trimmed, when that is not empty and all printable ASCII: the text
    /// `appendDecoded` appends as it is, in every encoding.
    @inline(__always)
    static func printableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let part = CSVFieldBytes.trimmed(bytes)
        return !part.isEmpty && PrintableASCII.contains(only: part) ? part : nil
    }

    /// Appends a UTF-8 (or transcoded UTF-16) field's bytes as they are when they are valid
    /// UTF-8 (what `TextDecoder.decode` accepts) with no line end; false for the String path.
    private static func appendValidUTF8(_ part: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        guard !part.contains(0x0A), !part.contains(0x0D) else { return false }
        var iterator = part.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput:
                out.append(contentsOf: part)
                return true
            case .error: return false
            }
        }
    }
}
