/// Rewrites quotes that do not close their field (`"UAB "Naktida""`) as RFC 4180 doubled
/// quotes, chunk by chunk, for `quotes lenient`; libcsv then parses strictly as always.
///
/// Inside a quoted field a quote closes the field only when the delimiter, a line end or
/// the end of the file follows it; `""` before a delimiter is a literal quote that closes
/// the field; any other quote is text. A quote inside an unquoted field (`Firma";`) is
/// passed on as it is: the parser reads it as text when not strict (`LibCSVParser`). The
/// state carries across chunks.
struct LenientQuotes {
    private let delimiter: UInt8
    private var inQuotes = false
    private var atFieldStart = true
    /// Quotes seen inside a quoted field whose meaning the next byte decides.
    private var pendingQuotes = 0
    /// The line of the first quote read as text, so the import can say so.
    private(set) var firstStrayQuoteLine: Int?
    private var line = 1

    init(delimiter: UInt8) { self.delimiter = delimiter }

    /// The chunk rewritten.
    ///
    /// - Complexity: O(n) in the chunk's length.
    mutating func rewrite(_ chunk: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(chunk.count + 16)
        for byte in chunk { step(byte, &out) }
        return out
    }

    /// What is still pending at the end of the file.
    mutating func finish() -> [UInt8] {
        var out: [UInt8] = []
        if pendingQuotes == 1 { out.append(quote) }
        if pendingQuotes == 2 { out.append(contentsOf: [quote, quote, quote]) }
        pendingQuotes = 0
        return out
    }

    private let quote = UInt8(ascii: "\"")

    private func ends(_ byte: UInt8) -> Bool { byte == delimiter || byte == 0x0A || byte == 0x0D }

    private mutating func step(_ byte: UInt8, _ out: inout [UInt8]) {
        if byte == 0x0A { line += 1 }
        guard inQuotes else {
            if byte == quote {
                if atFieldStart { inQuotes = true } else { firstStrayQuoteLine = firstStrayQuoteLine ?? line }
            }
            out.append(byte)
            atFieldStart = ends(byte)
            return
        }
        switch pendingQuotes {
        case 0:
            if byte == quote { pendingQuotes = 1 } else { out.append(byte) }
        case 1:
            if byte == quote {
                pendingQuotes = 2
            } else if ends(byte) {
                out.append(contentsOf: [quote, byte])
                close()
            } else {
                firstStrayQuoteLine = firstStrayQuoteLine ?? line
                out.append(contentsOf: [quote, quote, byte])
                pendingQuotes = 0
            }
        default:
            if ends(byte) {
                out.append(contentsOf: [quote, quote, quote, byte])
                close()
            } else if byte == quote {
                out.append(contentsOf: [quote, quote])
                pendingQuotes = 1
            } else {
                out.append(contentsOf: [quote, quote, byte])
                pendingQuotes = 0
            }
        }
    }

    private mutating func close() {
        inQuotes = false
        atFieldStart = true
        pendingQuotes = 0
    }
}
