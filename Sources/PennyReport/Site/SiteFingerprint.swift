import PennyCore
public import PennyLedger

/// What each month's recap of a report site is made of, as one number per month: a digest
/// of every transaction, statement balance and round-up posting dated in that month or
/// before it (a recap shows balances, so every earlier month counts). Two runs whose digest
/// for a month and whose configuration agree write the same recap, so it is not rebuilt.
/// Each month's own digest is a wrapping sum, so the ledger's order does not matter.
public struct SiteFingerprint: Sendable {
    private var months: [Int: UInt64] = [:]

    /// Nothing seen yet.
    public init() {}

    /// A transaction: its date, description, postings and `rule` tag.
    public mutating func add(_ t: ScannedTransaction) {
        var hash = StableHash()
        hash.combine(t.date)
        hash.combine(t.description ?? "")
        for posting in t.postings {
            hash.combine(posting.account)
            hash.combine(posting.amount.map { "\($0.minorUnits) \($0.currency.code)" } ?? "")
        }
        hash.combine(t.tags["rule"] ?? "")
        add(hash.value, on: t.date)
    }

    /// A `; statement-balance:` line, counted in the month of the balance's date.
    public mutating func addStatementLine(_ text: String) {
        guard case .statementBalance(_, _, let balance, _, _) = PennyComment.parse(text) else { return }
        var hash = StableHash()
        hash.combine(text)
        add(hash.value, on: balance.date)
    }

    /// A posting of the derived round-up journal.
    public mutating func addDerived(_ p: Posting) {
        var hash = StableHash()
        hash.combine(p.date)
        hash.combine(p.account)
        hash.combine("\(p.amount.minorUnits) \(p.amount.currency.code)")
        add(hash.value, on: p.date)
    }

    /// Each month's digest of itself and every month before, mixed with `configuration`
    /// (what else the pages depend on), as 16 hex digits by `YYYY-MM`.
    public func cumulative(configuration: String) -> [String: String] {
        var running = StableHash()
        running.combine(configuration)
        var out: [String: String] = [:]
        for key in months.keys.sorted() {
            running.combine(Int64(bitPattern: months[key]!))
            out["\(key / 100)-\(key % 100 < 10 ? "0" : "")\(key % 100)"] = StableHash.hex(running.value)
        }
        return out
    }

    private mutating func add(_ value: UInt64, on date: LocalDate) {
        months[date.year * 100 + date.month, default: 0] &+= value
    }
}
