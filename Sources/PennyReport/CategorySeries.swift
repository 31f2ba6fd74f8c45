public import PennyCore
public import PennyLedger

/// `report categories`: each income and expense category at a depth, per day, week,
/// month or year of the period.
public struct CategorySeries: Sendable {
    /// How postings are bucketed.
    public enum Interval: String, Sendable, CaseIterable {
        case day, week, month, year
    }

    /// One category's amounts, one per bucket (income shown positive).
    public struct Row: Sendable {
        /// The category.
        public let account: String
        /// Per bucket.
        public let amounts: [Money]
        /// Their sum.
        public let total: Money
    }

    /// The bucket labels: `2024-03-05`, `2024-W09`, `2024-03`, `2024`.
    public let buckets: [String]
    /// Income categories first, then expenses, each by name.
    public let rows: [Row]
    /// The interval.
    public let interval: Interval
    /// The currency.
    public let currency: Currency
}

/// Builds a `CategorySeries` in one pass over postings.
public struct CategorySeriesBuilder {
    private let period: ReportPeriod
    private let interval: CategorySeries.Interval
    private let currency: Currency
    private let depth: Int
    private var sums: [String: [String: Int64]] = [:]
    private var labels: Set<String> = []

    /// Starts a series.
    public init(period: ReportPeriod, interval: CategorySeries.Interval, currency: Currency, depth: Int) {
        self.period = period
        self.interval = interval
        self.currency = currency
        self.depth = max(1, depth)
    }

    /// The bucket a date falls in.
    public static func label(_ date: LocalDate, _ interval: CategorySeries.Interval) -> String {
        switch interval {
        case .day: return date.description
        case .month: return String(date.description.prefix(7))
        case .year: return String(date.year)
        case .week:
            // The ISO week-numbering year is the year of the week's Thursday.
            let thursday = date.adding(days: 4 - date.isoWeekday)
            let first = ReportPeriod.isoWeekOneMonday(thursday.year)
            let week = (date.adding(days: 1 - date.isoWeekday).dayNumber - first.dayNumber) / 7 + 1
            return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
        }
    }

    /// Counts one posting.
    public mutating func add(_ p: Posting) throws(MoneyError) {
        guard period.contains(p.date), p.amount.currency == currency else { return }
        let root = AccountName.root(of: p.account)
        let isIncome = root == .income, isExpense = root == .expenses
        guard isIncome || isExpense else { return }
        let name = AccountName.group(p.account, depth: depth)
        let label = Self.label(p.date, interval)
        labels.insert(label)
        try sums[name, default: [:]].add(checked: isIncome ? try p.amount.minorUnits.negated() : p.amount.minorUnits, to: label)
    }

    /// The finished series.
    public func build() -> CategorySeries {
        let buckets = labels.sorted()
        let names = sums.keys.sorted { (AccountName.root(of: $0) == .income ? 0 : 1, $0) < (AccountName.root(of: $1) == .income ? 0 : 1, $1) }
        let rows = names.map { name -> CategorySeries.Row in
            let amounts = buckets.map { Money(minorUnits: sums[name]?[$0] ?? 0, currency: currency) }
            return CategorySeries.Row(account: name, amounts: amounts, total: Money(minorUnits: amounts.reduce(0) { $0 + $1.minorUnits }, currency: currency))
        }
        return CategorySeries(buckets: buckets, rows: rows, interval: interval, currency: currency)
    }
}

/// Renders a `CategorySeries` as a table, CSV or JSON.
public enum CategorySeriesRenderer {
    /// One column per bucket and a total; data the same with the currency.
    public static func document(_ s: CategorySeries) -> ReportDocument {
        let rows: [[ReportCell]] = s.rows.map { row in [.text(row.account)] + row.amounts.map { .money($0) } + [.money(row.total)] }
        let table = ReportTable(columns: [.text("Category")] + s.buckets.map { .number(.verbatim($0)) } + [.number("Total")], rows: rows)
        let data = ReportTable(
            columns: [.text("account")] + s.buckets.map { .number(.verbatim($0)) } + [.number("total"), .text("currency")],
            rows: rows.map { $0 + [.text(s.currency.code)] })
        return ReportDocument(sections: [ReportSection(title: "Categories by \(s.interval.word) (\(s.currency.code))", blocks: [.table(table)])], data: data)
    }

    /// `{"by", "currency", "buckets", "categories": [{"account", "amounts", "total"}]}`.
    public static func json(_ s: CategorySeries) -> String {
        JSONValue.object([
            ("by", .string(s.interval.rawValue)), ("currency", .string(s.currency.code)), ("buckets", .array(s.buckets.map { .string($0) })),
            (
                "categories",
                .array(
                    s.rows.map { row in
                        .object([
                            ("account", .string(row.account)), ("amounts", .array(row.amounts.map { .string($0.decimalString) })), ("total", .string(row.total.decimalString)),
                        ])
                    })
            ),
        ]).text + "\n"
    }
}
