import PennyCore
import PennyTestSupport
import Testing

@testable import PennyImport

/// The recent date fields answer only for the very bytes a date was remembered for (fields
/// that share a slot push each other out, never answer for each other), and a year's dates
/// in any order are mostly found again.
struct RecentDateFieldsTests {
    /// A date standing for `field`'s bytes: any pure function of them will do.
    private func date(for field: [UInt8]) -> LocalDate {
        LocalDate(dayNumber: field.reduce(7) { ($0 &* 31 &+ Int($1)) % 3_000_000 })
    }

    @Test func aFieldIsAnsweredOnlyWithItsOwnDate() {
        var generator = SeededGenerator(seed: 31)
        // 2,000 distinct fields for 1,024 slots, of every length up to 17 (17 is never kept).
        let fields: [[UInt8]] = (0..<2_000).map { n in
            let text = String(format: "%02d-%02d-%04d", n % 28 + 1, n % 12 + 1, 2_000 + n / 336)
            return Array(String(text.prefix(n % 18)).utf8) + (n % 18 == 17 ? Array("-extra".utf8) : [])
        }
        var recent = RecentDateFields()
        var found = 0
        for _ in 0..<50_000 {
            let field = fields.randomElement(using: &generator)!
            field.withUnsafeBufferPointer { bytes in
                if let known = recent.date(of: bytes) {
                    #expect(known == date(for: field), "\(String(decoding: field, as: UTF8.self))")
                    found += 1
                } else {
                    recent.remember(bytes, date(for: field))
                }
            }
        }
        #expect(found > 10_000)
    }

    @Test func aYearsDatesInAnyOrderAreMostlyFoundAgain() {
        var generator = SeededGenerator(seed: 32)
        let year = (0..<365).map { Array(LocalDate(dayNumber: 738_000 + $0).description.utf8) }
        var recent = RecentDateFields()
        for field in year { field.withUnsafeBufferPointer { recent.remember($0, date(for: field)) } }
        let found = (0..<10_000).filter { _ in
            year.randomElement(using: &generator)!.withUnsafeBufferPointer { recent.date(of: $0) != nil }
        }.count
        // Direct-mapped: a few dates share a slot with another; most have their own.
        #expect(found > 7_000, "\(found)")
    }
}
