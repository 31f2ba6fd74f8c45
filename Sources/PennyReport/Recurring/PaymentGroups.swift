public import PennyCore

/// Payments grouped as the recurring detector groups them (own account, sign, currency and
/// payee key), held compactly while the ledger streams past: a day, an arrival number and
/// minor units per payment (16 bytes), and the description and category of only the two
/// latest, which are all the detector reads of them. A million payments take about 16 MB
/// where whole `Payment` values took hundreds.
public struct PaymentGroups: Sendable {
    /// One group's payments.
    struct Group: Sendable {
        let account: String
        let currency: Currency
        var entries: [(day: Int32, order: Int32, units: Int64)] = []
        /// The latest two payments' texts, oldest first, by day then arrival.
        var latest: [(day: Int32, order: Int32, description: String, category: String)] = []
    }

    private(set) var groups: [String: Group] = [:]
    /// Each own account's latest payment.
    public private(set) var latestByAccount: [String: LocalDate] = [:]
    private var arrivals: Int32 = 0

    /// No payments yet.
    public init() {}

    /// How many payments were added.
    public var count: Int { Int(arrivals) }

    /// Adds one payment (a zero amount moves nothing and is left out).
    public mutating func add(_ p: Payment) {
        guard p.amount.minorUnits != 0 else { return }
        if latestByAccount[p.account].map({ p.date > $0 }) ?? true { latestByAccount[p.account] = p.date }
        let key = "\(p.account)|\(p.amount.isNegative)|\(p.amount.currency.code)|\(RecurringDetector.payeeKey(p.description))"
        let day = Int32(clamping: p.date.dayNumber), order = arrivals
        arrivals += 1
        if groups[key] == nil { groups[key] = Group(account: p.account, currency: p.amount.currency) }
        groups[key]!.entries.append((day, order, p.amount.minorUnits))
        var latest = groups[key]!.latest
        latest.append((day, order, p.description, p.category))
        if latest.count > 2 {
            latest.sort { ($0.day, $0.order) < ($1.day, $1.order) }
            latest.removeFirst()
        }
        groups[key]!.latest = latest
    }

    /// Each group's payments by date (arrival order within a day), as `Payment`s, made one
    /// group at a time; only the two latest carry their description and category.
    func compactMapGroups<T, E: Error>(_ body: ([Payment]) throws(E) -> T?) throws(E) -> [T] {
        var results: [T] = []
        for group in groups.values {
            let texts = Dictionary(uniqueKeysWithValues: group.latest.map { ($0.order, ($0.description, $0.category)) })
            let payments = group.entries.sorted { ($0.day, $0.order) < ($1.day, $1.order) }.map { entry in
                let text = texts[entry.order] ?? ("", "")
                return Payment(
                    date: LocalDate(dayNumber: Int(entry.day)), amount: Money(minorUnits: entry.units, currency: group.currency), description: text.0,
                    category: text.1, account: group.account)
            }
            if let result = try body(payments) { results.append(result) }
        }
        return results
    }
}
