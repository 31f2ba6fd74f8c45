import PennyCore
import Testing

struct DateTests {
    @Test(arguments: [
        ("%d-%m-%Y", "01-03-2024", "2024-03-01"),
        ("%d/%m/%Y", "1/3/2024", "2024-03-01"),
        ("%m/%d/%Y", "4/1/2008", "2008-04-01"),
        ("%Y/%m/%d", "2012/3/22", "2012-03-22"),
        ("%Y.%m.%d", "2025.12.04", "2025-12-04"),
        ("%d.%m.%Y", "28.12.2018", "2018-12-28"),
        ("%Y%m%d", "20121115", "2012-11-15"),
        ("%d %b %Y", "07 Nov 2013", "2013-11-07"),
        ("%d %b %Y", "9 september 2013", "2013-09-09"),
        ("%Y-%m-%dT%H:%M:%S", "2002-09-10T23:00:04", "2002-09-10"),
        ("%d/%m/%y", "29/02/24", "2024-02-29"),
        // Month names as banks in other languages write them.
        ("%d %b %Y", "31 iulie 2021", "2021-07-31"),
        ("%d-%b-%Y", "12-lug-2024", "2024-07-12"),
        ("%d %b %Y", "3 déc. 2023", "2023-12-03"),
        ("%d. %b %Y", "5. Mär 2024", "2024-03-05"),
        ("%d %b %Y", "1 mrt 2024", "2024-03-01"),
        ("%d %b %Y", "2 févr. 2024", "2024-02-02"),
        ("%d/%b/%Y", "9/out/2024", "2024-10-09"),
        ("%d %b %Y", "15 Dezember 2024", "2024-12-15"),
        ("%d %b %Y", "6 juin 2024", "2024-06-06"),
        ("%d %b %Y", "7 juillet 2024", "2024-07-07"),
        ("%b. %d, %Y", "Jan. 05, 2024", "2024-01-05"),
        // OFX date-times written into CSV, fractions of a second and zones read over.
        ("%Y%m%d%H%M%S%Z", "20091224120000[0:GMT]", "2009-12-24"),
        ("%Y%m%d%H%M%S.%f%Z", "20091224120000.000[-5:EST]", "2009-12-24"),
        ("%Y%m%d%H%M%S%Z", "20240301235959[+5.5:IST]", "2024-03-01"),
        ("%Y%m%d%H%M%S%Z", "20240301235959[-3]", "2024-03-01"),
        ("%Y-%m-%dT%H:%M:%S%Z", "2024-03-01T23:00:04Z", "2024-03-01"),
        ("%Y-%m-%dT%H:%M:%S.%f%Z", "2024-03-01T23:00:04.123456+01:00", "2024-03-01"),
        ("%Y-%m-%d %H:%M:%S %Z", "2024-03-01 23:00:04 CEST", "2024-03-01"),
        ("%Y-%m-%d %H:%M:%S.%f", "2024-03-01 23:00:04.5", "2024-03-01"),
    ])
    func parses(pattern: String, text: String, expected: String) throws {
        let format = try #require(DateFormat(pattern))
        #expect(format.parse(text)?.description == expected)
    }

    @Test(arguments: [
        ("%d-%m-%Y", "2024-03-01"),
        ("%d-%m-%Y", "31-04-2024"),
        ("%d-%m-%Y", "29-02-2023"),
        ("%d-%m-%Y", "01-03-2024 extra"),
        ("%d %b %Y", "07 Foo 2013"),
        // `jui` is June in French and July too.
        ("%d %b %Y", "07 jui 2013"),
        ("%d %b %Y", "07 ma 2013"),
        ("%Y%m%d", "2012111"),
        ("%Y%m%d%H%M%S%Z", "20091224120000[0:GMT"),
        ("%Y%m%d%H%M%S%Z", "20091224120000[GMT]"),
        ("%Y%m%d%H%M%S%Z", "20091224120000"),
        ("%Y-%m-%dT%H:%M:%S%Z", "2024-03-01T23:00:04+1"),
        ("%Y-%m-%d %H:%M:%S %Z", "2024-03-01 23:00:04 Europe"),
        ("%Y-%m-%d %H:%M:%S.%f", "2024-03-01 23:00:04."),
    ])
    func rejects(pattern: String, text: String) throws {
        #expect(try #require(DateFormat(pattern)).parse(text) == nil)
    }

    @Test func rejectsPatternsWithoutADay() {
        #expect(DateFormat("%Y-%m") == nil)
        #expect(DateFormat("%Q") == nil)
    }

    @Test func dayNumbersRoundTrip() {
        var date = LocalDate(year: 1999, month: 12, day: 25)!
        for _ in 0..<2000 {
            #expect(LocalDate(dayNumber: date.dayNumber) == date)
            date = date.adding(days: 1)
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2024, month: 3, day: 4)!.isoWeekday == 1)
        #expect(LocalDate(year: 2024, month: 3, day: 10)!.isoWeekday == 7)
        #expect(LocalDate(iso: "2024-02-30") == nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)
    }
}

/// Unpadded date parts and the two-digit-year pivot.
struct UnpaddedDateTests {
    @Test(arguments: [
        ("%-d-%b-%-y", "10-Nov-9", "2009-11-10"),
        ("%-d-%b-%-y", "1-May-24", "2024-05-01"),
        ("%-m/%-d/%y", "3/1/24", "2024-03-01"),
        ("%-m/%-d/%y", "10/3/24", "2024-10-03"),
        ("%d/%m/%y", "31/12/69", "1969-12-31"),
        ("%d/%m/%y", "01/01/68", "2068-01-01"),
        ("%Y%-m%-d", "2024115", "2024-11-05"),
    ])
    func reads(pattern: String, text: String, expected: String) throws {
        let format = try #require(DateFormat(pattern))
        #expect(format.parse(text)?.description == expected)
    }

    @Test func aMinusBeforeAnotherCodeIsRefused() {
        #expect(DateFormat("%-Y-%m-%d") == nil)
    }
}
