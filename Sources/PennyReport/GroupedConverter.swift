public import PennyCore
public import PennyLedger

/// `--value end` as `hledger bal -X` computes it: every amount of a group (a category at
/// the report's depth) is valued at one day's rate, so the group's amounts are summed per
/// currency exactly, converted as exact fractions, added, and rounded once — half away
/// from zero — instead of once per posting. A group's figure then equals hledger's to the
/// cent (but for an exact half cent, which hledger rounds to even). `--value then` (no
/// `day`: each posting at its own date's rate) adds each posting's exact fraction to its
/// group's and rounds once too, as `hledger bal --value=then` does.
public struct GroupedConverter {
    /// The rates held.
    public let rates: ExchangeRates
    /// The report's currency.
    public let currency: Currency
    /// The day every amount is valued at; nil for each posting's own date (`--value then`).
    public let day: LocalDate?
    /// Per group: the sum in each currency, and the latest date seen.
    private var groups: [String: (sums: CurrencyTotals, date: LocalDate)] = [:]
    /// `--value then`: per group, the exact converted sum so far (a fraction), and whether
    /// every posting had a rate.
    private var exactSums: [String: (numerator: Int128, denominator: Int128, complete: Bool)] = [:]
    /// `--value then`: per pair, the first day without a rate and how many postings lacked one.
    private var missingOnDays: [String: (first: LocalDate, count: Int)] = [:]
    /// Per pair (`USD→EUR`), how many postings no rate reached.
    public private(set) var missing: [String: Int] = [:]

    /// A converter into `currency` at `day` (nil: each posting's own date).
    public init(rates: ExchangeRates, currency: Currency, day: LocalDate?) {
        self.rates = rates
        self.currency = currency
        self.day = day
    }

    /// Counts a posting in another currency towards `group`.
    public mutating func add(_ posting: Posting, group: String) throws(MoneyError) {
        var entry = groups[group] ?? (CurrencyTotals(), posting.date)
        try entry.sums.add(posting.amount)
        entry.date = max(entry.date, posting.date)
        groups[group] = entry
        guard day == nil else { return }
        var exact = exactSums[group] ?? (0, 1, true)
        if let conversion = rates.conversion(from: posting.amount.currency, to: currency, on: posting.date) {
            let (n, d) = try conversion.exact(posting.amount)
            (exact.numerator, exact.denominator) = try Self.add(exact.numerator, exact.denominator, n, d)
        } else {
            let key = "\(posting.amount.currency.code)→\(currency.code)"
            let seen = missingOnDays[key]
            missingOnDays[key] = (min(seen?.first ?? posting.date, posting.date), (seen?.count ?? 0) + 1)
            exact.complete = false
        }
        exactSums[group] = exact
    }

    /// One posting per group in the report's currency, dated at the group's latest date;
    /// groups some currency of which has no rate are left out and counted in `missing`.
    public mutating func postings() throws(MoneyError) -> [Posting] {
        var out: [Posting] = []
        for (group, entry) in groups.sorted(by: { $0.key < $1.key }) {
            // `--value then` summed each posting's fraction as it came; `end` converts the sums.
            var (numerator, denominator, complete) = exactSums[group] ?? (0, 1, true)
            if let day {
                for (from, units) in entry.sums.sortedByCode where units != 0 {
                    guard let conversion = rates.conversion(from: from, to: currency, on: day) else {
                        missing["\(from.code)→\(currency.code)", default: 0] += 1
                        complete = false
                        continue
                    }
                    let (n, d) = try conversion.exact(Money(minorUnits: units, currency: from))
                    (numerator, denominator) = try Self.add(numerator, denominator, n, d)
                }
            }
            guard complete else { continue }
            let rounded = Conversion.divideRoundingHalfAwayFromZero(numerator, denominator)
            guard let total = Int64(exactly: rounded) else { throw .overflow }
            out.append(Posting(date: entry.date, account: group, amount: Money(minorUnits: total, currency: currency)))
        }
        return out
    }

    /// The error naming every pair no rate reached, or nil when every group was converted.
    public func missingRates(in ledgerPath: String) -> PennyError? {
        guard let day else {
            guard !missingOnDays.isEmpty else { return nil }
            let pairs = missingOnDays.sorted { $0.key < $1.key }.map { key, value in
                "\(key) on \(value.first) (\(value.count) posting\(value.count == 1 ? "" : "s"))"
            }
            return PostingConverter.missingRates(pairs, in: ledgerPath)
        }
        guard !missing.isEmpty else { return nil }
        let pairs = missing.sorted { $0.key < $1.key }.map { "\($0.key) on \(day) (\($0.value) account\($0.value == 1 ? "" : "s"))" }
        return PostingConverter.missingRates(pairs, in: ledgerPath)
    }

    /// `a/b + c/d` over a common denominator (`b·d`, or `b` when `d` divides it).
    static func add(_ a: Int128, _ b: Int128, _ c: Int128, _ d: Int128) throws(MoneyError) -> (Int128, Int128) {
        if b % d == 0 {
            var sum = c
            try sum.multiply(checked: b / d)
            try sum.add(checked: a)
            return (sum, b)
        }
        var sum = a, cb = c, bd = b
        try sum.multiply(checked: d)
        try cb.multiply(checked: b)
        try bd.multiply(checked: d)
        try sum.add(checked: cb)
        return (sum, bd)
    }
}
