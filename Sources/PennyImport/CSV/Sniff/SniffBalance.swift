/// Checks a guess against the file's own running balance, row by row.
///
/// The bank's balance column is the one figure the file proves itself with: if each
/// balance is the previous one plus the row's amount (in file order, or in reverse for
/// newest-first exports), the columns, the decimal mark and the sign were understood.
enum SniffBalance {
    enum Outcome: Equatable {
        case ascending(Int)
        case descending(Int)
        case failed(line: Int, detail: String)
        case unchecked
    }

    struct Row {
        var line: Int
        var amount: Int64
        var balance: Int64?
        var group: String
    }

    /// Whether the balances follow from the amounts, per currency group.
    static func check(_ rows: [Row]) -> Outcome {
        var groups: [String: [Row]] = [:]
        for row in rows where row.balance != nil { groups[row.group, default: []].append(row) }
        var checked = 0
        var direction: Outcome = .unchecked
        for (_, g) in groups.sorted(by: { $0.key < $1.key }) where g.count > 1 {
            let up = firstBreak(g, ascending: true)
            let down = firstBreak(g, ascending: false)
            if up == nil {
                direction = .ascending(0)
            } else if down == nil {
                direction = .descending(0)
            } else {
                let (i, prev) = up!
                let detail = "balance \(money(g[i].balance!)) on line \(g[i].line) is not \(money(g[prev].balance!)) (line \(g[prev].line)) plus the amount \(money(g[i].amount))"
                return .failed(line: g[i].line, detail: detail)
            }
            checked += g.count
        }
        switch direction {
        case .ascending: return .ascending(checked)
        case .descending: return .descending(checked)
        default: return .unchecked
        }
    }

    /// The first row whose balance does not follow, and the row it should follow from.
    private static func firstBreak(_ g: [Row], ascending: Bool) -> (Int, Int)? {
        for i in 1..<g.count {
            let (row, prev) = ascending ? (i, i - 1) : (i - 1, i)
            let (sum, overflow) = g[prev].balance!.addingReportingOverflow(g[row].amount)
            if overflow || sum != g[row].balance! { return (row, prev) }
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
