import PennyCore
import PennyReport
import Testing

struct ReportPeriodTests {
    static let today = LocalDate(year: 2024, month: 3, day: 15)!

    @Test(arguments: [
        ("2024", "2024-01-01", "2024-12-31"),
        ("2024-02", "2024-02-01", "2024-02-29"),
        ("2024-Q1", "2024-01-01", "2024-03-31"),
        ("2024-Q4", "2024-10-01", "2024-12-31"),
        ("2024-W09", "2024-02-26", "2024-03-03"),
        ("2020-W53", "2020-12-28", "2021-01-03"),
        ("2024-03-05", "2024-03-05", "2024-03-05"),
        ("2024-01-01..2024-03-31", "2024-01-01", "2024-03-31"),
        ("last-month", "2024-02-01", "2024-02-29"),
        ("this-month", "2024-03-01", "2024-03-31"),
        ("this-year", "2024-01-01", "2024-12-31"),
    ])
    func parses(text: String, from: String, to: String) throws {
        let period = try #require(ReportPeriod.parse(text, today: Self.today))
        #expect(period.from?.description == from)
        #expect(period.to?.description == to)
    }

    @Test(arguments: ["24", "2024-13", "2024-Q5", "2024-W54", "2021-W53", "2024-02-30", "2024-03-31..2024-01-01", "yesterday"])
    func rejects(text: String) {
        #expect(ReportPeriod.parse(text, today: Self.today) == nil)
    }
}

struct PercentageTests {
    @Test(arguments: [
        (Int64(34567), Int64(123456), Int64(2800), "28.0"),
        (126_544, 250_000, 5062, "50.62"),
        (1, 3, 3333, "33.33"),
        (2, 3, 6667, "66.67"),
        (-2499, 100_000, -250, "-2.5"),
        (5, 10_000_000, 0, "0.0"),
    ])
    func roundsHalfAwayFromZero(part: Int64, whole: Int64, hundredths: Int64, json: String) throws {
        let p = try #require(Percentage(part: part, of: whole))
        #expect(p.hundredths == hundredths)
        #expect(p.jsonNumber == json)
    }

    @Test func noShareOfZero() {
        #expect(Percentage(part: 1, of: 0) == nil)
    }
}
