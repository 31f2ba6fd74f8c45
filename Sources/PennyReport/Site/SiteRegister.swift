public import PennyCore

/// The transactions of one page of a report site (a category, an own account or a payee):
/// every month's total and count, and the lines themselves from `cutoff` on, at most the
/// newest `limit` of them. Older lines are totals only, so a page (and the memory that
/// builds it) stays the same size however long or large the ledger is.
public struct SiteRegister: Sendable {
    /// One transaction as a page lists it.
    public struct Line: Sendable {
        /// Its date.
        public let date: LocalDate
        /// The description line.
        public let description: String
        /// The posting on the page's side (the category, the own account).
        public let account: String
        /// The other posting's account.
        public let counterpart: String
        /// The amount on the page's side.
        public let amount: Money
        /// Its 1-based line in the ledger (the page's anchor `line-N`).
        public let ledgerLine: Int
        /// The description's payee key (`RecurringDetector.payeeKey`), worked out once.
        public var payee: String?

        /// A line.
        public init(date: LocalDate, description: String, account: String, counterpart: String, amount: Money, ledgerLine: Int) {
            self.date = date
            self.description = description
            self.account = account
            self.counterpart = counterpart
            self.amount = amount
            self.ledgerLine = ledgerLine
        }
    }

    /// A month's sum (nil when its lines are in several currencies or pass 64 bits) and count.
    public struct MonthTotal: Sendable {
        /// The year.
        public let year: Int
        /// The month, 1–12.
        public let month: Int
        /// The sum of the amounts.
        public var total: Money?
        /// How many transactions.
        public var count: Int
    }

    /// The first day whose lines are kept (nil: all).
    public let cutoff: LocalDate?
    /// The most lines kept: the newest by date (then ledger line).
    public let limit: Int
    /// The kept lines (after `trim`, the newest `limit`), in no particular order.
    public private(set) var lines: [Line] = []
    /// The sum of the amounts not kept (nil when mixed currencies), for a running balance.
    public private(set) var before: Money?
    /// How many lines on or after the cutoff were not kept for the limit.
    public private(set) var dropped = 0
    private var totals: [Int: MonthTotal] = [:]

    /// An empty register keeping at most `limit` lines from `cutoff` on.
    public init(cutoff: LocalDate?, limit: Int = 1_000) {
        self.cutoff = cutoff
        self.limit = max(1, limit)
    }

    /// Counts `line` in its month, and keeps it when it is on or after the cutoff.
    public mutating func add(_ line: Line) {
        let key = line.date.year * 100 + line.date.month
        var month = totals[key] ?? MonthTotal(year: line.date.year, month: line.date.month, total: Money(minorUnits: 0, currency: line.amount.currency), count: 0)
        month.total = Self.adding(month.total, line.amount)
        month.count += 1
        totals[key] = month
        if cutoff.map({ line.date >= $0 }) ?? true {
            lines.append(line)
            if lines.count >= 2 * limit { trim() }
        } else {
            before = Self.adding(before ?? Money(minorUnits: 0, currency: line.amount.currency), line.amount)
        }
    }

    /// Keeps the newest `limit` lines; the others count in `before` and `dropped`.
    public mutating func trim() {
        guard lines.count > limit else { return }
        lines.sort { ($0.date, $0.ledgerLine) > ($1.date, $1.ledgerLine) }
        for line in lines[limit...] {
            before = Self.adding(before ?? Money(minorUnits: 0, currency: line.amount.currency), line.amount)
            dropped += 1
        }
        lines.removeSubrange(limit...)
    }

    /// Every month with a transaction, newest first.
    public var months: [MonthTotal] { totals.keys.sorted(by: >).map { totals[$0]! } }

    /// The kept lines of one month, by date (ledger order within a day).
    public func lines(year: Int, month: Int) -> [Line] {
        lines.filter { $0.date.year == year && $0.date.month == month }.sorted { ($0.date, $0.ledgerLine) < ($1.date, $1.ledgerLine) }
    }

    /// The total of all months (nil when mixed currencies).
    public var total: Money? {
        var sum: Money?
        for (index, m) in months.enumerated() {
            guard let t = m.total else { return nil }
            sum = index == 0 ? t : Self.adding(sum, t)
            if sum == nil { return nil }
        }
        return sum
    }

    /// `sum + amount`, nil when `sum` is nil, in another currency, or the sum passes 64 bits.
    static func adding(_ sum: Money?, _ amount: Money) -> Money? {
        sum.flatMap { s in s.currency == amount.currency ? try? s.adding(amount) : nil }
    }
}
