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
        var records: [SniffRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var start = 1
        var i = 0
        let quote = UInt8(ascii: "\""), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        let n = text.count
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        /// The field that starts at `from`, as written, for a message.
        func written(from start: Int) -> String {
            var end = start + 1
            while end < n, end - start < 60, text[end] != delimiter, text[end] != lf, text[end] != cr { end += 1 }
            return String(decoding: text[start..<end], as: UTF8.self)
        }
        while i < n {
            // At the start of a field.
            let fieldStart = i
            var quoted = false
            if text[i] == quote {
                quoted = true
                i += 1
                var closed = false
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
                            closed = true
                            break
                        }
                        if i + 1 < n, text[i + 1] == quote {
                            field.append(quote)
                            i += 2
                            continue
                        }
                        let next: UInt8? = i + 1 < n ? text[i + 1] : nil
                        if next == nil || next == delimiter || next == lf || next == cr {
                            i += 1
                            closed = true
                            break
                        }
                        if quoting == .lenient {
                            field.append(quote)
                            i += 1
                            continue
                        }
                        throw Malformed(line: line, field: fields.count + 1, text: written(from: fieldStart))
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
                if !closed {
                    if isWholeFile { throw Malformed(line: start) }
                    return records
                }
            }
            // Unquoted text up to the delimiter or line end (after a closing quote, nothing).
            while i < n, text[i] != delimiter, text[i] != lf, text[i] != cr {
                if quoted { throw Malformed(line: line, field: fields.count + 1, text: written(from: fieldStart)) }
                // Strict CSV (libcsv's too) has no quote in an unquoted field; lenient reads it as text.
                if text[i] == quote, quoting != .lenient { throw Malformed(line: line, field: fields.count + 1, unquoted: true, text: written(from: fieldStart)) }
                field.append(text[i])
                i += 1
            }
            endField()
            if i < n, text[i] == delimiter {
                i += 1
                if i == n {
                    fields.append("")
                }
                continue
            }
            // Line end (or the end of the text).
            if i < n {
                if text[i] == cr, i + 1 < n, text[i + 1] == lf { i += 1 }
                i += 1
            } else if !isWholeFile {
                return records
            }
            records.append(SniffRecord(line: start, lastLine: line, fields: fields))
            fields.removeAll(keepingCapacity: true)
            line += 1
            start = line
        }
        if !fields.isEmpty { records.append(SniffRecord(line: start, lastLine: line, fields: fields)) }
        return records
    }
}
