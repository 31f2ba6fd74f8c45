import PennyCore
import Testing

/// `sharesStorage`: true only for a string and a copy of that same value (bit for bit), so a
/// caller that keeps the string it was handed compares the next one by identity.
@Suite struct StringStorageTests {
    @Test func aCopyOfTheSameValueSharesItsStorage() {
        let name = String(repeating: "assets:bank:", count: 2) + "checking"
        let kept = name
        #expect(name.sharesStorage(with: kept))
    }

    @Test func equalStringsMadeApartDoNot() {
        let one = String(repeating: "assets:bank:", count: 2) + "checking"
        let other = String(repeating: "assets:bank:", count: 2) + "checking"
        #expect(one == other)
        #expect(!one.sharesStorage(with: other))
        #expect(!one.sharesStorage(with: one + "x"))
    }

    @Test func smallStringsDoWhenTheyAreTheSameText() {
        let small = "assets:a"
        #expect(small.sharesStorage(with: "assets:" + "a"))
        #expect(!small.sharesStorage(with: "assets:b"))
        #expect(!small.sharesStorage(with: "assets:"))
    }
}
