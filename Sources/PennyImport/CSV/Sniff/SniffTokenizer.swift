import PennyCore

/// One record of the sniffed prefix: its fields as text and where it starts.
struct SniffRecord: Equatable {
    /// The physical line the record starts on (1-based, as the reader counts).
    var line: Int
    /// The physical line it ends on.
    var lastLine: Int
    /// The fields, unquoted.
    var fields: [String]

    /// True when every field is empty or spaces.
    var isBlank: Bool { fields.allSatisfy { $0.allSatisfy { $0 == " " || $0 == "\t" } } }

    /// The field at a 0-based index, or "" past the end.
    subscript(_ i: Int) -> String { i < fields.count ? fields[i] : "" }
}

/// Splits UTF-8 text into records for sniffing: a small pure tokenizer, not the importer's
/// libcsv, so the sniffer stays a function of bytes. Reads the three quoting styles Penny
/// imports; a quote strict RFC 4180 does not allow is reported with its line.
enum SniffTokenizer {
    struct Malformed: Error {
        var line: Int
        /// The field (1-based) the quote is in.
        var field = 0
        /// True for a quote in a field that does not start with one (`Firma";`).
        var unquoted = false
        /// The field as written, up to the next delimiter or line end (at most 60 bytes).
        var text = ""
    }

    /// The records of `text`; a record cut by the end of a prefix is left out.
    ///
    /// - Complexity: O(n) in the text's length.
    static func records(_ text: [UInt8], delimiter: UInt8, quoting: CSVProfile.Quoting, isWholeFile: Bool) throws(Malformed) -> [SniffRecord] {
        var scan = SniffFieldScan(text: text, delimiter: delimiter, quoting: quoting)
        var records: [SniffRecord] = []
        var start = 1
        let n = text.count
        while scan.i < n {
            // At the start of a field.
            let fieldStart = scan.i
            let quoted = text[fieldStart] == SniffFieldScan.quote
            if quoted {
                scan.i += 1
                guard try scan.readQuoted(from: fieldStart) else {
                    if isWholeFile { throw Malformed(line: start) }
                    return records
                }
            }
            try scan.readUnquoted(afterQuote: quoted, from: fieldStart)
            scan.endField()
            if scan.i < n, text[scan.i] == delimiter {
                scan.i += 1
                if scan.i == n {
                    scan.fields.append("")
                }
                continue
            }
            // Line end (or the end of the text).
            if scan.i < n {
                scan.skipLineEnd()
            } else if !isWholeFile {
                return records
            }
            records.append(SniffRecord(line: start, lastLine: scan.line, fields: scan.fields))
            scan.fields.removeAll(keepingCapacity: true)
            scan.line += 1
            start = scan.line
        }
        if !scan.fields.isEmpty { records.append(SniffRecord(line: start, lastLine: scan.line, fields: scan.fields)) }
        return records
    }
}

/// The tokenizer's place in the text: where it is, the line it is on, the record's fields
/// so far and the field being read.
private struct SniffFieldScan {
    /// The quote, carriage return and line feed bytes (constants, not stored globals).
    static var quote: UInt8 { UInt8(ascii: "\"") }
    static var cr: UInt8 { 0x0D }
    static var lf: UInt8 { 0x0A }

    let text: [UInt8]
    let n: Int
    let delimiter: UInt8
    let quoting: CSVProfile.Quoting
    /// The next byte to read.
    var i = 0
    /// The physical line `i` is on (1-based).
    var line = 1
    /// The record's fields so far.
    var fields: [String] = []
    /// The field being read, unquoted.
    var field: [UInt8] = []

    init(text: [UInt8], delimiter: UInt8, quoting: CSVProfile.Quoting) {
        self.text = text
        self.n = text.count
        self.delimiter = delimiter
        self.quoting = quoting
    }

    /// Reads a quoted field's text from after its opening quote (at `fieldStart`) to past
    /// its closing quote; false when the text ends first.
    @inline(__always)
    mutating func readQuoted(from fieldStart: Int) throws(SniffTokenizer.Malformed) -> Bool {
        let quote = Self.quote, cr = Self.cr, lf = Self.lf
        while i < n {
            let b = text[i]
            if b == quote {
                // Lenient, as `LenientQuotes` reads: `""` before a delimiter or a line end
                // is a literal quote that closes the field (`"UAB "Naktida""`).
                if quoting == .lenient, i + 1 < n, text[i + 1] == quote,
                    i + 2 == n || text[i + 2] == delimiter || text[i + 2] == lf || text[i + 2] == cr
                {
                    field.append(quote)
                    i += 2
                    return true
                }
                if i + 1 < n, text[i + 1] == quote {
                    field.append(quote)
                    i += 2
                    continue
                }
                let next: UInt8? = i + 1 < n ? text[i + 1] : nil
                if next == nil || next == delimiter || next == lf || next == cr {
                    i += 1
                    return true
                }
                if quoting == .lenient {
                    field.append(quote)
                    i += 1
                    continue
                }
                throw malformed(from: fieldStart)
            }
            if quoting == .backslash, b == UInt8(ascii: "\\"), i + 1 < n, text[i + 1] == quote || text[i + 1] == UInt8(ascii: "\\") {
                field.append(text[i + 1])
                i += 2
                continue
            }
            if b == lf { line += 1 }
            field.append(b)
            i += 1
        }
        return false
    }

    /// Reads unquoted text up to the delimiter or line end; after a closing quote
    /// (`afterQuote`) there must be none.
    @inline(__always)
    mutating func readUnquoted(afterQuote quoted: Bool, from fieldStart: Int) throws(SniffTokenizer.Malformed) {
        while i < n, text[i] != delimiter, text[i] != Self.lf, text[i] != Self.cr {
            if quoted { throw malformed(from: fieldStart) }
            // Strict CSV (libcsv's too) has no quote in an unquoted field; lenient reads it as text.
            if text[i] == Self.quote, quoting != .lenient { throw malformed(from: fieldStart, unquoted: true) }
            field.append(text[i])
            i += 1
        }
    }

    /// Ends the field being read: it joins the record's fields.
    @inline(__always)
    mutating func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
    }

    /// Steps over the line end at `i` (CR LF, LF or CR).
    @inline(__always)
    mutating func skipLineEnd() {
        if text[i] == Self.cr, i + 1 < n, text[i + 1] == Self.lf { i += 1 }
        i += 1
    }

    /// The quote error in the field that starts at `fieldStart`, on the current line.
    func malformed(from fieldStart: Int, unquoted: Bool = false) -> SniffTokenizer.Malformed {
        SniffTokenizer.Malformed(line: line, field: fields.count + 1, unquoted: unquoted, text: written(from: fieldStart))
    }

    /// The field that starts at `start`, as written, for a message.
    func written(from start: Int) -> String {
        var end = start + 1
        while end < n, end - start < 60, text[end] != delimiter, text[end] != Self.lf, text[end] != Self.cr { end += 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }
}
