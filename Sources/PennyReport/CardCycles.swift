public import PennyCore

/// `report cards` (SPEC §5): a credit card's statement cycles, from its closing and due days.
public struct CardReport: Sendable {
    /// One cycle: from the day after the previous closing through the closing day.
    public struct Cycle: Sendable {
        /// First day.
        public let from: LocalDate
        /// The closing day.
        public let to: LocalDate
        /// Balance before the cycle (negative: owed), opening balances included.
        public let opening: Money
        /// Purchases and other charges (negative).
        public let purchases: Money
        /// Refunds (positive, not from own accounts).
        public let refunds: Money
        /// Payments received from own accounts (positive).
        public let payments: Money
        /// Balance at the closing day.
        public let closing: Money
        /// The day the amount due must be paid: the first due day after the closing day.
        public let dueDate: LocalDate
        /// What the closing balance owes (0 when the card is in credit).
        public let amountDue: Money
        /// Still owed from earlier cycles after this cycle's payments.
        public let carried: Money
        /// True for the cycle that has not closed by the as-of date.
        public let isOpen: Bool
    }

    /// The card account.
    public let account: String
    /// Its closing day of the month.
    public let closingDay: Int
    /// Its due day of the month.
    public let dueDay: Int
    /// The cycles, oldest first.
    public let cycles: [Cycle]
}

/// Builds the cycles of one card from its postings in the main ledger.
public struct CardCycleBuilder {
    /// How a posting on the card counts.
    public enum Kind: Sendable {
        case charge, payment, opening
    }

    private let account: String
    private let closingDay: Int
    private let dueDay: Int
    private let currency: Currency
    private var movements: [(date: LocalDate, amount: Int64, kind: Kind)] = []

    /// Starts a card.
    public init(account: String, closingDay: Int, dueDay: Int, currency: Currency) {
        self.account = account
        self.closingDay = closingDay
        self.dueDay = dueDay
        self.currency = currency
    }

    /// A posting on the card: a charge or refund, a payment (from an own account), or an
    /// opening balance.
    public mutating func add(date: LocalDate, amount: Money, kind: Kind) {
        guard amount.currency == currency else { return }
        movements.append((date, amount.minorUnits, kind))
    }

    /// The last day a date can be (9999-12-31): a cycle or due date past it is that day, so
    /// a transaction dated far ahead is data, never a crash.
    static let farthest = LocalDate(year: 9999, month: 12, day: 31)!

    /// `day` (at most the month's last) in the month of `date`; `farthest` past year 9999.
    private static func day(_ day: Int, inMonthOf date: LocalDate) -> LocalDate {
        LocalDate(year: date.year, month: date.month, day: min(day, LocalDate.daysIn(month: date.month, year: date.year))) ?? farthest
    }

    /// The closing day of the cycle that contains `date`.
    func cycleEnd(containing date: LocalDate) -> LocalDate {
        let thisMonth = Self.day(closingDay, inMonthOf: date)
        if date <= thisMonth { return thisMonth }
        if date.endOfMonth >= Self.farthest { return Self.farthest }
        return Self.day(closingDay, inMonthOf: date.endOfMonth.adding(days: 1))
    }

    /// The first due day after `closing` (`farthest` when there is none before it).
    func dueDate(after closing: LocalDate) -> LocalDate {
        var month = closing.startOfMonth
        while month.year <= 9999 {
            let due = Self.day(dueDay, inMonthOf: month)
            if due > closing || due == Self.farthest { return due }
            month = month.endOfMonth.adding(days: 1)
        }
        return Self.farthest
    }

    /// Every cycle from the first movement's through the one containing `asOf`.
    public func build(asOf: LocalDate?) throws(MoneyError) -> CardReport {
        let sorted = movements.sorted { $0.date < $1.date }
        guard let first = sorted.first?.date, let latest = sorted.last?.date else {
            return CardReport(account: account, closingDay: closingDay, dueDay: dueDay, cycles: [])
        }
        let last = asOf ?? latest
        var cycles: [CardReport.Cycle] = []
        var end = cycleEnd(containing: first)
        var start = first
        var balance: Int64 = 0
        var previousDue: Int64 = 0
        var index = 0
        while true {
            var opening = balance, purchases: Int64 = 0, refunds: Int64 = 0, payments: Int64 = 0
            while index < sorted.count, sorted[index].date <= end {
                let m = sorted[index]
                switch m.kind {
                case .opening: try opening.add(checked: m.amount)
                case .payment: try payments.add(checked: m.amount)
                case .charge: if m.amount < 0 { try purchases.add(checked: m.amount) } else { try refunds.add(checked: m.amount) }
                }
                index += 1
            }
            balance = try [opening, purchases, refunds, payments].sum(checked: { $0 })
            let due = max(0, try balance.negated())
            var carried = previousDue
            try carried.subtract(checked: payments)
            carried = max(0, carried)
            let money = { (units: Int64) in Money(minorUnits: units, currency: currency) }
            cycles.append(
                CardReport.Cycle(
                    from: start, to: end, opening: money(opening), purchases: money(purchases), refunds: money(refunds), payments: money(payments),
                    closing: money(balance), dueDate: dueDate(after: end), amountDue: money(due), carried: money(carried), isOpen: end > last))
            previousDue = due
            if end >= last && index >= sorted.count { break }
            if end >= last { break }
            start = end.adding(days: 1)
            end = cycleEnd(containing: start)
        }
        return CardReport(account: account, closingDay: closingDay, dueDay: dueDay, cycles: cycles)
    }
}

/// Renders card cycles.
public enum CardRenderer {
    /// `{"cards": [...]}`.
    public static func json(_ cards: [CardReport]) -> String {
        JSONValue.object([
            (
                "cards",
                .array(
                    cards.map { card in
                        .object([
                            ("account", .string(card.account)), ("closing_day", .number(String(card.closingDay))), ("due_day", .number(String(card.dueDay))),
                            (
                                "cycles",
                                .array(
                                    card.cycles.map { c in
                                        .object([
                                            ("from", .string(c.from.description)), ("to", .string(c.to.description)), ("opening", .string(c.opening.decimalString)),
                                            ("purchases", .string(c.purchases.decimalString)), ("refunds", .string(c.refunds.decimalString)),
                                            ("payments", .string(c.payments.decimalString)), ("closing", .string(c.closing.decimalString)),
                                            ("due_date", .string(c.dueDate.description)), ("amount_due", .string(c.amountDue.decimalString)),
                                            ("carried", .string(c.carried.decimalString)), ("open", .bool(c.isOpen)),
                                        ])
                                    })
                            ),
                        ])
                    })
            )
        ]).text + "\n"
    }

    /// A section per card with a row per cycle; data one row per cycle.
    public static func document(_ cards: [CardReport]) -> ReportDocument {
        var data = ReportTable(columns: [
            .text("account"), .text("from"), .text("to"), .number("opening"), .number("purchases"), .number("refunds"), .number("payments"),
            .number("closing"), .text("due_date"), .number("amount_due"), .number("carried"), .text("open"), .text("currency"),
        ])
        for card in cards {
            data.rows += card.cycles.map { c in
                [
                    .text(card.account), .date(c.from), .date(c.to), .money(c.opening), .money(c.purchases), .money(c.refunds), .money(c.payments),
                    .money(c.closing), .date(c.dueDate), .money(c.amountDue), .money(c.carried), .flag(c.isOpen), .text(c.closing.currency.code),
                ]
            }
        }
        if cards.isEmpty {
            return ReportDocument(sections: [ReportSection(title: nil, blocks: [.line("No card accounts with 'closing-day' and 'due-day' in the rules.")])], data: data)
        }
        let columns: [ReportColumn] = [
            .text("Cycle"), .number("Opening"), .number("Purchases"), .number("Refunds"), .number("Payments"), .number("Closing"), .text("Due"),
            .number("Amount due"), .number("Carried"),
        ]
        let sections = cards.map { card in
            let rows: [[ReportCell]] = card.cycles.map { c in
                [
                    .label(c.isOpen ? "\(c.from)..\(c.to) (open)" : "\(c.from)..\(c.to)"), .money(c.opening), .money(c.purchases), .money(c.refunds), .money(c.payments),
                    .money(c.closing), .date(c.dueDate), .money(c.amountDue), .money(c.carried),
                ]
            }
            return ReportSection(
                title: "\(card.account) (closing day \(card.closingDay), due day \(card.dueDay))", blocks: [.table(ReportTable(columns: columns, rows: rows))])
        }
        return ReportDocument(sections: sections, data: data)
    }
}
