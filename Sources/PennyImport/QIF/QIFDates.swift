import PennyCore

/// QIF dates, whose day/month order is decided once for the whole file.
///
/// Written forms: `1/ 2'24` and `1/ 2' 4` (Quicken: `'` before a year of this century),
/// `01/02/2024`, `1-2-24`, `01.02.2024`, `2024-01-02`, `2024/01/02`, `2024'01'02`,
/// `20240102`, `01022024`, `1/2/102` (years since 1900), and two-digit years first (`13/3/3`) when the file shows that order.
/// Two-digit years use the `TwoDigitYear` pivot. A date with the year last is month
/// first (Quicken's US order) unless some date of the file has a first part above 12;
/// a date with the year first is year-month-day unless some date of the file has a
/// middle part above 12 (GnuCash's `2024/13/01`). A file whose dates prove both orders
/// is rejected.
struct QIFDates {
    /// A date split into its numbers, before the order is known.
    struct Parts {
        let text: String
        let line: Int
        let yearFirst: Bool
        let year: Int
        /// The two numbers besides the year, in file order.
        let first: Int
        let second: Int
    }

    let fileName: String
    /// True when two-digit years come first (`13/3/3` is 2013-03-03): some date of the file
    /// has a one-digit last part (no year is written so, but after Quicken's `'`) or a
    /// first part above 31.
    let shortYearFirst: Bool
    /// True when year-last dates are day first (`DD/MM/YYYY`).
    private(set) var dayFirst = false
    /// True when year-first dates are `YYYY/DD/MM`.
    private(set) var yearDayMonth = false

    /// Dates of `fileName`, whose written `texts` settle whether two-digit years come first.
    init(fileName: String, texts: [String] = []) {
        self.fileName = fileName
        shortYearFirst = texts.contains { text in
            guard !text.contains("'") else { return false }
            let numbers = Self.numbers(text)
            guard numbers.count == 3, numbers.allSatisfy({ $0.count <= 2 }), let first = Int(numbers[0]) else { return false }
            return numbers[2].count == 1 || first > 31
        }
    }

    /// The runs of characters between `/`, `-`, `.` and `'`, spaces removed.
    private static func numbers(_ text: String) -> [String] {
        text.filter { $0 != " " }.split(whereSeparator: { "/-.'".contains($0) }).map(String.init)
    }

    /// Splits `text` into year and two numbers.
    func parts(_ text: String, line: Int) throws(PennyError) -> Parts {
        let numbers = Self.numbers(text)
        let fail = PennyError.badInput(
            "cannot read date '\(text)': expected a date like 01/31/2024, 1/31'24, 31.01.2024 or 2024-01-31", at: SourceLocation(file: fileName, line: line))
        guard numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { throw fail }
        if numbers.count == 1, numbers[0].count == 8, let all = Int(numbers[0]) {
            // `20240102`, or with the year last when the first four digits are no year
            // (`03121984`, which GnuCash reads as day or month first).
            let head = all / 10000, tail = all % 10000
            if !(1900...2199).contains(head), (1900...2199).contains(tail) {
                return Parts(text: text, line: line, yearFirst: false, year: tail, first: head / 100, second: head % 100)
            }
            return Parts(text: text, line: line, yearFirst: true, year: head, first: (all / 100) % 100, second: all % 100)
        }
        guard numbers.count == 3, let a = Int(numbers[0]), let b = Int(numbers[1]), let c = Int(numbers[2]) else { throw fail }
        if numbers[0].count == 4, numbers[1].count <= 2, numbers[2].count <= 2 {
            return Parts(text: text, line: line, yearFirst: true, year: a, first: b, second: c)
        }
        guard numbers[0].count <= 2, numbers[1].count <= 2 else { throw fail }
        if shortYearFirst, numbers[2].count <= 2, !text.contains("'") {
            return Parts(text: text, line: line, yearFirst: true, year: TwoDigitYear.expand(a), first: b, second: c)
        }
        // Quicken writes the years 2000-2009 as one digit after its `'`: `1/ 2' 4`.
        if numbers[2].count == 1, text.contains("'") {
            return Parts(text: text, line: line, yearFirst: false, year: 2000 + c, first: a, second: b)
        }
        // Old Quicken's years since 1900 past 1999: `1/2/102` is 2002 (GnuCash reads it so).
        if numbers[2].count == 3, (100...199).contains(c) {
            return Parts(text: text, line: line, yearFirst: false, year: 1900 + c, first: a, second: b)
        }
        guard numbers[2].count == 2 || numbers[2].count == 4 else { throw fail }
        return Parts(text: text, line: line, yearFirst: false, year: numbers[2].count == 2 ? TwoDigitYear.expand(c) : c, first: a, second: b)
    }

    /// Settles the orders from every date of the file.
    mutating func decideOrder(_ all: [Parts]) throws(PennyError) {
        for yearFirst in [false, true] {
            let group = all.filter { $0.yearFirst == yearFirst }
            let firstBig = group.first { $0.first > 12 && $0.second <= 12 }
            let secondBig = group.first { $0.second > 12 && $0.first <= 12 }
            if let a = firstBig, let b = secondBig {
                let later = a.line > b.line ? a : b, earlier = a.line > b.line ? b : a
                throw .badInput(
                    "dates disagree on the order of day and month: '\(earlier.text)' (line \(earlier.line)) and '\(later.text)' cannot both be read one way",
                    at: SourceLocation(file: fileName, line: later.line))
            }
            if yearFirst { yearDayMonth = firstBig != nil } else { dayFirst = firstBig != nil }
        }
    }

    /// The calendar date of `parts` in the file's order.
    func date(_ parts: Parts) throws(PennyError) -> LocalDate {
        let swap = parts.yearFirst ? yearDayMonth : dayFirst
        let (month, day) = swap ? (parts.second, parts.first) : (parts.first, parts.second)
        guard let date = LocalDate(year: parts.year, month: month, day: day) else {
            let layout = parts.yearFirst ? (swap ? "YYYY/DD/MM" : "YYYY/MM/DD") : (swap ? "DD/MM/YYYY" : "MM/DD/YYYY")
            throw .badInput("cannot read date '\(parts.text)': no such day when read as \(layout)", at: SourceLocation(file: fileName, line: parts.line))
        }
        return date
    }
}
