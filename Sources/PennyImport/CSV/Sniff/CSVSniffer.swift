import Foundation
public import PennyCore

/// Reads a CSV file's layout from its bytes: a pure function from a bounded prefix (and the
/// tail of a larger file) to a `CSVProfile` and the evidence for each choice.
///
/// The sniffer decides only what the file proves: the date order by a day above 12, the
/// decimal mark by a value that reads one way, the sign and columns by the file's own
/// running balance when it has one. Anything else is an ambiguity, named with its
/// candidates, and the file is not imported on a guess.
public enum CSVSniffer {
    /// How much of the start of a file is read.
    public static let prefixBytes = 64 * 1024
    /// How much of the end of a larger file is read (for totals and closing-balance rows).
    public static let tailBytes = 8 * 1024
    /// How many data rows are examined.
    public static let maxRows = 400

    /// Sniffs a file on disk: its first `prefixBytes` and, when longer, its last `tailBytes`.
    public static func sniff(url: URL, displayName: String) throws(PennyError) -> CSVSniff {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let head = Array(try handle.read(upToCount: prefixBytes + 1) ?? Data())
            guard head.count > prefixBytes else { return sniff(head: head, tail: nil, fileName: url.lastPathComponent) }
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: max(UInt64(prefixBytes), size - UInt64(tailBytes)))
            let tail = Array(try handle.readToEnd() ?? Data())
            return sniff(head: Array(head.prefix(prefixBytes)), tail: tail, fileName: url.lastPathComponent)
        } catch {
            throw .badInput("cannot read file: \(error.localizedDescription)", at: SourceLocation(file: displayName))
        }
    }

    /// The profile for a file whose first bytes are `head` (the whole file when `tail` is nil).
    ///
    /// - Complexity: O(n) in the prefix, times the candidate delimiters and date patterns.
    public static func sniff(head: [UInt8], tail: [UInt8]?, fileName: String) -> CSVSniff {
        let isWhole = tail == nil
        var profile = CSVProfile(name: profileName(fileName), location: SourceLocation(file: "sniffed"))
        var sniff = CSVSniff(profile: profile)
        let encoding = SniffEncoding.decide(head, isWholeFile: isWhole)
        profile.encoding = encoding.encoding
        sniff.decisions.append(encoding.decision)
        let table: SniffTable
        do {
            table = try SniffTable.find(encoding.text, isWholeFile: isWhole)
        } catch {
            switch error {
            case .malformed(let line):
                sniff.ambiguities.append(.init("quotes", candidates: [], because: "line \(line) has a quote that neither strict, backslash nor lenient quoting reads"))
            case .noTransactions(let cell):
                sniff.ambiguities.append(
                    .init("rows", candidates: [], because: "no row holds both a date and an amount, whichever of , ; tab | splits it" + (cell.map { ": \($0)" } ?? "")))
            }
            sniff.profile = profile
            return sniff
        }
        sniff.decisions += table.decisions
        profile.delimiter = table.delimiter
        profile.quoting = table.quoting
        profile.headerLines = table.headerLines
        let header = table.header.map { table.records[$0].fields }
        sniff.header = header ?? []
        sniff.decisions.append(
            .init(
                "header", "header-lines \(profile.headerLines)",
                because: header == nil
                    ? "the first row already holds a date and an amount: the file has no header"
                    : "line \(table.records[table.header!].line) names the columns\(table.header! > 0 ? " after \(table.header!) preamble line(s)" : "")"))

        // Rows: transactions, balance rows, and rows that are not data at all.
        var rows: [SniffRecord] = []
        var dated: [SniffRecord] = []
        var skipTexts: [String] = []
        // Rows of other text between transactions: skipped, or detail rows of the one above.
        var between: [SniffRecord] = []
        var endText: String?
        // From the row after the header: an opening-balance line may sit before the first data row.
        let bodyStart = table.header.map { $0 + 1 } ?? table.firstData
        let body = Array(table.records[bodyStart...].filter { !$0.isBlank }.prefix(maxRows))
        let lastDataLike = body.lastIndex(where: SniffTable.isDataLike) ?? 0
        for (i, r) in body.enumerated() {
            if !SniffTable.isDataLike(r) {
                let text = Self.skipText(r)
                if i > lastDataLike {
                    // A row shaped like the transactions, with its date where theirs is, is a
                    // transaction whose amount does not read: the import refuses it at its
                    // line; it never ends the data (that dropped it with exit 0).
                    if endText == nil, !text.isEmpty, !SniffTable.isTransactionShaped(r, like: body[lastDataLike]) { endText = text }
                } else if !text.isEmpty {
                    if !skipTexts.contains(text) { skipTexts.append(text) }
                    if !dated.isEmpty { between.append(r) }
                }
                continue
            }
            dated.append(r)
            if let word = r.fields.first(where: { HeaderVocabulary.isBalanceRowWord($0) }) {
                let text = String(word.trimmed)
                if !skipTexts.contains(text) { skipTexts.append(text) }
                continue
            }
            rows.append(r)
        }
        if let tail, endText == nil, let cut = tail.firstIndex(of: 0x0A) {
            let tailBytes = Array(tail[(cut + 1)...])
            // The tail is read as the head is when one byte is one character (it may have no high byte).
            let tailText =
                profile.encoding.isSingleByte ? SniffEncoding.utf8(tailBytes, from: profile.encoding) : SniffEncoding.decide(tailBytes, isWholeFile: true).text
            if let records = try? SniffTokenizer.records(tailText, delimiter: table.delimiter, quoting: table.quoting, isWholeFile: true) {
                let nonBlank = records.filter { !$0.isBlank }
                if let last = nonBlank.lastIndex(where: SniffTable.isDataLike), last + 1 < nonBlank.count,
                    !SniffTable.isTransactionShaped(nonBlank[last + 1], like: nonBlank[last])
                {
                    endText = nonBlank[last + 1].fields.first { !$0.trimmed.isEmpty }.map { String($0.trimmed) }
                }
            }
        }
        var columns = SniffColumns(header: header, rows: rows)
        columns.headerLine = table.header.map { table.records[$0].line }
        // Rows the bank lists but has not booked (a status column saying pending).
        if let header, let s = header.indices.first(where: { HeaderVocabulary.roles(for: header[$0]).contains { $0.role == .status && $0.score == 3 } }) {
            let notBooked = Set(rows.map { String($0[s].trimmed) }.filter { HeaderVocabulary.notBookedStatuses.contains(TextKey.fold($0)) })
            let unknown = Set(rows.map { String($0[s].trimmed) }).filter { !HeaderVocabulary.isKnownStatus($0) }
            if !notBooked.isEmpty || !unknown.isEmpty, let odd = unknown.sorted().first, let line = rows.first(where: { $0[s].trimmed == odd })?.line {
                // A status Penny does not know beside others: booked or not is not said.
                sniff.ambiguities.append(
                    .init(
                        "status", candidates: ["skip-row \(SniffColumns(header: header, rows: rows).reference(s)) is \(odd)", "(import those rows)"],
                        because: "\"\(header[s].trimmed)\" says '\(odd)' (line \(line)) beside other statuses, and whether such a row is booked is not known"))
            }
            if !notBooked.isEmpty {
                rows = rows.filter { !notBooked.contains(String($0[s].trimmed)) }
                columns = SniffColumns(header: header, rows: rows)
                columns.headerLine = table.header.map { table.records[$0].line }
                let column = columns.reference(s)
                for status in notBooked.sorted() {
                    profile.skipRows.append(.init(column: column, test: .is, text: status, location: profile.location))
                }
                sniff.decisions.append(.init("skip-row", "skip-row \(column) is \(notBooked.sorted().joined(separator: ", "))", because: "those rows are not booked yet"))
            }
        }
        // An end marker must end the data: not a text also seen between transactions, and
        // not guessed where rows of notes sit between transactions (a footer cannot be told
        // from them, and a marker that also occurs mid-file would drop every row after it).
        if let text = endText, skipTexts.contains(text) || skipTexts.count > 3 {
            endText = nil
            sniff.decisions.append(
                .init(
                    "end-row", "(none)",
                    because: "'\(text)' follows the last transaction, but rows of other text sit between transactions too, so it cannot be told to end the data"))
        }
        if let endText {
            profile.endRows.append(.init(column: nil, test: .is, text: endText, location: profile.location))
            sniff.decisions.append(.init("end-row", "end-row any is \"\(endText)\"", because: "the rows from '\(endText)' on, at the end of the file, are not transactions"))
        }
        guard !rows.isEmpty else {
            sniff.ambiguities.append(.init("rows", candidates: [], because: "no transaction rows to learn the layout from"))
            sniff.profile = profile
            return sniff
        }
        sniff.rowCount = rows.count
        let wider = header.map { h in rows.filter { r in r.fields.count > h.count && r.fields[h.count...].contains { !$0.trimmed.isEmpty } } } ?? []
        // Rows longer than the header by varying numbers of fields (Livebank's text split over
        // the fields after the last name) cannot be the header one name short: that would make
        // every row one longer. The names are read from the left; each column must still hold
        // what its name says.
        let trailing = Set(wider.map(\.fields.count)).count > 1
        if let header, wider.count * 2 > rows.count, trailing {
            sniff.decisions.append(
                .init(
                    "header", "names from the left",
                    because:
                        "\(wider.count) of \(rows.count) rows hold more fields than the \(header.count) the header names, and not the same number (\(Set(wider.map(\.fields.count)).sorted().map(String.init).joined(separator: ", "))): the extra fields follow the named ones"
                ))
        } else if let header, wider.count * 2 > rows.count {
            // A header one name short: which column has no name is not said, so no name is
            // used; the columns are read by content and must be proven by a running balance.
            columns = SniffColumns(header: nil, rows: rows)
            columns.needsProof = true
            sniff.decisions.append(
                .init(
                    "header", "columns by content",
                    because:
                        "the header (line \(table.records[table.header!].line)) names \(header.count) columns but \(wider.count) of \(rows.count) rows hold more (line \(wider[0].line) has \(wider[0].fields.count)); which column has no name is not said, so the names are not used"
                ))
        }
        columns.assign()
        sniff.decisions += columns.decisions
        sniff.ambiguities += columns.ambiguities
        if !wider.isEmpty {
            profile.ignoresExtraFields = true
            if columns.header != nil {
                sniff.decisions.append(.init("extra-fields", "extra-fields ignore", because: "a few rows have more fields than the header names (line \(wider[0].line))"))
            }
        }

        // Dates.
        if let d = columns.roles[.date] {
            profile.dateColumn = columns.reference(d)
            // Every dated row settles the order, balance and pending rows too.
            let values = dated.map { (line: $0.line, text: $0[d]) }.filter { !$0.text.trimmed.isEmpty }
            switch SniffDates.decide(values, column: columns.column(d)) {
            case .decided(let format, let decision):
                profile.dateFormat = format
                sniff.decisions.append(decision)
            case .ambiguous(let ambiguity, let first):
                profile.dateFormat = first
                sniff.ambiguities.append(ambiguity)
            case .unreadable(let reason, _):
                sniff.ambiguities.append(.init("date format", candidates: [], because: reason))
            }
        } else if columns.ambiguities.isEmpty {
            let reason = columns.misfitReason(.date, as: "a date") ?? "no header names a date and no single column holds only dates\(columns.headerText)"
            sniff.ambiguities.append(.init("date column", candidates: [], because: reason))
        }

        // Numbers, then the layout the running balance proves.
        let moneyColumns = Set(
            columns.layouts.flatMap { l -> [Int] in
                var c: [Int] = []
                switch l.money {
                case .signed(let a): c.append(a)
                case .debitCredit(let d, let cr): c += [d, cr]
                }
                if let b = l.balance { c.append(b) }
                return c
            })
        var format = AmountFormat(decimalMark: ".")
        if !moneyColumns.isEmpty {
            switch SniffNumbers.decide(moneyColumns.sorted().flatMap { columns.values($0) }) {
            case .decided(let f, let decision):
                format = f
                sniff.decisions.append(decision)
            case .ambiguous(let ambiguity, let first):
                format = first
                sniff.ambiguities.append(ambiguity)
            case .unreadable(let reason, _):
                sniff.ambiguities.append(.init("amounts", candidates: [], because: reason))
            }
        }
        profile.amountFormat = format
        let dateFormat: DateFormat? = profile.dateColumn == nil ? nil : profile.dateFormat
        var chosenMoney: [Int] = []
        if let layout = SniffLayoutChoice(columns: columns, format: format, dateFormat: dateFormat).choose(&sniff) {
            switch layout.money {
            case .signed(let a):
                profile.amount = .signed(columns.reference(a))
                chosenMoney = [a]
            case .debitCredit(let d, let c):
                profile.amount = .debitCredit(debit: columns.reference(d), credit: columns.reference(c))
                chosenMoney = [d, c]
            }
            profile.negate = layout.negate
            profile.indicator = layout.indicator.map { .column(columns.reference($0)) }
            switch layout.blankIsDebit {
            case true?: profile.debitMarks += [""]
            case false?: profile.creditMarks += [""]
            case nil: break
            }
            profile.balanceColumn = layout.balance.map(columns.reference)
        }
        // A row passed over as "not a transaction" must not be one the layout cannot read.
        if let d = columns.roles[.date], let unread = between.first(where: { r in SniffDates.isDate(r[d]) && chosenMoney.contains { !r[$0].trimmed.isEmpty } }) {
            let cell = chosenMoney.first { !unread[$0].trimmed.isEmpty }!
            sniff.ambiguities.append(
                .init(
                    "rows", candidates: [],
                    because:
                        "line \(unread.line) has a date and '\(unread[cell].trimmed)' in column \(columns.name(cell)), which does not read as an amount like the other rows'; it cannot be passed over as not a transaction"
                ))
        }
        // Rows between transactions with text under the description and no date or amount
        // are the details of the transaction above; the others (a repeated header, a page
        // footer) are skipped.
        let details = columns.roles[.date].map { d in between.filter { Self.isDetailRow($0, date: d, money: chosenMoney, description: columns.description) } } ?? []
        if !details.isEmpty {
            profile.joinsDetailRows = true
            let kept = Set(between.filter { !details.contains($0) }.map(Self.skipText))
            let joined = Set(details.map(Self.skipText)).subtracting(kept)
            skipTexts.removeAll { joined.contains($0) }
            sniff.decisions.append(
                .init(
                    "detail-rows", "detail-rows join",
                    because: "\(details.count) rows between transactions have no date and no amount (line \(details[0].line)): they continue the transaction above"))
        }
        for text in skipTexts {
            profile.skipRows.append(.init(column: nil, test: .is, text: text, location: profile.location))
            sniff.decisions.append(
                .init("skip-row", "skip-row any is \"\(text)\"", because: "a row holding '\(text)' is not a transaction (no date and amount, or a balance line)"))
        }
        profile.descriptionColumns = columns.description.map(columns.reference)
        profile.currencyColumn = columns.roles[.currency].map(columns.reference)
        profile.payeeColumn = columns.roles[.payee].map(columns.reference)
        profile.counterpartyColumn = nil
        profile.idColumn = columns.roles[.id].map(columns.reference)
        profile.typeColumn = columns.roles[.type].map(columns.reference)
        profile.memoColumn = columns.roles[.memo].map(columns.reference)
        profile.ibanColumn = columns.roles[.iban].map(columns.reference)
        if header != nil { profile.headerMatches = [matchText(header!, profile.delimiter)] } else { profile.fileGlobs = [fileGlob(fileName)] }

        // The own account.
        let preamble = Array(table.records[..<(table.header ?? table.firstData)])
        if let (id, line) = SniffAccount.inPreamble(preamble) {
            sniff.accountIdentifier = id
            sniff.decisions.append(.init("account", id, because: "line \(line), before the header, names it"))
        } else if let a = columns.roles[.ownAccount] {
            let ids = Set(rows.map { String($0[a].trimmed) })
            if ids.count == 1, let id = SniffAccount.accountNumber(ids.first!) {
                sniff.accountIdentifier = id
                sniff.decisions.append(.init("account", id, because: "every row has it in column \(columns.name(a))"))
            }
        }
        sniff.preview = preview(rows, profile, columns, format)
        sniff.profile = profile
        return sniff
    }

    /// The text a `skip-row any is` names a row by: a balance word it holds (`SALDO
    /// INIZIALE`), else its first field that is neither a date nor an amount (a date would
    /// skip every row of that day); empty when it has none.
    static func skipText(_ r: SniffRecord) -> String {
        let fields = r.fields.map { String($0.trimmed) }.filter { !$0.isEmpty }
        if let word = fields.first(where: HeaderVocabulary.isBalanceRowWord) { return word }
        return fields.first { !SniffDates.isDate($0) && !SniffNumbers.isAmount($0) } ?? ""
    }

    /// True for a row with no date and no amount but text under the description: the bank
    /// writes a transaction's details on the lines under it.
    static func isDetailRow(_ r: SniffRecord, date: Int, money: [Int], description: [Int]) -> Bool {
        !money.isEmpty && r[date].trimmed.isEmpty && money.allSatisfy { r[$0].trimmed.isEmpty } && description.contains { !r[$0].trimmed.isEmpty }
    }

    static func describe(_ l: SniffColumns.Layout, _ c: SniffColumns) -> String {
        var parts: [String] = []
        switch l.money {
        case .signed(let a): parts.append("amount \(c.column(a))")
        case .debitCredit(let d, let cr): parts.append("debit \(c.column(d)), credit \(c.column(cr))")
        }
        if let i = l.indicator { parts.append("indicator \(c.column(i))") }
        if l.negate { parts.append("negate") }
        if let b = l.balance { parts.append("balance \(c.column(b))") }
        return parts.joined(separator: ", ")
    }

    private static func preview(_ rows: [SniffRecord], _ p: CSVProfile, _ c: SniffColumns, _ format: AmountFormat) -> [[String]] {
        rows.prefix(5).map { r in
            let date = c.roles[.date].map { String(r[$0].trimmed) } ?? ""
            let parsed = p.dateColumn != nil ? p.dateFormat.parse(date).map(\.description) ?? "?" : "?"
            let text = c.description.map { String(r[$0].trimmed) }.filter { !$0.isEmpty }.joined(separator: " ")
            return [String(r.line), parsed, text]
        }
    }

    /// `N26_Sample.csv` → `n26-sample`; digits-only parts (dates) are dropped.
    static func profileName(_ fileName: String) -> String {
        let stem = (fileName as NSString).deletingPathExtension.lowercased()
        let words = stem.split { !$0.isLetter && !$0.isNumber }.filter { !$0.allSatisfy(\.isNumber) }
        let name = words.joined(separator: "-").filter { $0.isASCII }
        return name.isEmpty ? "bank" : name
    }

    /// The header as `match-header` compares it: the names joined by the delimiter.
    static func matchText(_ header: [String], _ delimiter: UInt8) -> String {
        header.map { $0.replacingOccurrences(of: "\"", with: "") }.joined(separator: String(UnicodeScalar(delimiter)))
    }

    /// A glob for files named like this one, with runs of digits as `*`.
    static func fileGlob(_ fileName: String) -> String {
        var out = ""
        for ch in fileName.lowercased() {
            if ch.isNumber { if !out.hasSuffix("*") { out.append("*") } } else { out.append(ch) }
        }
        return out
    }
}
