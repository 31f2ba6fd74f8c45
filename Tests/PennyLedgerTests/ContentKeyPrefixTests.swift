import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The kept dated prefixes are the ones hashed afresh, whatever the order of accounts and
/// dates: dates whose slots collide, accounts that change back and forth.
@Suite struct ContentKeyPrefixTests {
    @Test func keptPrefixesAreThoseHashedAfresh() {
        var g = SeededGenerator(seed: 1126)
        var prefixes = ContentKeyPrefix()
        let accounts = ["assets:bank:checking:main", "assets:bank:savings:goal", "a"]
        for _ in 0..<50_000 {
            let account = Int.random(in: 0..<20, using: &g) == 0 ? accounts.randomElement(using: &g)! : accounts[0]
            // About eleven years of days: many share a slot with another.
            let date = LocalDate(dayNumber: 18_000 + Int.random(in: 0..<4_000, using: &g))
            var fresh = DedupID.contentPrefix(account: account)
            fresh.combine(date)
            #expect(prefixes.hash(account: account, date: date).value == fresh.value)
        }
    }
}
