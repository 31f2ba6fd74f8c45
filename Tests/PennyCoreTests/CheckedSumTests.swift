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
}
