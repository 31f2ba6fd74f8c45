import PennyCore
import PennyLedger
import Testing

/// Content keys and first ids worked out four rows at a time (`RowLookahead`) are the keys
/// and ids of each row alone, whatever the rows' dates, amounts and descriptions.
struct DedupKeysInStepTests {
    @Test func fourKeysAtOnceAreFourKeysAlone() {
        var generator = SystemRandomNumberGenerator()
        let prefix = DedupID.contentPrefix(account: "assets:bank:checking")
        for _ in 0..<1_000 {
            let dates = (0..<4).map { _ in LocalDate(dayNumber: Int.random(in: 700_000...750_000, using: &generator)) }
            let amounts = (0..<4).map { _ in Int64.random(in: -9_999_999...9_999_999, using: &generator) }
            let texts = (0..<4).map { _ in Array("shop \(Int.random(in: 0...99_999, using: &generator))".utf8.prefix(Int.random(in: 0...12, using: &generator))) }
            let datedPrefixes = dates.map { date in
                var hash = prefix
                hash.combine(date)
                return hash
            }
            let keys = texts[0].withUnsafeBufferPointer { a in
                texts[1].withUnsafeBufferPointer { b in
                    texts[2].withUnsafeBufferPointer { c in
                        texts[3].withUnsafeBufferPointer { d in
                            DedupID.contentKeys(
                                datedPrefixes: InlineArray { datedPrefixes[$0] }, amounts: InlineArray { amounts[$0] }, currency: .euro,
                                foldedDescriptions: [a, b, c, d])
                        }
                    }
                }
            }
            let firsts = DedupID.firstContentIDs(keys: keys)
            for lane in 0..<4 {
                let alone = texts[lane].withUnsafeBufferPointer {
                    DedupID.contentKey(prefix: prefix, date: dates[lane], amount: Money(minorUnits: amounts[lane], currency: .euro), foldedDescription: $0)
                }
                #expect(keys[lane] == alone)
                #expect(firsts[lane] == DedupID.content(key: alone, occurrence: 1))
            }
        }
    }
}
