import PennyCore

/// Which column holds what: by header words when the file has a header, by content when
/// it has none. Every choice is checked against the values the column holds.
struct SniffColumns {
    var roles: [ColumnRole: Int] = [:]
    /// Candidate amount layouts, most likely first; the running balance picks among them.
    var layouts: [Layout] = []
    var decisions: [CSVSniff.Decision] = []
    var ambiguities: [CSVSniff.Ambiguity] = []
    var description: [Int] = []
    /// True when only a running balance may prove the reading (the header could not be used).
    var needsProof = false
    /// Columns the header names as money that no layout reads (`Amount Out` beside `Amount`).
    var unreadMoney: [Int] = []
    /// The line the header is on (for messages).
    var headerLine: Int?
    /// For a role the header names but whose column does not hold it: the first cell that
    /// does not (`Betrag` with `EUR` on a row one cell short), for the message.
    var misfits: [ColumnRole: (column: Int, line: Int, text: String)] = [:]

    /// Where the money is and how it is signed.
    struct Layout: Equatable {
        enum Money: Equatable {
            case signed(Int)
            case debitCredit(debit: Int, credit: Int)
        }
        var money: Money
        var negate = false
        var indicator: Int?
        /// For an indicator column that marks only one kind of row (`CR` on payments, blank
        /// on charges): true when a blank cell is money out, false when it is money in.
        var blankIsDebit: Bool?
        var balance: Int?
    }

    let rows: [SniffRecord]
    let header: [String]?
    let width: Int

    init(header: [String]?, rows: [SniffRecord]) {
        self.header = header
        self.rows = rows
        self.width = max(header?.count ?? 0, rows.map(\.fields.count).max() ?? 0)
    }

    func values(_ j: Int) -> [(line: Int, text: String)] { rows.map { (line: $0.line, text: $0[j]) } }

    func name(_ j: Int) -> String {
        if let header, j < header.count, !header[j].trimmed.isEmpty { return "\"\(header[j].trimmed)\"" }
        return "column \(j + 1)"
    }

    // MARK: Content tests

    func isDateColumn(_ j: Int) -> Bool {
        let v = values(j)
        guard v.allSatisfy({ !$0.text.trimmed.isEmpty }) else { return false }
        if case .unreadable = SniffDates.decide(v, column: "") { return false }
        return true
    }

    func isAmountColumn(_ j: Int) -> Bool {
        let v = values(j)
        return !v.isEmpty && v.allSatisfy { SniffNumbers.isAmount($0.text) && !SniffDates.isDate($0.text) }
    }

    func isSparseMoney(_ j: Int) -> Bool {
        let v = values(j)
        return v.contains { !$0.text.trimmed.isEmpty } && v.allSatisfy { $0.text.trimmed.isEmpty || (SniffNumbers.isAmount($0.text) && !SniffDates.isDate($0.text)) }
    }

    func isCurrencyColumn(_ j: Int) -> Bool {
        let v = values(j)
        return !v.isEmpty
            && v.allSatisfy { t in
                let s = t.text.trimmed; return SniffCurrencyCodes.contains(s)
            }
    }

    func isIndicatorColumn(_ j: Int) -> Bool {
        let marks = Set((CSVProfile.defaultDebitMarks + CSVProfile.defaultCreditMarks).map { $0.uppercased() })
        let v = values(j).map { String($0.text.trimmed).uppercased() }
        return !v.isEmpty && v.allSatisfy { marks.contains($0) } && Set(v).count <= 2 && v.contains { $0.count > 0 && !["-", "+"].contains($0) }
    }

    /// Every value a bare `+` or `-`, both present.
    func isSignMarkColumn(_ j: Int) -> Bool {
        let v = Set(values(j).map { String($0.text.trimmed) })
        return v == ["+", "-"]
    }

    /// A column that marks only some rows, always with the same debit or credit word
    /// (`CR` beside a card's payments): true when the blank rows are money out (the mark is
    /// a credit mark), false when they are money in, nil when it is no such column.
    func blankMeansDebit(_ j: Int) -> Bool? {
        let v = values(j).map { String($0.text.trimmed).uppercased() }
        let marked = Set(v.filter { !$0.isEmpty })
        guard marked.count == 1, v.contains(""), let mark = marked.first, mark.count > 1 || mark.first!.isLetter else { return nil }
        if CSVProfile.defaultCreditMarks.contains(mark) { return true }
        if CSVProfile.defaultDebitMarks.contains(mark) { return false }
        return nil
    }

    func isTextColumn(_ j: Int) -> Bool {
        let v = values(j).map { String($0.text.trimmed) }
        return v.contains { !$0.isEmpty } && v.contains { $0.contains(where: \.isLetter) }
    }

    func fits(_ role: ColumnRole, _ j: Int) -> Bool {
        switch role {
        case .date, .valueDate: isDateColumn(j)
        case .amount: isAmountColumn(j)
        // A named side of a pair may be empty in every row read (a file of withdrawals only).
        case .debit, .credit: isSparseMoney(j) || values(j).allSatisfy { $0.text.trimmed.isEmpty }
        case .balance: isSparseMoney(j)
        case .currency: isCurrencyColumn(j)
        // Named as the sign (`Sign`, `+/-`), a column of bare `+` and `-` marks is one too.
        case .indicator: isIndicatorColumn(j) || isSignMarkColumn(j)
        case .description, .payee, .memo, .type, .status: isTextColumn(j) || values(j).allSatisfy { $0.text.trimmed.isEmpty }
        case .id, .iban, .ownAccount: true
        }
    }

    /// The first cell of column `j` that keeps it from holding `role` (a date, an amount, money out or in).
    func misfit(_ role: ColumnRole, _ j: Int) -> (line: Int, text: String)? {
        let bad: (String) -> Bool
        switch role {
        case .date, .valueDate: bad = { $0.trimmed.isEmpty || !SniffDates.isDate($0) }
        case .amount: bad = { !SniffNumbers.isAmount($0) || SniffDates.isDate($0) }
        case .debit, .credit, .balance: bad = { !$0.trimmed.isEmpty && (!SniffNumbers.isAmount($0) || SniffDates.isDate($0)) }
        default: return nil
        }
        return values(j).first { bad($0.text) }.map { (line: $0.line, text: String($0.text.trimmed)) }
    }

    /// Why a column the header names for `role` was not taken, naming the cell; nil when
    /// the header names none, or the column was taken.
    func misfitReason(_ role: ColumnRole, as what: String) -> String? {
        guard roles[role] == nil, let m = misfits[role] else { return nil }
        let row = rows.first { $0.line == m.line }
        let width = row.map { r in header.map { h in r.fields.count != h.count ? " (that row has \(r.fields.count) fields, the header \(h.count))" : "" } ?? "" } ?? ""
        let text = m.text.isEmpty ? "nothing" : "'\(m.text)'"
        return "the header names \(name(m.column)) (column \(m.column + 1)) as \(what), but line \(m.line) has \(text) there, which is not \(what)\(width)"
    }

    /// The header as a message names it: its line.
    var headerText: String {
        guard let headerLine, let header else { return "" }
        let names = header.map { String($0.trimmed) }.filter { !$0.isEmpty }
        let shown = names.prefix(6).map { "'\($0.count > 30 ? String($0.prefix(30)) + "…" : $0)'" }.joined(separator: ", ")
        return " (the header is line \(headerLine): \(shown)\(names.count > 6 ? ", …" : ""))"
    }

    // MARK: Assignment

    mutating func assign() {
        if let header { assignByHeader(header) } else { assignByContent() }
    }

    /// Gives `role` the first of `candidates` that is free and holds it, with the reason;
    /// nil (and the first misfit cell noted) when none does.
    mutating func take(_ role: ColumnRole, _ candidates: [Int], why: String) -> Int? {
        guard let j = candidates.first(where: { roles.values.contains($0) == false && fits(role, $0) }) else {
            if let j = candidates.first(where: { !roles.values.contains($0) }), let cell = misfit(role, j) { misfits[role] = (j, cell.line, cell.text) }
            return nil
        }
        roles[role] = j
        decisions.append(.init(role.rawValue, name(j), because: why))
        return j
    }

    private mutating func assignByContent() {
        let dates = (0..<width).filter { isDateColumn($0) }
        guard let date = dates.first else {
            ambiguities.append(.init("date column", candidates: [], because: "the file has no header and no column holds only dates"))
            return
        }
        roles[.date] = date
        decisions.append(
            .init("booking date", name(date), because: dates.count > 1 ? "no header; the first of \(dates.count) columns of dates" : "no header; the only column of dates"))
        if dates.count > 1 { roles[.valueDate] = dates[1] }
        if let i = (0..<width).first(where: { !dates.contains($0) && isIndicatorColumn($0) }) {
            roles[.indicator] = i
            decisions.append(.init("indicator", name(i), because: "no header; every value is a debit or credit mark"))
        }
        if let c = (0..<width).first(where: { !dates.contains($0) && isCurrencyColumn($0) }) { roles[.currency] = c }
        var money = (0..<width).filter {
            !dates.contains($0) && !roles.values.contains($0) && isSparseMoney($0)
                && !values($0).filter({ !$0.text.trimmed.isEmpty }).allSatisfy { SniffNumbers.isPlainInteger($0.text) }
        }
        if money.isEmpty {
            money = (0..<width).filter { !dates.contains($0) && isAmountColumn($0) && Set(values($0).map(\.text)).count == rows.count }
        }
        // Each row fills one of the two; the other is empty or a zero (SunTrust's `0,500.00`).
        func unfilled(_ r: SniffRecord, _ j: Int) -> Bool {
            let t = r[j].trimmed
            return t.isEmpty || (t.allSatisfy { $0 == "0" || $0 == "." || $0 == "," } && t.first == "0")
        }
        func sparsePair(_ a: Int, _ b: Int) -> Bool {
            rows.allSatisfy { unfilled($0, a) != unfilled($0, b) }
        }
        let full = money.filter { j in values(j).allSatisfy { !$0.text.trimmed.isEmpty } }
        switch money.count {
        case 1 where full.count == 1:
            layouts = [Layout(money: .signed(money[0]), indicator: roles[.indicator])]
        case 2 where sparsePair(money[0], money[1]):
            layouts = [money[0], money[1]].permutations2.map { Layout(money: .debitCredit(debit: $0.0, credit: $0.1)) }
        case 2 where full.count == 2:
            layouts = [(money[0], money[1]), (money[1], money[0])].flatMap { (a, b) in
                [Layout(money: .signed(a), indicator: roles[.indicator], balance: b), Layout(money: .signed(a), negate: true, indicator: roles[.indicator], balance: b)]
            }
        case 3 where sparsePair(money[0], money[1]) && full.contains(money[2]):
            layouts = [money[0], money[1]].permutations2.map { Layout(money: .debitCredit(debit: $0.0, credit: $0.1), balance: money[2]) }
        default:
            ambiguities.append(
                .init(
                    "amount column", candidates: money.map { "amount \(column($0))" },
                    because: "the file has no header and \(money.count) columns hold numbers in a way that names no amount"))
        }
        if let text = longestText() { description = [text] }
    }

    /// The text column with the longest values on average (the bank's description).
    func longestText() -> Int? {
        let used = Set(roles.values)
        return (0..<width).filter { !used.contains($0) && isTextColumn($0) && !isCurrencyColumn($0) && !isIndicatorColumn($0) }
            .max { a, b in
                let la = values(a).reduce(0) { $0 + $1.text.count }, lb = values(b).reduce(0) { $0 + $1.text.count }
                return la < lb || (la == lb && a > b)
            }
    }

    /// The column as a profile writes it: by header name when that name is unique, else by number.
    func column(_ j: Int) -> String { reference(j).description }

    func reference(_ j: Int) -> CSVProfile.Column {
        guard let header, j < header.count else { return .index(j + 1) }
        let name = String(header[j].trimmed)
        let key = TextKey.fold(name)
        guard !name.isEmpty, !name.contains("\""), header.filter({ TextKey.fold($0.trimmed) == key }).count == 1 else { return .index(j + 1) }
        return .header(name)
    }
}

extension Array where Element == Int {
    /// Both orders of a pair.
    fileprivate var permutations2: [(Int, Int)] { [(self[0], self[1]), (self[1], self[0])] }
}
