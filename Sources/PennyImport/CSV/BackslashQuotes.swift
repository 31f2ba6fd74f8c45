/// Rewrites backslash-escaped quotes inside quoted CSV fields as RFC 4180 doubled quotes,
/// chunk by chunk, so libcsv reads `"QUOTES \"X\""` as `QUOTES "X"` (`quotes backslash`).
///
/// Outside quotes a backslash is an ordinary character. Inside, `\"` becomes `""` and
/// `\\` one backslash; any other backslash is kept. The state carries across chunks.
struct BackslashQuotes {
    private var inQuotes = false
    private var pendingBackslash = false

    /// The chunk with its escapes rewritten.
    ///
    /// - Complexity: O(n) in the chunk's length.
    mutating func rewrite(_ chunk: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(chunk.count + 16)
        for byte in chunk {
            if pendingBackslash {
                pendingBackslash = false
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): out.append(byte)
                default: out.append(contentsOf: [UInt8(ascii: "\\"), byte])
                }
                continue
            }
            if inQuotes && byte == UInt8(ascii: "\\") {
                pendingBackslash = true
                continue
            }
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            out.append(byte)
        }
        return out
    }
}
