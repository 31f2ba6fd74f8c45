/// A calendar date with no time zone: the day as the bank wrote it.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31 depending on the month.
    public let day: Int

    /// Makes a date, or nil when it does not exist on the calendar (2023-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        // A native string's bytes are read in place; only a bridged one is copied.
        guard let fields = text.utf8.withContiguousStorageIfAvailable(Self.isoFields) ?? Self.isoFields(Array(text.utf8)) else { return nil }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    private static func isoFields(_ b: some RandomAccessCollection<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard b.count == 10 else { return nil }
        let s = b.startIndex
        guard b[b.index(s, offsetBy: 4)] == UInt8(ascii: "-"), b[b.index(s, offsetBy: 7)] == UInt8(ascii: "-"),
            let y = number(b, 0..<4), let m = number(b, 5..<7), let d = number(b, 8..<10)
        else { return nil }
        return (y, m, d)
    }

    private static func number(_ b: some RandomAccessCollection<UInt8>, _ offsets: Range<Int>) -> Int? {
        var value = 0
        for offset in offsets {
            let byte = b[b.index(b.startIndex, offsetBy: offset)]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// Days in a month, with the Gregorian leap-year rule.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// True for Gregorian leap years.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days since 1970-01-01 (negative before), for date arithmetic.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil. Wrapping arithmetic: a date's fields are small
        // (a shuffled statement asks this for every row, and the overflow checks were
        // most of its cost).
        let y = month <= 2 ? year &- 1 : year
        let era = (y >= 0 ? y : y &- 399) / 400
        let yoe = y &- era &* 400
        let mp = month > 2 ? month &- 3 : month &+ 9
        let doy = (153 &* mp &+ 2) / 5 &+ day &- 1
        let doe = yoe &* 365 &+ yoe / 4 &- yoe / 100 &+ doy
        return era &* 146097 &+ doe &- 719468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// ISO weekday, Monday 1 ... Sunday 7.
    public var isoWeekday: Int { ((dayNumber % 7 + 7 + 3) % 7) + 1 }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }

    /// The last day of this date's month.
    public var endOfMonth: LocalDate {
        LocalDate(year: year, month: month, day: Self.daysIn(month: month, year: year))!
    }

    /// Orders by year, month, day.
    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD` (ten bytes: a small string, no allocation).
    public var description: String {
        guard hasFourDigitYear else {
            // A date moved past year 9999 (or before 1) by `adding(days:)`: every digit.
            let y = String(year), m = String(month), d = String(day)
            return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
                + (m.count < 2 ? "0" + m : m) + "-" + (d.count < 2 ? "0" + d : d)
        }
        return withISOBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// True for the years `description` writes in four digits, 0...9999.
    public var hasFourDigitYear: Bool { year >= 0 && year <= 9999 }

    /// Calls `body` with the ten bytes of `YYYY-MM-DD`, built on the stack (the year's
    /// last four digits, as the journal writer always wrote it; see `hasFourDigitYear`).
    public func withISOBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var bytes: (UInt64, UInt16) = (0, 0)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            let b = raw.bindMemory(to: UInt8.self)
            writeISOBytes(to: b.baseAddress!)
            return body(UnsafeBufferPointer(rebasing: b[0..<10]))
        }
    }

    /// Writes the ten bytes of `withISOBytes` at `b` (the journal writer's entries write
    /// their dates so, in place).
    public func writeISOBytes(to b: UnsafeMutablePointer<UInt8>) {
        // Unsigned and wrapping (each digit is one byte); a year past 9999 gives its last
        // four digits as before, a negative one stops as before.
        precondition(year >= 0, "a date before year 0")
        let y = UInt(truncatingIfNeeded: year), m = UInt(truncatingIfNeeded: month), d = UInt(truncatingIfNeeded: day)
        func digit(_ n: UInt) -> UInt8 { UInt8(truncatingIfNeeded: 48 &+ n % 10) }
        b[0] = digit(y / 1000)
        b[1] = digit(y / 100)
        b[2] = digit(y / 10)
        b[3] = digit(y)
        b[4] = 0x2D
        b[5] = digit(m / 10)
        b[6] = digit(m)
        b[7] = 0x2D
        b[8] = digit(d / 10)
        b[9] = digit(d)
    }
}
