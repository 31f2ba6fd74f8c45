import PennyCore
import PennyLedger
@testable import PennyReport
@testable import PennyRoundUp
import Testing

/// Every aggregator adds through checked sums: a total that would pass 64 bits is an error,
/// never a trap or a wrapped figure.
struct AggregatorOverflowTests {
    let day = LocalDate(year: 2024, month: 3, day: 1)!
    func posting(_ account: String, _ units: Int64) -> Posting { Posting(date: day, account: account, amount: Money(minorUnits: units, currency: .euro)) }

    @Test func summary() throws {
        var builder = SummaryBuilder(period: .all, currency: .euro, depth: 2)
        try builder.add(posting("expenses:food", .max))
        #expect(throws: MoneyError.overflow) { try builder.add(posting("expenses:rent", 1)) }
        var income = SummaryBuilder(period: .all, currency: .euro, depth: 2)
        try income.add(posting("income:salary", -.max))
        #expect(throws: MoneyError.overflow) { try income.add(posting("income:bonus", -2)) }
    }

    @Test func categorySeries() throws {
        var builder = CategorySeriesBuilder(period: .all, interval: .month, currency: .euro, depth: 2)
        try builder.add(posting("expenses:food", .max))
        #expect(throws: MoneyError.overflow) { try builder.add(posting("expenses:food", 1)) }
    }

    @Test func balances() throws {
        var builder = BalancesBuilder(accounts: ["assets:a", "assets:b"], currency: .euro, asOf: nil)
        try builder.addMain(posting("assets:a", .max))
        try builder.addMain(posting("assets:b", 1))
        // Each account fits; the total of both does not.
        #expect(throws: MoneyError.overflow) { try builder.build() }
        #expect(throws: MoneyError.overflow) { try builder.addMain(posting("assets:a", 1)) }
    }

    @Test func cardCycles() throws {
        var builder = CardCycleBuilder(account: "liabilities:card", closingDay: 25, dueDay: 10, currency: .euro)
        builder.add(date: day, amount: Money(minorUnits: -.max, currency: .euro), kind: .charge)
        builder.add(date: day, amount: Money(minorUnits: -.max, currency: .euro), kind: .charge)
        #expect(throws: MoneyError.overflow) { try builder.build(asOf: day) }
    }

    @Test func roundUpStatus() throws {
        let program = RoundUpProgram(name: "spare", location: SourceLocation(file: "r.rules", line: 1))
        let accrual = DailyAccrual(date: day, program: "spare", funding: "assets:bank", pot: "assets:pot", amount: Money(minorUnits: .max, currency: .euro), purchases: 1)
        let result = RoundUpResult(days: [accrual, accrual], sweeps: [], asOf: day)
        #expect(throws: MoneyError.overflow) { try RoundUpStatus.make(result, programs: [program], currencies: ["spare": .euro]) }
    }
}

/// Issue 33, item 6: a transaction dated at the end of the calendar (9999-12) on a card with
/// a due day crashed `report cards`, `forecast` and `html` (a forced unwrap of year 10000).
struct FarDateCardTests {
    @Test(arguments: ["9999-11-30", "9999-12-26", "9999-12-31"])
    func aCardCycleAtTheEndOfTheCalendarIsData(date: String) throws {
        var builder = CardCycleBuilder(account: "liabilities:card", closingDay: 25, dueDay: 10, currency: .euro)
        builder.add(date: LocalDate(iso: "9999-10-01")!, amount: Money(minorUnits: -1_000, currency: .euro), kind: .charge)
        builder.add(date: LocalDate(iso: date)!, amount: Money(minorUnits: -2_500, currency: .euro), kind: .charge)
        let report = try builder.build(asOf: nil)
        let last = try #require(report.cycles.last)
        #expect(last.to >= LocalDate(iso: date)!)
        #expect(last.dueDate == LocalDate(iso: "9999-12-31")! || last.dueDate > last.to)
        #expect(report.cycles.map(\.purchases.minorUnits).reduce(0, +) == -3_500)
    }
}
