import PennyCore
import Testing

/// Sums stop at 64 bits with an error; they never trap or wrap.
struct CheckedSumTests {
    @Test func sumsUpToTheLimitAreExact() throws {
        var total = Int64.max - 1
        try total.add(checked: 1)
        #expect(total == .max)
        var low = Int64.min + 1
        try low.subtract(checked: 1)
        #expect(low == .min)
    }

    @Test func oneMoreIsAnOverflowAndKeepsTheOldValue() {
        var total = Int64.max
        #expect(throws: MoneyError.overflow) { try total.add(checked: 1) }
        #expect(total == .max)
        var low = Int64.min
        #expect(throws: MoneyError.overflow) { try low.subtract(checked: 1) }
        #expect(low == .min)
    }

    @Test func theOneNegationThatDoesNotFitIsRefused() throws {
        #expect(try Int64.max.negated() == -Int64.max)
        #expect(throws: MoneyError.overflow) { try Int64.min.negated() }
    }

    @Test func dictionaryTotalsAndSequenceSums() throws {
        var totals: [String: Int64] = [:]
        try totals.add(checked: Int64.max, to: "a")
        try totals.add(checked: -5, to: "a")
        #expect(totals["a"] == Int64.max - 5)
        #expect(throws: MoneyError.overflow) { try totals.add(checked: 6, to: "a") }
        #expect(try [1, 2, 3].sum(checked: { Int64($0) }) == 6)
        #expect(throws: MoneyError.overflow) { try [Int64.max, 1].sum(checked: { $0 }) }
    }

    @Test func productsAndWiderIntegers() throws {
        var product: Int128 = Int128(Int64.max)
        try product.multiply(checked: 4)
        #expect(product == Int128(Int64.max) * 4)
        var big = Int64.max / 2
        #expect(throws: MoneyError.overflow) { try big.multiply(checked: 3) }
        #expect(big == Int64.max / 2)
    }

    @Test func currencyTotalsCheckEveryWayOfAdding() throws {
        let usd = try #require(Currency(code: "USD"))
        var totals = CurrencyTotals()
        try totals.add(Money(minorUnits: 5, currency: usd))
        try totals.add(Int64.max - 1, to: .euro)
        #expect(throws: MoneyError.overflow) { try totals.add(Money(minorUnits: 2, currency: .euro)) }
        #expect(totals.sortedByCode.map(\.units) == [Int64.max - 1, 5])
        // The ledger guard's counting: a posting's magnitude, an entry's two postings.
        var guardTotals = CurrencyTotals()
        try guardTotals.addMagnitude(of: -7, to: .euro)
        try guardTotals.addPostings(of: Money(minorUnits: -3, currency: .euro))
        #expect(guardTotals.dictionary == [.euro: 13])
        #expect(throws: MoneyError.overflow) { try guardTotals.addMagnitude(of: .min, to: .euro) }
        #expect(throws: MoneyError.overflow) { try guardTotals.addPostings(of: Money(minorUnits: Int64.max / 2 + 1, currency: .euro)) }
        #expect(guardTotals.dictionary == [.euro: 13])
        var merged = CurrencyTotals([usd: 1])
        try merged.add(guardTotals)
        #expect(merged.dictionary == [usd: 1, .euro: 13])
        #expect(throws: MoneyError.overflow) { try merged.add(totals) }
    }
}
