public import PennyCore
import PennyLedger

/// One payment seen in the ledger, as the recurring detector needs it.
public struct Payment: Sendable, Equatable {
    /// When.
    public let date: LocalDate
    /// The own account's side: negative for money out.
    public let amount: Money
    /// The bank's description (`PAYEE | NOTE` keeps the payee).
    public let description: String
    /// The category posting's account.
    public let category: String
    /// The own account.
    public let account: String

    /// Makes a payment.
    public init(date: LocalDate, amount: Money, description: String, category: String, account: String) {
        self.date = date
        self.amount = amount
        self.description = description
        self.category = category
        self.account = account
    }
}

/// A payment that comes back at a regular interval: a subscription, a bill, a salary or
/// an instalment.
public struct RecurringItem: Sendable, Equatable {
    /// How often.
    public enum Interval: String, Sendable, CaseIterable {
        case weekly, monthly, quarterly, yearly

        /// The typical number of days, and how far a real interval may stray from it
        /// (weekends, month ends, banks' processing days).
        var days: (typical: Int, tolerance: Int) {
            switch self {
            case .weekly: (7, 1)
            case .monthly: (30, 4)
            case .quarterly: (91, 7)
            case .yearly: (365, 10)
            }
        }

        /// Occurrences in a year, for the monthly and yearly cost.
        var perYear: Int64 {
            switch self {
            case .weekly: 52
            case .monthly: 12
            case .quarterly: 4
            case .yearly: 1
            }
        }
    }

    /// What a person should look at.
    public enum Flag: String, Sendable {
        /// The amount stepped to a new price that held (`priceStep` says when and from what).
        case priceChange = "price-change"
        /// The amount is different most times (a utility bill): no price, a range.
        case varies
        /// The expected payment did not come: probably cancelled, or it failed.
        case missed
        /// Seen only recently.
        case new
    }

    /// The payee or merchant.
    public let payee: String
    /// The category of its latest payment.
    public let category: String
    /// The own account it is paid from or into.
    public let account: String
    /// How often.
    public let interval: Interval
    /// The latest amount (negative: money out).
    public let amount: Money
    /// Its latest date.
    public let lastDate: LocalDate
    /// When it is expected next.
    public let nextDate: LocalDate
    /// What it costs (or brings) a month on average.
    public let monthlyCost: Money
    /// How many times it was seen.
    public let count: Int
    /// Instalments written in the description (`PARC 03/10`): how many remain after the last.
    public let instalmentsLeft: Int?
    /// Instalments left times the amount.
    public let remainingTotal: Money?
    /// Things to look at.
    public let flags: [Flag]
    /// The latest price step: the first payment at the new price, and the old amount.
    public let priceStep: PriceStep?
    /// The smallest and largest amounts, for an amount that varies.
    public let range: AmountRange?

    /// The smallest and largest of amounts that vary (by size; money out stays negative).
    public struct AmountRange: Sendable, Equatable {
        /// The smallest by size, and the largest.
        public let smallest: Money, largest: Money
    }

    /// A change of price that held.
    public struct PriceStep: Sendable, Equatable {
        /// The first payment at the new amount.
        public let date: LocalDate
        /// The amount before, and the new one.
        public let old: Money, new: Money
    }
}

/// Finds recurring payments in the ledger's history.
///
/// Payments are grouped by own account, sign and payee key (the description folded, with
/// numbers, dates and references taken out). A group recurs when it has at least three
/// payments (two for yearly ones) and most gaps between consecutive ones fit one interval
/// within its tolerance; amounts may stay or drift. Instalments (`PARC 3/10`, `3/12`,
/// `prestação 4 de 12`, `cuota 2/6`) are recognized from the description.
/// - Complexity: O(n log n) in the payments.
public struct RecurringDetector {
    /// The day the report is made (the ledger's latest date), for `missed` and `new`.
    public let asOf: LocalDate

    /// A person's word on a payee (from the rules' `recurring` / `not-recurring` blocks):
    /// `applies` tests a payee's name; `confirms` false dismisses it; `interval` forces one.
    public struct Override: Sendable {
        /// True when it is about this payee.
        public let applies: @Sendable (String) -> Bool
        /// False to dismiss.
        public let confirms: Bool
        /// The interval to use, when given.
        public let interval: RecurringItem.Interval?

        /// Makes an override.
        public init(applies: @escaping @Sendable (String) -> Bool, confirms: Bool, interval: RecurringItem.Interval?) {
            self.applies = applies
            self.confirms = confirms
            self.interval = interval
        }
    }

    /// The overrides, first match wins.
    public let overrides: [Override]

    /// The latest payment of each own account: an item is missed only when its account is
    /// known past the day it was due (empty: every account is known through `asOf`).
    public var accountsKnownThrough: [String: LocalDate] = [:]

    /// Makes a detector.
    public init(asOf: LocalDate, overrides: [Override] = []) {
        self.asOf = asOf
        self.overrides = overrides
    }

    /// The recurring items, largest monthly cost first.
    /// - Throws: `MoneyError.overflow` when an item's monthly cost or the total of its
    ///   remaining instalments passes 64 bits of minor units.
    public func detect(_ payments: [Payment]) throws(MoneyError) -> [RecurringItem] {
        var groups = PaymentGroups()
        for payment in payments { groups.add(payment) }
        return try detect(groups)
    }

    /// The recurring items of payments already grouped, largest monthly cost first.
    /// - Throws: `MoneyError.overflow` as `detect(_:)` does.
    public func detect(_ groups: PaymentGroups) throws(MoneyError) -> [RecurringItem] {
        var detector = self
        if detector.accountsKnownThrough.isEmpty { detector.accountsKnownThrough = groups.latestByAccount }
        return try groups.compactMapGroups { (payments) throws(MoneyError) in try detector.item(payments) }
            .sorted { ($0.monthlyCost.minorUnits.magnitude, $1.payee) > ($1.monthlyCost.minorUnits.magnitude, $0.payee) }
    }

    private func item(_ payments: [Payment]) throws(MoneyError) -> RecurringItem? {
        guard payments.count >= 2, let last = payments.last else { return nil }
        let override = overrides.first { $0.applies(Self.payeeName(last.description)) }
        if override?.confirms == false { return nil }
        let gaps = zip(payments, payments.dropFirst()).map { $1.date.dayNumber - $0.date.dayNumber }
        let shape = Self.amountShape(payments)
        let interval: RecurringItem.Interval
        if let override {
            // Confirmed by hand: the interval given, or the one nearest the median gap.
            let median = gaps.sorted()[gaps.count / 2]
            interval = override.interval ?? RecurringItem.Interval.allCases.min { abs($0.days.typical - median) < abs($1.days.typical - median) } ?? .monthly
        } else {
            guard let found = Self.interval(gaps), payments.count >= 3 || found == .yearly,
                Self.isStable(payments.map(\.amount.minorUnits)) || shape.step != nil
            else { return nil }
            interval = found
        }
        let next = Self.next(after: last.date, interval)
        var flags: [RecurringItem.Flag] = []
        switch shape {
        case .fixed: break
        case .stepped: flags.append(.priceChange)
        case .varies: flags.append(.varies)
        }
        // Judged by how far the item's own account is known: cash entered today says
        // nothing about a bank account whose last statement ended weeks ago.
        let known = min(asOf, accountsKnownThrough[last.account] ?? asOf)
        if known.dayNumber > next.dayNumber + interval.days.tolerance { flags.append(.missed) }
        if let first = payments.first, known.dayNumber - first.date.dayNumber <= interval.days.typical * 3 { flags.append(.new) }
        // Both in 128 bits (an amount times at most 99 fits), then checked back into 64.
        guard let monthly = Int64(exactly: RoundedDivision.divide(Int128(last.amount.minorUnits) * Int128(interval.perYear), 12)) else { throw .overflow }
        let instalment = Self.instalment(payments.suffix(2).map(\.description))
        let left = instalment.map { $0.total - $0.number }
        var remaining: Money?
        if let left {
            guard let units = Int64(exactly: Int128(last.amount.minorUnits) * Int128(left)) else { throw .overflow }
            remaining = Money(minorUnits: units, currency: last.amount.currency)
        }
        return RecurringItem(
            payee: Self.payeeName(last.description), category: last.category, account: last.account, interval: interval, amount: last.amount,
            lastDate: last.date, nextDate: next, monthlyCost: Money(minorUnits: monthly, currency: last.amount.currency), count: payments.count,
            instalmentsLeft: left, remainingTotal: remaining, flags: flags, priceStep: shape.step, range: shape.range)
    }

    /// How a recurring payment's amounts behave.
    enum AmountShape {
        case fixed
        case stepped(RecurringItem.PriceStep)
        case varies(smallest: Money, largest: Money)

        var step: RecurringItem.PriceStep? { if case .stepped(let s) = self { s } else { nil } }
        var range: RecurringItem.AmountRange? { if case .varies(let a, let b) = self { .init(smallest: a, largest: b) } else { nil } }
    }

    /// Fixed when every amount is the same; stepped when it changed once, or at most once in
    /// three payments (a price that holds between rises); otherwise it varies (a bill).
    static func amountShape(_ payments: [Payment]) -> AmountShape {
        let changes = payments.indices.dropLast().filter { payments[$0].amount.minorUnits != payments[$0 + 1].amount.minorUnits }
        guard let lastChange = changes.last else { return .fixed }
        if changes.count == 1 || changes.count * 3 <= payments.count - 1 {
            let first = payments[lastChange + 1]
            return .stepped(RecurringItem.PriceStep(date: first.date, old: payments[lastChange].amount, new: first.amount))
        }
        let bySize = payments.map(\.amount).sorted { $0.minorUnits.magnitude < $1.minorUnits.magnitude }
        return .varies(smallest: bySize.first!, largest: bySize.last!)
    }

    /// The interval most gaps fit, when at least three quarters of them do.
    static func interval(_ gaps: [Int]) -> RecurringItem.Interval? {
        guard !gaps.isEmpty else { return nil }
        for interval in RecurringItem.Interval.allCases {
            let (typical, tolerance) = interval.days
            let fitting = gaps.filter { abs($0 - typical) <= tolerance }.count
            if fitting * 4 >= gaps.count * 3 { return interval }
        }
        return nil
    }

    /// Amounts that stay within a quarter of their median, or drift steadily.
    static func isStable(_ amounts: [Int64]) -> Bool {
        // In 128 bits: five times a 64-bit magnitude does not fit in 64.
        let sorted = amounts.map { UInt128($0.magnitude) }.sorted()
        let median = sorted[sorted.count / 2]
        let near = sorted.filter { $0 * 4 >= median * 3 && $0 * 4 <= median * 5 }.count
        return near * 4 >= sorted.count * 3
    }

    /// The expected next date: the same day next period (clamped to the month's end).
    static func next(after date: LocalDate, _ interval: RecurringItem.Interval) -> LocalDate {
        func addingMonths(_ months: Int) -> LocalDate {
            let index = date.year * 12 + date.month - 1 + months
            let year = index / 12, month = index % 12 + 1
            let day = min(date.day, LocalDate.daysIn(month: month, year: year))
            return LocalDate(year: year, month: month, day: day) ?? date.adding(days: 30 * months)
        }
        switch interval {
        case .weekly: return date.adding(days: 7)
        case .monthly: return addingMonths(1)
        case .quarterly: return addingMonths(3)
        case .yearly: return addingMonths(12)
        }
    }

    /// The payee part of a description, folded, without numbers, instalment marks or month
    /// names (`RENDA MARÇO` and `RENDA ABRIL` are one payee).
    static func payeeKey(_ description: String) -> String {
        if let key = PayeeKeyBytes.key(description) { return key }
        return generalPayeeKey(description)
    }

    /// `payeeKey` for any text (Foundation's folding when it is not plain ASCII); the
    /// reference `PayeeKeyBytes` is checked against.
    static func generalPayeeKey(_ description: String) -> String {
        let pattern = UncategorizedReport.pattern(UncategorizedReport.normalize(payeeName(description)))
        let words = pattern.split(separator: " ").filter { !instalmentWords.contains($0.lowercased()) && !monthNames.contains(TextKey.fold(String($0)).filter(\.isLetter)) }
        return words.isEmpty ? UncategorizedReport.normalize(description) : words.joined(separator: " ")
    }

    /// The payee of a `PAYEE | NOTE` description, else the description.
    static func payeeName(_ description: String) -> String { JournalEntry.split(description: description).payee }

    /// Month names in en, pt, es, ca, it, fr and de, folded (no accents, lower case).
    static let monthNames: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
        "enero", "febrero", "marzo", "mayo", "junio", "julio", "septiembre", "octubre", "noviembre", "diciembre",
        "gener", "febrer", "marc", "maig", "juny", "juliol", "agost", "setembre", "novembre", "desembre",
        "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio", "settembre", "ottobre", "dicembre",
        "janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre", "decembre",
        "januar", "februar", "marz", "juni", "juli", "oktober", "dezember",
    ]

    static let instalmentWords: Set<String> = ["parc", "parcela", "prestacao", "prest", "cuota", "rata", "quota", "instalment", "installment", "de", "of"]

    /// The instalment of the latest of these descriptions (the one before it, when given,
    /// must be the instalment just before, so that a date like `05/03` is no instalment):
    /// `PARC 03/10`, `3/12`, `prestação 4 de 12`, `cuota 2/6`.
    static func instalment(_ descriptions: [String]) -> (number: Int, total: Int)? {
        guard let last = descriptions.last, let mark = instalmentMark(last) else { return nil }
        if mark.named { return (mark.number, mark.total) }
        guard descriptions.count >= 2, let before = instalmentMark(descriptions[descriptions.count - 2]),
            before.number + 1 == mark.number, before.total == mark.total
        else { return nil }
        return (mark.number, mark.total)
    }

    /// `k/n` or `k de n` in a description; `named` when a word like PARC or cuota says so.
    static func instalmentMark(_ description: String) -> (number: Int, total: Int, named: Bool)? {
        let text = TextKey.fold(description)
        if let match = text.firstMatch(of: /(?:prestacao|parcela|parc|cuota|rata|instal+ment)\.?\s*(\d{1,2})\s*(?:\/|de|of|di)\s*(\d{1,2})/),
            let number = Int(match.1), let total = Int(match.2), number >= 1, total >= 2, number <= total
        {
            return (number, total, true)
        }
        if let match = text.firstMatch(of: /(?:^|[^0-9\/])(\d{1,2})\s*\/\s*(\d{1,2})(?:$|[^0-9\/])/),
            let number = Int(match.1), let total = Int(match.2), number >= 1, total >= 2, number <= total
        {
            return (number, total, false)
        }
        return nil
    }

}
