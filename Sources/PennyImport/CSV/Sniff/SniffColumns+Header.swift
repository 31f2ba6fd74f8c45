import PennyCore

/// The roles of a file with a header: the columns its words name, each checked against the
/// values it holds, then the amount layout they make.
extension SniffColumns {
    /// Assigns the roles the header names, the date and amount content alone can tell when
    /// it names none, an unnamed indicator column, the layouts and the description.
    mutating func assignByHeader(_ header: [String]) {
        takeNamedRoles(Self.namedCandidates(header))
        takeOnlyDateColumn()
        if roles[.date] == nil, let v = roles[.valueDate] {
            // The only date the bank gives is the value date (`Date de valeur`): it is the date.
            roles[.valueDate] = nil
            roles[.date] = v
            decisions.append(.init(ColumnRole.date.rawValue, name(v), because: "the file's only date is the value date"))
        }
        var layout = headerLayout()
        addUnnamedIndicator(to: &layout)
        if let layout { keep(layout, header: header) }
        description = [roles[.payee], roles[.description]].compactMap { $0 }
        if description.isEmpty, let memo = roles[.memo] { description = [memo] }
        if description.isEmpty, let text = longestText() { description = [text] }
    }

    /// Each role's columns by header word, with their scores. An exact name earlier in the
    /// vocabulary ranks first ("Description" before "Details"). A name that is exactly some
    /// role's is not also a partial match for another's (`Amount In` is money in, not the
    /// amount).
    private static func namedCandidates(_ header: [String]) -> [ColumnRole: [(Int, Int)]] {
        var byRole: [ColumnRole: [(Int, Int)]] = [:]
        for (j, h) in header.enumerated() {
            let named = HeaderVocabulary.roles(for: h)
            let best = named.map(\.score).max() ?? 0
            for (role, score) in named where score == best {
                let rank = HeaderVocabulary.words[role]?.firstIndex(of: HeaderVocabulary.normalize(h)) ?? 99
                byRole[role, default: []].append((j, score * 100 - rank))
            }
        }
        return byRole
    }

    /// Takes each role, in a fixed order, for its best-ranked column that holds it.
    private mutating func takeNamedRoles(_ byRole: [ColumnRole: [(Int, Int)]]) {
        let order: [ColumnRole] = [
            .status, .date, .valueDate, .currency, .indicator, .amount, .debit, .credit, .balance, .payee, .description, .id, .type, .memo, .iban, .ownAccount,
        ]
        for role in order {
            let ranked = (byRole[role] ?? []).sorted { ($0.1, -$0.0) > ($1.1, -$1.0) }.map(\.0)
            if ranked.isEmpty { continue }
            let exact = ((byRole[role] ?? []).first { $0.0 == ranked.first }?.1 ?? 0) > 200
            _ = take(role, ranked, why: exact ? "its header names the \(role.rawValue)" : "its header contains a word for the \(role.rawValue)")
        }
    }

    /// With no date named, the only free column of dates is the date.
    private mutating func takeOnlyDateColumn() {
        guard roles[.date] == nil else { return }
        let dates = (0..<width).filter { !roles.values.contains($0) && isDateColumn($0) }
        if dates.count == 1 { _ = take(.date, dates, why: "no header names a date, and it is the only column that holds dates") }
    }

    /// The amount layout the named roles make: an amount, or debit and credit; else the only
    /// column of amounts. Nil, with the ambiguity said, when they make none.
    private mutating func headerLayout() -> Layout? {
        if let a = roles[.amount] {
            return Layout(money: .signed(a), indicator: roles[.indicator], balance: roles[.balance])
        }
        if let d = roles[.debit], let c = roles[.credit], isSparseMoney(d) || isSparseMoney(c) {
            return Layout(money: .debitCredit(debit: d, credit: c), balance: roles[.balance])
        }
        if let one = roles[.debit] ?? roles[.credit] {
            let (has, lacks) = roles[.debit] != nil ? ("money out", "money in") : ("money in", "money out")
            let other = misfitReason(roles[.debit] != nil ? .credit : .debit, as: "an amount").map { ": \($0)" } ?? ""
            ambiguities.append(
                .init(
                    "debit and credit", candidates: [],
                    because: "the header names \(name(one)) as \(has) but no column as \(lacks)\(other); reading one of the two would lose the other")
            )
            return nil
        }
        return onlyAmountColumn()
    }

    /// With no amount named: the only free column of amounts (not of plain integers), or nil
    /// with the ambiguity said.
    private mutating func onlyAmountColumn() -> Layout? {
        let money = (0..<width).filter {
            !roles.values.contains($0) && isAmountColumn($0) && !values($0).filter({ !$0.text.trimmed.isEmpty }).allSatisfy { SniffNumbers.isPlainInteger($0.text) }
        }
        if money.count == 1 {
            roles[.amount] = money[0]
            decisions.append(.init("amount", name(money[0]), because: "no header names an amount, and it is the only column of amounts"))
            return Layout(money: .signed(money[0]), indicator: roles[.indicator], balance: roles[.balance])
        }
        let misfit = misfitReason(.amount, as: "an amount") ?? misfitReason(.debit, as: "an amount") ?? misfitReason(.credit, as: "an amount")
        ambiguities.append(
            .init(
                "amount column", candidates: money.map { "amount \(column($0))" },
                because: misfit
                    ?? (money.isEmpty
                        ? "no header names an amount, or debit and credit\(headerText)" : "no header names an amount and \(money.count) columns hold numbers")))
        return nil
    }

    /// A signed amount with no indicator takes a column of marks the header does not name
    /// (an unnamed column of `CR`s), or one that marks only some rows.
    private mutating func addUnnamedIndicator(to layout: inout Layout?) {
        guard var signed = layout, case .signed = signed.money, signed.indicator == nil else { return }
        let free = (0..<width).filter { !roles.values.contains($0) }
        if let j = free.first(where: { isIndicatorColumn($0) }) {
            signed.indicator = j
            decisions.append(.init("indicator", name(j), because: "every value is a debit or credit mark"))
            layout = signed
        } else if let (j, blankIsDebit) = free.compactMap({ j in blankMeansDebit(j).map { (j, $0) } }).first,
            let marked = values(j).first(where: { !$0.text.trimmed.isEmpty })
        {
            signed.indicator = j
            signed.blankIsDebit = blankIsDebit
            decisions.append(
                .init(
                    "indicator", name(j),
                    because: "it marks some rows '\(marked.text.trimmed)' (line \(marked.line)) and no others, so the unmarked rows are money \(blankIsDebit ? "out" : "in")"))
            layout = signed
        }
    }

    /// Keeps `layout` (and, for a signed amount with no indicator, its negation), with the
    /// money columns it leaves unread.
    private mutating func keep(_ layout: Layout, header: [String]) {
        var used = Set([layout.balance].compactMap { $0 })
        switch layout.money {
        case .signed(let a): used.insert(a)
        case .debitCredit(let d, let c): used.formUnion([d, c])
        }
        unreadMoney = unread(header, used: used, amount: roles[.amount])
        layouts = [layout]
        if case .signed = layout.money, layout.indicator == nil {
            var negated = layout
            negated.negate = true
            layouts.append(negated)
        }
    }

    /// Columns the header names as money (`Amount Out`, `Сумма в рублях`) that hold money
    /// and that no reading uses. Beside an amount named as in the account's currency
    /// (`Сумма в валюте счета`), other amounts are in the transaction's: not money unread.
    private mutating func unread(_ header: [String], used: Set<Int>, amount: Int?) -> [Int] {
        let money = header.indices.filter { j in
            !used.contains(j) && Self.namesMoney(header[j]) && isSparseMoney(j)
                && values(j).contains { SniffNumbers.read($0.text.trimmed, .init(decimalMark: ".")) ?? SniffNumbers.read($0.text.trimmed, .init(decimalMark: ",")) ?? 0 != 0 }
        }
        // `Amount Currency` beside `Amount` (Odoo): the transaction currency's figure.
        let foreign = money.filter { HeaderVocabulary.transactionCurrencyAmounts.contains(HeaderVocabulary.normalize(header[$0])) }
        if amount != nil, !foreign.isEmpty {
            for j in foreign { decisions.append(.init("other currency", name(j), because: "its header names the amount in the transaction's own currency")) }
            return money.filter { !foreign.contains($0) }
        }
        guard let amount, HeaderVocabulary.accountCurrencyAmounts.contains(HeaderVocabulary.normalize(header[amount])) else { return money }
        let otherCurrency = money.filter { j in HeaderVocabulary.roles(for: header[j]).contains { $0.role == .amount } }
        for j in otherCurrency {
            decisions.append(.init("other currency", name(j), because: "\(name(amount)) is the amount in the account's currency; this one is in the transaction's"))
        }
        return money.filter { !otherCurrency.contains($0) }
    }

    /// A header naming money out or in, or an amount: exactly, or by a word when the header
    /// is not exactly some other role's name (`Data valor` is a value date).
    private static func namesMoney(_ header: String) -> Bool {
        let named = HeaderVocabulary.roles(for: header)
        let exact = named.contains { $0.score == 3 }
        return named.contains { [.debit, .credit].contains($0.role) || ($0.role == .amount && ($0.score == 3 || !exact)) }
    }
}
