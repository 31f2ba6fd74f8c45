import PennyCore

/// One sniff of one file, in named steps (`CSVSniffer.sniff` runs them in order): each
/// reads and adds to the profile and evidence built so far.
struct SniffPass {
    let fileName: String
    let head: [UInt8]
    let tail: [UInt8]?
    var isWhole: Bool { tail == nil }
    var profile: CSVProfile
    var sniff: CSVSniff
    var header: [String]?
    /// The transactions, the dated rows (balance and pending rows too), the texts of rows
    /// to skip, the rows of other text between transactions, and the text that ends the data.
    var rows: [SniffRecord] = []
    var dated: [SniffRecord] = []
    var skipTexts: [String] = []
    var between: [SniffRecord] = []
    var endText: String?
    /// The transaction-like rows of a larger file's tail (for the order its dates run in).
    var tailRows: [SniffRecord] = []
    var columns = SniffColumns(header: nil, rows: [])
    var format = AmountFormat(decimalMark: ".")
    var chosenMoney: [Int] = []

    init(head: [UInt8], tail: [UInt8]?, fileName: String) {
        self.head = head
        self.tail = tail
        self.fileName = fileName
        profile = CSVProfile(name: CSVSniffer.profileName(fileName), location: SourceLocation(file: "sniffed"))
        sniff = CSVSniff(profile: profile)
    }

    /// The sniff as it stands, its profile included.
    var result: CSVSniff {
        var done = sniff
        done.profile = profile
        return done
    }

    /// A file that does not end with a line end may have been cut inside its last row: that
    /// row is never taken for a trailer (the import then refuses or warns about it).
    var endsCut: Bool { (tail ?? head).last.map { $0 != 0x0A && $0 != 0x0D } ?? false }

    /// The encoding, the delimiter and quoting, and the header; nil when no table is found.
    mutating func findTable() -> SniffTable? {
        let encoding = SniffEncoding.decide(head, isWholeFile: isWhole)
        profile.encoding = encoding.encoding
        sniff.decisions.append(encoding.decision)
        let text = encoding.text
        let table: SniffTable
        do {
            table = try SniffTable.find(text, isWholeFile: isWhole)
        } catch {
            switch error {
            case .malformed(let line):
                sniff.ambiguities.append(.init("quotes", candidates: [], because: "line \(line) has a quote that neither strict, backslash nor lenient quoting reads"))
            case .noTransactions(let cell):
                sniff.ambiguities.append(
                    .init("rows", candidates: [], because: "no row holds both a date and an amount, whichever of , ; tab | splits it" + (cell.map { ": \($0)" } ?? "")))
            }
            return nil
        }
        sniff.decisions += table.decisions
        profile.delimiter = table.delimiter
        profile.quoting = table.quoting
        profile.headerLines = table.headerLines
        header = table.header.map { table.records[$0].fields }
        sniff.header = header ?? []
        sniff.decisions.append(
            .init(
                "header", "header-lines \(profile.headerLines)",
                because: header == nil
                    ? "the first row already holds a date and an amount: the file has no header"
                    : "line \(table.records[table.header!].line) names the columns\(table.header! > 0 ? " after \(table.header!) preamble line(s)" : "")"))
        return table
    }

    /// Rows: transactions, balance rows, and rows that are not data at all (skipped, detail
    /// rows of the one above, or the end of the data).
    mutating func sortRows(_ table: SniffTable) {
        let endsCut = self.endsCut
        // From the row after the header: an opening-balance line may sit before the first data row.
        let bodyStart = table.header.map { $0 + 1 } ?? table.firstData
        let body = Array(table.records[bodyStart...].filter { !$0.isBlank }.prefix(CSVSniffer.maxRows))
        let lastDataLike = body.lastIndex(where: SniffTable.isDataLike) ?? 0
        // A file that does not end with a line end may have been cut inside its last row:
        // that row is never taken for a trailer (the import then refuses or warns about it).
        for (i, r) in body.enumerated() {
            if !SniffTable.isDataLike(r) {
                let text = CSVSniffer.skipText(r)
                if i > lastDataLike {
                    // A row shaped like the transactions, with its date where theirs is, is a
                    // transaction whose amount does not read: the import refuses it at its
                    // line; it never ends the data (that dropped it with exit 0).
                    let cutShort = endsCut && isWhole && i == body.count - 1
                    if endText == nil, !text.isEmpty, !cutShort, !SniffTable.isTransactionShaped(r, like: body[lastDataLike]) { endText = text }
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
    }

    /// An end marker in the tail of a file larger than the head.
    mutating func findEndInTail(_ table: SniffTable) {
        if let tail, let cut = tail.firstIndex(of: 0x0A) {
            let tailBytes = Array(tail[(cut + 1)...])
            // The tail is read as the head is when one byte is one character (it may have no high byte).
            let tailText =
                profile.encoding.isSingleByte ? SniffEncoding.utf8(tailBytes, from: profile.encoding) : SniffEncoding.decide(tailBytes, isWholeFile: true).text
            if let records = try? SniffTokenizer.records(tailText, delimiter: table.delimiter, quoting: table.quoting, isWholeFile: true) {
                let nonBlank = records.filter { !$0.isBlank }
                tailRows = nonBlank.filter(SniffTable.isDataLike)
                if endText == nil, let last = nonBlank.lastIndex(where: SniffTable.isDataLike), last + 1 < nonBlank.count,
                    !SniffTable.isTransactionShaped(nonBlank[last + 1], like: nonBlank[last]), !(endsCut && last + 2 == nonBlank.count)
                {
                    endText = nonBlank[last + 1].fields.first { !$0.trimmed.isEmpty }.map { String($0.trimmed) }
                }
            }
        }
    }

    /// The order the file runs in by the dates at its end against those read, for a file
    /// larger than the head whose rows read all fall on one day (a busy account's export):
    /// `.unknown` unless every date at the end is later (or every one earlier) than all of
    /// them.
    func orderByTail(dateFormat: DateFormat?) -> SniffBalance.Order {
        guard let d = columns.roles[.date], let dateFormat else { return .unknown }
        let read = rows.compactMap { dateFormat.parse($0[d].trimmed) }
        let end = tailRows.compactMap { d < $0.fields.count ? dateFormat.parse($0[d].trimmed) : nil }
        guard let first = read.min(), let last = read.max(), let endFirst = end.min(), let endLast = end.max() else { return .unknown }
        if endFirst > last { return .oldestFirst }
        if endLast < first { return .newestFirst }
        return .unknown
    }

    /// Rows the bank lists but has not booked (a status column saying pending).
    mutating func skipNotBooked(_ table: SniffTable) {
        columns = SniffColumns(header: header, rows: rows)
        columns.headerLine = table.header.map { table.records[$0].line }
        // Rows the bank lists but has not booked (a status column saying pending).
        if let header, let s = header.indices.first(where: { HeaderVocabulary.roles(for: header[$0]).contains { $0.role == .status && $0.score == 3 } }) {
            let notBooked = Set(rows.map { String($0[s].trimmed) }.filter { HeaderVocabulary.notBookedStatuses.contains(TextKey.fold($0)) })
            let unknown = Set(rows.map { String($0[s].trimmed) }).filter { !HeaderVocabulary.isKnownStatus($0) }
            if !notBooked.isEmpty || !unknown.isEmpty, let odd = unknown.sorted().first, let line = rows.first(where: { $0[s].trimmed == odd })?.line {
                // A status Penny does not know beside others: booked or not is not said.
                sniff.ambiguities.append(
                    .init(
                        "status", candidates: ["skip-row \(columns.reference(s)) is \(odd)", "(import those rows)"],
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
    }

    /// The end marker, when it surely ends the data.
    mutating func markEnd() {
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
    }

    /// The columns' roles, the header's width against the rows' decided first.
    mutating func readColumns(_ table: SniffTable) {
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
    }

    /// The date column's format.
    mutating func readDates() {
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
    }

    /// The decimal mark, then the amount layout the evidence proves.
    mutating func readAmounts() {
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
        var choice = SniffLayoutChoice(columns: columns, format: format, dateFormat: dateFormat)
        choice.orderHint = orderByTail(dateFormat: dateFormat)
        if let layout = choice.choose(&sniff) {
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
    }

    /// A row passed over as "not a transaction" must not be one the layout cannot read.
    mutating func checkPassedOver() {
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
    }

    /// Rows between transactions with text under the description and no date or amount
    /// are the details of the transaction above; the others (a repeated header, a page
    /// footer) are skipped.
    mutating func joinDetailsAndSkip() {
        // Rows between transactions with text under the description and no date or amount
        // are the details of the transaction above; the others (a repeated header, a page
        // footer) are skipped.
        let details = columns.roles[.date].map { d in between.filter { CSVSniffer.isDetailRow($0, date: d, money: chosenMoney, description: columns.description) } } ?? []
        if !details.isEmpty {
            profile.joinsDetailRows = true
            let kept = Set(between.filter { !details.contains($0) }.map(CSVSniffer.skipText))
            let joined = Set(details.map(CSVSniffer.skipText)).subtracting(kept)
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
    }

    /// The other columns' roles and what matches the profile to files like this one.
    mutating func fillRoles() {
        profile.descriptionColumns = columns.description.map(columns.reference)
        profile.currencyColumn = columns.roles[.currency].map(columns.reference)
        profile.payeeColumn = columns.roles[.payee].map(columns.reference)
        profile.counterpartyColumn = nil
        profile.idColumn = columns.roles[.id].map(columns.reference)
        profile.typeColumn = columns.roles[.type].map(columns.reference)
        profile.memoColumn = columns.roles[.memo].map(columns.reference)
        profile.ibanColumn = columns.roles[.iban].map(columns.reference)
        if header != nil { profile.headerMatches = [CSVSniffer.matchText(header!, profile.delimiter)] } else { profile.fileGlobs = [CSVSniffer.fileGlob(fileName)] }
    }

    /// The own account: named before the header, or the one value of an account column.
    mutating func findAccount(_ table: SniffTable) {
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
        sniff.preview = CSVSniffer.preview(rows, profile, columns, format)
    }
}
