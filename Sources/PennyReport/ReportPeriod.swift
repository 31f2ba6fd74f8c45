public import PennyCore

/// A closed range of dates a report covers; an open end means "from the start" or "to the end".
public struct ReportPeriod: Sendable, Equatable {
    /// First day, inclusive.
    public var from: LocalDate?
    /// Last day, inclusive.
    public var to: LocalDate?

    /// Makes a period.
    public init(from: LocalDate?, to: LocalDate?) {
        self.from = from
        self.to = to
    }

    /// Everything.
    public static let all = ReportPeriod(from: nil, to: nil)

    /// True when the date falls inside.
    public func contains(_ date: LocalDate) -> Bool {
        (from.map { date >= $0 } ?? true) && (to.map { date <= $0 } ?? true)
    }

    /// Parses `2024`, `2024-03`, `2024-Q1`, `2024-W09`, `2024-03-05`,
    /// `2024-01-01..2024-03-31`, `last-month`, `this-month`, `this-year`, `last-year`.
    public static func parse(_ text: String, today: LocalDate) -> ReportPeriod? {
        switch text {
        case "this-month": return month(today.year, today.month)
        case "last-month":
            let previous = today.startOfMonth.adding(days: -1)
            return month(previous.year, previous.month)
        case "this-year": return year(today.year)
        case "last-year": return year(today.year - 1)
        default: break
        }
        if let range = text.range(of: "..") {
            guard let from = LocalDate(iso: text[..<range.lowerBound]), let to = LocalDate(iso: text[range.upperBound...]), from <= to else { return nil }
            return ReportPeriod(from: from, to: to)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, first.count == 4, let y = Int(first) else { return nil }
        switch parts.count {
        case 1: return year(y)
        case 2 where parts[1].hasPrefix("Q"):
            guard let q = Int(parts[1].dropFirst()), (1...4).contains(q) else { return nil }
            guard let from = LocalDate(year: y, month: q * 3 - 2, day: 1), let last = LocalDate(year: y, month: q * 3, day: 1) else { return nil }
            return ReportPeriod(from: from, to: last.endOfMonth)
        case 2 where parts[1].hasPrefix("W"):
            guard parts[1].count == 3, let w = Int(parts[1].dropFirst()), w >= 1 else { return nil }
            let monday = isoWeekOneMonday(y).adding(days: (w - 1) * 7)
            guard monday < isoWeekOneMonday(y + 1) else { return nil }
            return ReportPeriod(from: monday, to: monday.adding(days: 6))
        case 2:
            guard parts[1].count == 2, let m = Int(parts[1]) else { return nil }
            return month(y, m)
        case 3:
            guard let day = LocalDate(iso: text) else { return nil }
            return ReportPeriod(from: day, to: day)
        default: return nil
        }
    }

    /// A calendar month.
    public static func month(_ year: Int, _ month: Int) -> ReportPeriod? {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return nil }
        return ReportPeriod(from: first, to: first.endOfMonth)
    }

    /// A calendar year.
    public static func year(_ year: Int) -> ReportPeriod? {
        guard let first = LocalDate(year: year, month: 1, day: 1), let last = LocalDate(year: year, month: 12, day: 31) else { return nil }
        return ReportPeriod(from: first, to: last)
    }

    /// The Monday of ISO week 1 (the week with 4 January).
    public static func isoWeekOneMonday(_ year: Int) -> LocalDate {
        let january4 = LocalDate(year: year, month: 1, day: 4)!
        return january4.adding(days: 1 - january4.isoWeekday)
    }
}
