import PennyCore

/// Where the table is: the delimiter and quoting that split the rows evenly, the header
/// after any preamble lines, and the rows that look like transactions.
struct SniffTable {
    var delimiter: UInt8
    var quoting: CSVProfile.Quoting
    var records: [SniffRecord]
    /// Index in `records` of the header, if the file has one.
    var header: Int?
    /// Index of the first data row.
    var firstData: Int
    var decisions: [CSVSniff.Decision] = []

    /// A row with a date and an amount in two different fields.
    static func isDataLike(_ r: SniffRecord) -> Bool {
        guard r.fields.count >= 2 else { return false }
        guard let d = r.fields.firstIndex(where: { SniffDates.isDate($0) }) else { return false }
        return r.fields.indices.contains { $0 != d && SniffNumbers.isAmount(r.fields[$0]) && !SniffDates.isDate(r.fields[$0]) }
    }

    /// True when `r` has as many fields as the transaction row `data` and a date in the
    /// same field: a transaction row, whatever its amount cell says.
    static func isTransactionShaped(_ r: SniffRecord, like data: SniffRecord) -> Bool {
        guard r.fields.count == data.fields.count, let d = data.fields.firstIndex(where: { SniffDates.isDate($0) }) else { return false }
        return SniffDates.isDate(r.fields[d])
    }

    enum Failure: Error {
        case malformed(line: Int)
        /// No row holds a date and an amount; `cell` names the first row under a header
        /// that names both and the cell of it that does not read, when there is one.
        case noTransactions(cell: String?)
    }

    /// - Complexity: O(n) tokenizations of the prefix for each of four delimiters.
    static func find(_ text: [UInt8], isWholeFile: Bool) throws(Failure) -> SniffTable {
        var best: (table: SniffTable, rows: Int, width: Int)?
        var malformedLine: Int?
        for delimiter in [",", ";", "\t", "|"].map({ UInt8(ascii: Unicode.Scalar($0)!) }) {
            var records: [SniffRecord]?
            var quoting = CSVProfile.Quoting.strict
            var strictFailure: SniffTokenizer.Malformed?
            for q in [CSVProfile.Quoting.strict, .backslash, .lenient] {
                do {
                    records = try SniffTokenizer.records(text, delimiter: delimiter, quoting: q, isWholeFile: isWholeFile)
                    quoting = q
                    break
                } catch {
                    if q == .strict { strictFailure = error }
                }
            }
            guard let records else {
                malformedLine = malformedLine ?? strictFailure?.line
                continue
            }
            let dataLike = records.map(isDataLike)
            let count = dataLike.filter { $0 }.count
            guard count > 0, let first = firstDataIndex(records, dataLike) else { continue }
            let width = records[first].fields.count
            if best == nil || count > best!.rows || (count == best!.rows && width > best!.width) {
                var table = SniffTable(delimiter: delimiter, quoting: quoting, records: records, header: nil, firstData: first)
                table.header = headerIndex(records, before: first)
                let name = delimiter == 0x09 ? "tab" : String(UnicodeScalar(delimiter))
                table.decisions.append(.init("delimiter", "delimiter \(name)", because: "it splits \(count) rows into a date and an amount; the other delimiters split fewer"))
                if quoting != .strict, let failure = strictFailure {
                    let line = failure.line, cell = "line \(line), field \(failure.field)"
                    let why =
                        quoting == .backslash
                        ? "line \(line) escapes a quote with a backslash (\\\")"
                        : failure.unquoted
                            ? "\(cell) has a quote in a field that is not quoted ('\(failure.text)'); it is read as text"
                            : "\(cell) has a quote inside a quoted field that is not doubled ('\(failure.text)')"
                    table.decisions.append(.init("quotes", "quotes \(quoting.rawValue)", because: why))
                }
                best = (table, count, width)
            }
        }
        guard let best else {
            if let malformedLine { throw .malformed(line: malformedLine) }
            throw .noTransactions(cell: unreadCell(text, isWholeFile: isWholeFile))
        }
        return best.table
    }

    /// For a file with no row of a date and an amount: a row whose names say date and amount
    /// (`date`, `amount`), and the cell of the row under it that does not read as one
    /// (Satispay's `24 lug 2024. 02:59:45`).
    static func unreadCell(_ text: [UInt8], isWholeFile: Bool) -> String? {
        for delimiter in [",", ";", "\t", "|"].map({ UInt8(ascii: Unicode.Scalar($0)!) }) {
            guard let records = try? SniffTokenizer.records(text, delimiter: delimiter, quoting: .lenient, isWholeFile: isWholeFile) else { continue }
            let rows = records.filter { !$0.isBlank }
            for (i, r) in rows.prefix(60).enumerated() where r.fields.count >= 2 && i + 1 < rows.count {
                let named = r.fields.map { HeaderVocabulary.roles(for: $0).map(\.role) }
                guard let d = named.firstIndex(where: { $0.contains(.date) }),
                    let a = named.firstIndex(where: { !Set($0).isDisjoint(with: [.amount, .debit, .credit]) })
                else { continue }
                let next = rows[i + 1]
                let name = { (j: Int) in "'\(r.fields[j].trimmed)' (column \(j + 1))" }
                if !SniffDates.isDate(next[d]) {
                    return "line \(r.line) names \(name(d)) and \(name(a)), but line \(next.line) has '\(next[d].trimmed)' under \(name(d)), which does not read as a date"
                }
                if !SniffNumbers.isAmount(next[a]), !next[a].trimmed.isEmpty {
                    return "line \(r.line) names \(name(d)) and \(name(a)), but line \(next.line) has '\(next[a].trimmed)' under \(name(a)), which does not read as an amount"
                }
            }
        }
        return nil
    }

    /// The first data-like row that is followed by another (or is the last row), possibly
    /// after a few detail lines (rows whose first field is empty, under a transaction) or
    /// rows not booked yet (`Pending`).
    private static func firstDataIndex(_ records: [SniffRecord], _ dataLike: [Bool]) -> Int? {
        for i in records.indices where dataLike[i] {
            let following = records[(i + 1)...].indices.filter { !records[$0].isBlank }
            guard !following.isEmpty else { return i }
            for next in following.prefix(10) {
                if dataLike[next] { return i }
                if !(records[next].fields.first?.trimmed.isEmpty ?? false), !isNotBooked(records[next]) { break }
            }
        }
        return dataLike.firstIndex(of: true)
    }

    /// The non-blank row just before the data, when it names columns rather than holding values.
    private static func headerIndex(_ records: [SniffRecord], before first: Int) -> Int? {
        // An opening-balance line may sit between the header and the data (`31/12/17;;;26.851,95|;SALDO INIZIALE`),
        // and so may rows not booked yet, whose date cell says so (`Reserveret;Nordea Pay Lebara; ;-100,00`).
        var end = first
        while let h = records[..<end].lastIndex(where: { !$0.isBlank }),
            (records[h].fields.contains(where: { SniffDates.isDate($0) }) && first - h <= 2) || isNotBooked(records[h])
        {
            end = h
        }
        guard let h = records[..<end].lastIndex(where: { !$0.isBlank }) else { return nil }
        let r = records[h]
        let named = r.fields.filter { !$0.trimmed.isEmpty }
        guard named.count >= 2, !named.contains(where: { SniffDates.isDate($0) }) else { return nil }
        let numbers = named.filter { SniffNumbers.isAmount($0) }.count
        guard numbers * 2 < named.count, r.fields.count * 2 >= records[first].fields.count else { return nil }
        return h
    }

    /// True for a row whose first cell says it is not booked yet (`Pending`, `Reserveret`).
    static func isNotBooked(_ r: SniffRecord) -> Bool {
        guard let cell = r.fields.first(where: { !$0.trimmed.isEmpty }) else { return false }
        return HeaderVocabulary.notBookedStatuses.contains(TextKey.fold(cell.trimmed))
    }

    /// The rules' `header-lines`: every line up to the header (or to the first data row).
    var headerLines: Int {
        if let header { return records[header].lastLine }
        return firstData > 0 ? records[firstData - 1].lastLine : 0
    }
}
