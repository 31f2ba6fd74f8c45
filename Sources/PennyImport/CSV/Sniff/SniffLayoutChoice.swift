import PennyCore

/// Picks the amount layout the file proves, and names what it does not.
///
/// Evidence, strongest first: the running balance (a chain that agrees with the order of
/// the dates), a debit/credit mark column, two columns the header names money out and
/// money in, and — for one signed column with nothing else — the signs themselves when most
/// amounts are money out (negative). A column of mostly positive amounts with no other
/// evidence is a card export or an account seen from the bank's side: the sign is left
/// open (`signCount` lets a declared card account settle it, stated).
struct SniffLayoutChoice {
    let columns: SniffColumns
    let format: AmountFormat
    let dateFormat: DateFormat?
    /// The order the whole file runs in when the rows read cannot say (their dates all on
    /// one day) but the dates at the end of a larger file do (`SniffPass.orderByTail`).
    var orderHint: SniffBalance.Order = .unknown

    /// The rows as this layout reads them, or nil when a value does not read.
    func rows(_ l: SniffColumns.Layout) -> [SniffBalance.Row]? {
        let currency = columns.roles[.currency]
        let date = columns.roles[.date]
        var out: [SniffBalance.Row] = []
        for r in columns.rows {
            guard var amount = amount(r, l) else { return nil }
            if l.negate { amount = -amount }
            let balance = l.balance.flatMap { r[$0].trimmed.isEmpty ? nil : SniffNumbers.read(r[$0].trimmed, format) }
            let day = date.flatMap { d in dateFormat?.parse(r[d].trimmed) }
            out.append(.init(line: r.line, amount: amount, balance: balance, group: currency.map { String(r[$0].trimmed) } ?? "", date: day))
        }
        return out
    }

    private func amount(_ r: SniffRecord, _ l: SniffColumns.Layout) -> Int64? {
        switch l.money {
        case .signed(let a):
            guard let v = SniffNumbers.read(r[a].trimmed, format) else { return nil }
            guard let i = l.indicator else { return v }
            let mark = String(r[i].trimmed).uppercased()
            if mark.isEmpty, let blankIsDebit = l.blankIsDebit { return blankIsDebit ? -abs(v) : abs(v) }
            return CSVProfile.defaultDebitMarks.contains(mark) ? -abs(v) : abs(v)
        case .debitCredit(let d, let c):
            let dv = r[d].trimmed.isEmpty ? 0 : SniffNumbers.read(r[d].trimmed, format)
            let cv = r[c].trimmed.isEmpty ? 0 : SniffNumbers.read(r[c].trimmed, format)
            guard let dv, let cv else { return nil }
            return cv - abs(dv)
        }
    }

    /// The chosen layout (the first candidate when something stays open, for the profile
    /// a person edits), with decisions and ambiguities added to `sniff`.
    func choose(_ sniff: inout CSVSniff) -> SniffColumns.Layout? {
        if let placeholder = placeholderBalance() {
            sniff.decisions.append(
                .init(
                    "balance", "(none)",
                    because:
                        "\(columns.name(placeholder.column)) holds '\(placeholder.text)' on every row although the amounts move: a placeholder, not a running balance"
                ))
            return withoutBalanceColumn().choose(&sniff)
        }
        if let b = columns.layouts.compactMap(\.balance).first, columns.layouts.allSatisfy({ l in rows(l).map { SniffBalance.check($0) == .unchecked } ?? false }) {
            sniff.decisions.append(
                .init("balance", "(none)", because: "\(columns.name(b)) is on fewer than two rows, so no chain can prove a reading; the amounts are judged without it"))
            return withoutBalanceColumn().choose(&sniff)
        }
        guard let first = columns.layouts.first else { return nil }
        if columns.layouts.contains(where: { $0.balance != nil }) {
            return byBalance(first, &sniff)
        }
        if columns.needsProof {
            sniff.ambiguities.append(
                .init(
                    "columns", candidates: columns.layouts.map { CSVSniffer.describe($0, columns) }.uniqued(),
                    because: "the header does not name every column and no running balance proves a reading"))
            return first
        }
        if !columns.unreadMoney.isEmpty {
            if let agreed = SniffMoneyAgreement(choice: self).reading(&sniff) { return agreed }
            sniff.ambiguities.append(
                .init(
                    "amount column", candidates: columns.layouts.map { CSVSniffer.describe($0, columns) }.uniqued(),
                    because:
                        "the header also names \(columns.unreadMoney.map(columns.name).joined(separator: ", ")) as money, which no reading uses, and no running balance shows it can be left out"
                ))
            return first
        }
        return withoutBalance(first, &sniff)
    }

    /// The same choice with no balance column in any candidate.
    private func withoutBalanceColumn() -> SniffLayoutChoice {
        var plain = columns
        plain.layouts = columns.layouts.reduce(into: []) { kept, l in
            var l = l
            l.balance = nil
            if !kept.contains(l) { kept.append(l) }
        }
        var choice = SniffLayoutChoice(columns: plain, format: format, dateFormat: dateFormat)
        choice.orderHint = orderHint
        return choice
    }

    /// The balance column of every candidate when it holds one value on every row while
    /// some amount is not zero: no running balance stays still as money moves (Nordea's
    /// `999,99`), so it proves nothing and is left out. Nil for a real balance column.
    private func placeholderBalance() -> (column: Int, text: String)? {
        let balances = Set(columns.layouts.compactMap(\.balance))
        guard balances.count == 1, let b = balances.first, columns.rows.count > 1 else { return nil }
        let values = Set(columns.rows.map { SniffNumbers.read($0[b].trimmed, format) })
        guard values.count == 1, let only = values.first, only != nil else { return nil }
        let moves = columns.layouts.contains { l in rows(l)?.contains { $0.amount != 0 } ?? false }
        return moves ? (b, String(columns.rows[0][b].trimmed)) : nil
    }

    /// Only a chain that holds in the order the dates run proves a reading.
    private func byBalance(_ first: SniffColumns.Layout, _ sniff: inout CSVSniff) -> SniffColumns.Layout {
        var proven: [(layout: SniffColumns.Layout, amounts: [Int64], order: SniffBalance.Order, timing: SniffBalance.Timing, rows: Int)] = []
        var failure: String?
        for l in columns.layouts {
            guard let rows = rows(l) else { continue }
            let signFixed = l.indicator != nil || (columns.header != nil && { if case .debitCredit = l.money { true } else { false } }())
            switch SniffBalance.check(rows, signFixed: signFixed, orderHint: orderHint) {
            case .proven(let order, let timing, let n): proven.append((l, rows.map(\.amount), order, timing, n))
            case .failed(_, let detail): failure = failure ?? detail
            case .unchecked: failure = failure ?? "fewer than two rows carry a balance"
            }
        }
        guard let chosen = proven.first else {
            let candidates = columns.layouts.map { CSVSniffer.describe($0, columns) }
            sniff.ambiguities.append(
                .init(
                    "running balance", candidates: candidates.uniqued(),
                    because: "no reading of the amounts reproduces it in the order the dates run: \(failure ?? "the amounts cannot be read")"))
            return first
        }
        if proven.contains(where: { $0.amounts != chosen.amounts }) {
            sniff.ambiguities.append(
                .init(
                    "amount column", candidates: proven.map { CSVSniffer.describe($0.layout, columns) },
                    because: "\(proven.count) readings of the amounts all reproduce the running balance"))
            return chosen.layout
        }
        let hinted = orderHint != .unknown && Set(columns.rows.compactMap { r in columns.roles[.date].flatMap { dateFormat?.parse(r[$0].trimmed) } }).count <= 1
        let order =
            (chosen.order == .oldestFirst ? "oldest first" : "newest first")
            + (hinted ? ", as the dates at the end of the file say: the rows read are all on one day" : "")
        let reason =
            switch (chosen.order, chosen.timing) {
            case (.unknown, _):
                "the marks or column names give each sign, and the balance column chains on all \(chosen.rows) rows; the dates do not say which way the rows run, so it is not booked as a closing balance"
            case (_, .before):
                "they reproduce the running balance on all \(chosen.rows) rows (dates \(order)), where each balance is the one *before* its row; that column is not booked as a closing balance"
            case (_, .after):
                "they reproduce the running balance on all \(chosen.rows) rows (dates \(order), each balance after its row)"
            }
        // Penny's closing balances are after their row: another balance is not booked.
        var layout = chosen.layout
        if chosen.timing == .before { layout.balance = nil }
        sniff.decisions.append(.init("amounts", CSVSniffer.describe(layout, columns), because: reason))
        return layout
    }

    func withoutBalance(_ first: SniffColumns.Layout, _ sniff: inout CSVSniff) -> SniffColumns.Layout {
        let readable = columns.layouts.filter { !$0.negate }.compactMap { l in rows(l).map { (l, $0.map(\.amount)) } }
        guard let (chosen, amounts) = readable.first else { return first }
        switch chosen.money {
        case .debitCredit:
            if readable.count > 1, readable.contains(where: { $0.1 != amounts }), let (signed, proof) = signedDebit(readable.map(\.0)) {
                // One column written negative, the other positive: the negative one is money out.
                sniff.decisions.append(
                    .init(
                        "amounts", CSVSniffer.describe(signed, columns),
                        because:
                            "every value of \(columns.name(proof.debit)) is negative ('\(proof.debitText)', line \(proof.debitLine)) and every value of \(columns.name(proof.credit)) positive ('\(proof.creditText)', line \(proof.creditLine)): the negative column is money out"
                    ))
                return signed
            }
            if readable.count > 1, readable.contains(where: { $0.1 != amounts }) {
                // Name a cell of each column, so a person sees what could not be told apart.
                var cells: [String] = []
                if case .debitCredit(let d, let c) = chosen.money {
                    for j in [d, c] {
                        if let r = columns.rows.first(where: { !$0[j].trimmed.isEmpty && SniffNumbers.read($0[j].trimmed, format) != 0 }) {
                            cells.append("'\(r[j].trimmed)' in \(columns.name(j)), line \(r.line)")
                        }
                    }
                }
                sniff.ambiguities.append(
                    .init(
                        "debit and credit", candidates: readable.map { CSVSniffer.describe($0.0, columns) },
                        because:
                            "two columns of unsigned amounts\(cells.isEmpty ? "" : " (" + cells.joined(separator: "; ") + ")") and no header, balance or sign says which is money out"
                    ))
            } else {
                sniff.decisions.append(.init("amounts", CSVSniffer.describe(chosen, columns), because: "the header names the column of money out and of money in"))
            }
        case .signed where chosen.indicator != nil:
            sniff.decisions.append(.init("amounts", CSVSniffer.describe(chosen, columns), because: "each row's mark says money out or in"))
        case .signed:
            if let (negate, reason) = signByType(amounts) {
                var layout = chosen
                layout.negate = negate
                sniff.decisions.append(.init("amounts", CSVSniffer.describe(layout, columns), because: reason))
                return layout
            }
            let positive = amounts.filter { $0 > 0 }.count, negative = amounts.filter { $0 < 0 }.count
            sniff.signCount = .init(positive: positive, negative: negative)
            if negative > 0, negative >= positive {
                sniff.decisions.append(
                    .init(
                        "amounts", CSVSniffer.describe(chosen, columns),
                        because:
                            "read as written: \(negative) of \(amounts.count) amounts are negative, so money out is written negative (no running balance to check them against)"))
            } else {
                // More money in than out, with nothing else to go by: a card export writes
                // charges positive, so the file cannot say which it is.
                // The cell named is the chosen amount column's (a headerless file has no amount role).
                let amountColumn: Int? = { if case .signed(let a) = chosen.money { return a } else { return columns.roles[.amount] } }()
                let firstPositive = zip(columns.rows, amounts).first { $0.1 > 0 }.flatMap { pair in
                    amountColumn.map { (line: pair.0.line, text: pair.0[$0].trimmed) }
                }
                sniff.ambiguities.append(
                    .init(
                        "sign", candidates: ["(amounts as written)", "negate"],
                        because:
                            "\(positive) of \(amounts.count) amounts are positive\(firstPositive.map { " ('\($0.text)' on line \($0.line))" } ?? "") and nothing in the file (a running balance, a debit/credit mark, money-out and money-in columns, a type column's words) says whether they are money in or charges; a card account (type card) reads them as charges"
                    ))
            }
        }
        return chosen
    }

    /// The sign a type column's words prove (`LASTSCHRIFT` money out, `GUTSCHRIFT` money in):
    /// rows of both kinds, and every one of them signed the way its word says (as written),
    /// or every one the other way (negated). Nil when the words say nothing or disagree
    /// with the signs on some row: then they prove nothing.
    private func signByType(_ amounts: [Int64]) -> (negate: Bool, reason: String)? {
        guard let t = columns.roles[.type] else { return nil }
        var out: [(line: Int, text: Substring, amount: Int64)] = []
        var into: [(line: Int, text: Substring, amount: Int64)] = []
        for (r, amount) in zip(columns.rows, amounts) where amount != 0 {
            switch HeaderVocabulary.typeDirection(r[t]) {
            case .out?: out.append((r.line, r[t].trimmed, amount))
            case .in?: into.append((r.line, r[t].trimmed, amount))
            case nil: break
            }
        }
        guard let o = out.first, let i = into.first else { return nil }
        let asWritten = out.allSatisfy { $0.amount < 0 } && into.allSatisfy { $0.amount > 0 }
        let flipped = out.allSatisfy { $0.amount > 0 } && into.allSatisfy { $0.amount < 0 }
        guard asWritten || flipped else { return nil }
        let (outSign, inSign) = asWritten ? ("negative", "positive") : ("positive", "negative")
        let reason =
            "\(columns.name(t)) says money out on \(out.count) rows ('\(o.text)', line \(o.line)), all \(outSign), and money in on \(into.count) ('\(i.text)', line \(i.line)), all \(inSign)\(asWritten ? ": read as written" : ": every amount is negated")"
        return (flipped, reason)
    }

    /// Of two debit/credit readings, the one whose debit column holds only negative values
    /// and whose credit column only positive ones (a bank writing money out with its sign):
    /// the sign written in the cells says which side is which. Nil when the signs do not.
    private func signedDebit(_ layouts: [SniffColumns.Layout]) -> (
        SniffColumns.Layout, (debit: Int, credit: Int, debitLine: Int, debitText: Substring, creditLine: Int, creditText: Substring)
    )? {
        func written(_ j: Int) -> [(line: Int, text: Substring, value: Int64)]? {
            var out: [(line: Int, text: Substring, value: Int64)] = []
            for r in columns.rows where !r[j].trimmed.isEmpty {
                guard let v = SniffNumbers.read(r[j].trimmed, format) else { return nil }
                if v != 0 { out.append((r.line, r[j].trimmed, v)) }
            }
            return out
        }
        for l in layouts {
            guard case .debitCredit(let d, let c) = l.money, let dv = written(d), let cv = written(c),
                let firstDebit = dv.first, let firstCredit = cv.first,
                dv.allSatisfy({ $0.value < 0 }), cv.allSatisfy({ $0.value > 0 })
            else { continue }
            return (l, (d, c, firstDebit.line, firstDebit.text, firstCredit.line, firstCredit.text))
        }
        return nil
    }
}

extension Array where Element == String {
    /// The elements in order, each once.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
