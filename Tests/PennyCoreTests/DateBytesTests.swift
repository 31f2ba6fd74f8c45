import PennyCore
import Testing

/// The date's ten bytes (journal writer, dedup hash) and its description agree, and a
/// date moved past 9999 still prints every digit of its year.
struct DateBytesTests {
    @Test func bytesAndDescriptionAgreeOverFourCenturies() {
        var date = LocalDate(year: 1900, month: 1, day: 1)!
        while date.year < 2300 {
            let bytes = date.withISOBytes { String(decoding: $0, as: UTF8.self) }
            #expect(bytes == date.description)
            var text = StableHash()
            text.combine(date.description)
            var direct = StableHash()
            direct.combine(date)
            #expect(text.value == direct.value)
            date = date.adding(days: 37)
        }
    }

    @Test func aYearPast9999KeepsEveryDigit() {
        let late = LocalDate(year: 9999, month: 12, day: 31)!.adding(days: 1)
        #expect(late.description == "10000-01-01")
        var text = StableHash()
        text.combine("10000-01-01")
        var direct = StableHash()
        direct.combine(late)
        #expect(text.value == direct.value)
    }
}
