import PennyCore

/// Checks a guess against the file's own running balance, row by row.
///
/// The bank's balance column is the one figure the file proves itself with: if each
/// balance follows from its neighbour and a row's amount, the columns, the decimal mark and
/// the sign were understood. A chain proves a sign only together with the order of the rows
/// and whether the balance is after or before its row — and the same numbers fit two
/// stories (a balance *after* each row read oldest first is, equation for equation, a
/// balance *before* each row read newest first with every sign flipped). So the story must
/// also agree with the order the dates run in; a chain that needs the other order is a
/// contradiction, not a proof.
enum SniffBalance {
    /// The order the rows are listed in, by their dates.
    enum Order: Equatable {
        case oldestFirst
        case newestFirst
        /// Every date is the same, or the dates go both ways: the dates do not say.
        case unknown
    }

    /// Whether a row's balance includes the row.
    enum Timing: Equatable {
        case after
        case before
    }

    enum Outcome: Equatable {
        /// The chain holds over `rows` rows, in the order the dates run, with this timing.
        case proven(Order, Timing, rows: Int)
        /// No story of the chain agrees with the amounts (or with the order of the dates).
        case failed(line: Int, detail: String)
        /// Nothing to check (no balance, or too few rows with one).
        case unchecked
    }

    struct Row {
        var line: Int
        var amount: Int64
        var balance: Int64?
        var group: String
        var date: LocalDate?
    }

    /// The order the dates run in: one way at least twice as often as the other (a late
    /// booking, a value date, a typo); `.unknown` when they do not lean one way.
    static func order(_ dates: [LocalDate?]) -> Order {
        let known = dates.compactMap { $0 }
        var up = 0
        var down = 0
        for (a, b) in zip(known, known.dropFirst()) where a != b {
            if a < b { up += 1 } else { down += 1 }
        }
        if up > 0, up >= 2 * down { return .oldestFirst }
        if down > 0, down >= 2 * up { return .newestFirst }
        return .unknown
    }

    /// Whether the balances follow from the amounts, per currency group, in the order the
    /// dates run. Every row must carry a balance: a row outside the chain is a row unproven.
    ///
    /// `signFixed`: the amounts' signs come from marks or named money-out/money-in columns,
    /// so the chain checks only the columns; then undated order is no obstacle (the chain
    /// may run either way, and the balance's timing is left unsaid: `.before`, not booked).
    static func check(_ rows: [Row], signFixed: Bool = false, orderHint: Order = .unknown) -> Outcome {
        if let missing = rows.first(where: { $0.balance == nil }) {
            return .failed(line: missing.line, detail: "line \(missing.line) has no balance, so the chain cannot prove its amount")
        }
        let dated = order(rows.map(\.date))
        // Rows all on one day say nothing; a larger file's later rows may (`orderHint`).
        let order = dated == .unknown && Set(rows.compactMap(\.date)).count <= 1 ? orderHint : dated
        var groups: [String: [Row]] = [:]
        for row in rows { groups[row.group, default: []].append(row) }
        if order == .unknown, signFixed {
            let chains = groups.values.filter { $0.count > 1 }
            let runs = [Order.oldestFirst, .newestFirst].filter { o in !chains.isEmpty && chains.allSatisfy { breakIn($0, order: o, timing: .after) == nil } }
            if !runs.isEmpty { return .proven(.unknown, .before, rows: rows.count) }
        }
        var checked = 0
        var timing: Timing?
        for (_, g) in groups.sorted(by: { $0.key < $1.key }) where g.count > 1 {
            let fits = [Timing.after, .before].filter { breakIn(g, order: order, timing: $0) == nil }
            // Both fit only when every amount is the same: the sign is proven, the timing not.
            let t: Timing = fits.count == 2 ? .before : fits.first ?? .after
            guard !fits.isEmpty, order != .unknown, timing == nil || timing == t else {
                return .failed(line: g[1].line, detail: failure(g, order: order))
            }
            timing = t
            checked += g.count
        }
        guard let timing else { return .unchecked }
        return .proven(order, timing, rows: checked)
    }

    /// Why no story fits: the after-row chain's first break, or the order that contradicts it.
    private static func failure(_ g: [Row], order: Order) -> String {
        if order == .unknown {
            return "the dates (lines \(g[0].line)–\(g[g.count - 1].line)) do not say whether the rows run oldest or newest first, so the chain proves no sign"
        }
        let (i, prev) = breakIn(g, order: order, timing: .after) ?? (1, 0)
        let other: Order = order == .oldestFirst ? .newestFirst : .oldestFirst
        if breakIn(g, order: other, timing: .after) == nil || breakIn(g, order: other, timing: .before) == nil {
            let (dates, chain) = order == .oldestFirst ? ("oldest", "newest") : ("newest", "oldest")
            return
                "the balances chain only if the rows ran \(chain) first, but the dates run \(dates) first (lines \(g[0].line)–\(g[g.count - 1].line)): a contradiction, not a proof"
        }
        return "balance \(money(g[i].balance!)) on line \(g[i].line) is not \(money(g[prev].balance!)) (line \(g[prev].line)) plus the amount \(money(g[i].amount))"
    }

    /// The first row whose balance does not follow (and the row it should follow from), for
    /// rows listed in `order` with balances taken `timing` each row.
    private static func breakIn(_ g: [Row], order: Order, timing: Timing) -> (Int, Int)? {
        for i in 1..<g.count {
            // `older` and `newer` are neighbours in time; the newer balance is the older one
            // plus the newer row's amount (after) or plus the older row's amount (before).
            let (newer, older) = order == .newestFirst ? (i - 1, i) : (i, i - 1)
            let amount = timing == .after ? g[newer].amount : g[older].amount
            // Summed checked: a sum past 64 bits is a break, never wrapped.
            var sum = g[older].balance!
            guard (try? sum.add(checked: amount)) != nil, sum == g[newer].balance! else { return (newer, older) }
        }
        return nil
    }

    static func money(_ hundredths: Int64) -> String {
        let sign = hundredths < 0 ? "-" : ""
        let m = hundredths.magnitude
        let cents = m % 100
        return "\(sign)\(m / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
