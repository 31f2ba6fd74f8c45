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

/// Figures made by multiplying an amount (a recurring item's monthly cost, its remaining
/// instalments) or by subtracting two (an exchange's cost) are checked too: an input that
/// once trapped is now `MoneyError.overflow`.
struct MultipliedFigureOverflowTests {
    static func payment(_ year: Int, _ units: Int64, _ text: String) -> Payment {
        Payment(date: LocalDate(year: year, month: 3, day: 10)!, amount: Money(minorUnits: units, currency: .euro), description: text, category: "e", account: "a")
    }

    /// Two yearly instalments of 10^17 cents with 97 left: the remaining total (9.7 × 10^18)
    /// passes 64 bits. `amount * left` trapped here.
    @Test func recurringRemainingInstalmentsOverflow() {
        let payments = [Self.payment(2023, -100_000_000_000_000_000, "LOJA PARC 01/99"), Self.payment(2024, -100_000_000_000_000_000, "LOJA PARC 02/99")]
        #expect(throws: MoneyError.overflow) { try RecurringDetector(asOf: LocalDate(year: 2024, month: 3, day: 10)!).detect(payments) }
        // Fewer left: the same amount's remaining total fits and is exact.
        let fitting = [Self.payment(2023, -100_000_000_000_000_000, "LOJA PARC 01/12"), Self.payment(2024, -100_000_000_000_000_000, "LOJA PARC 02/12")]
        let items = try? RecurringDetector(asOf: LocalDate(year: 2024, month: 3, day: 10)!).detect(fitting)
        #expect(items?.first?.remainingTotal == Money(minorUnits: -1_000_000_000_000_000_000, currency: .euro))
    }

    /// A weekly item (confirmed by hand) of 3 × 10^18 cents costs 13 × 10^18 a month: past
    /// 64 bits. `Int64(clamping:)` made it `Int64.max`, a wrong figure; the amounts' five
    /// times in the stability test trapped for amounts past 2^63 / 5.
    @Test func recurringMonthlyCostOverflow() {
        let weekly = RecurringDetector.Override(applies: { $0 == "GYM" }, confirms: true, interval: .weekly)
        let detector = RecurringDetector(asOf: LocalDate(year: 2024, month: 3, day: 20)!, overrides: [weekly])
        let payments = [3, 10, 17].map {
            Payment(
                date: LocalDate(year: 2024, month: 3, day: $0)!, amount: Money(minorUnits: 3_000_000_000_000_000_000, currency: .euro), description: "GYM", category: "i",
                account: "a")
        }
        #expect(throws: MoneyError.overflow) { try detector.detect(payments) }
        let found = [3, 10, 17].map {
            Payment(date: LocalDate(year: 2024, month: 3, day: $0)!, amount: Money(minorUnits: -.max, currency: .euro), description: "RENT", category: "e", account: "a")
        }
        #expect(RecurringDetector.isStable(found.map(\.amount.minorUnits)))
    }

    /// A budget of 10^15 cents a month over a ledger from the year 1000 to 2024 (12,291
    /// months): `amount * months` trapped.
    @Test func budgetForCenturiesOverflow() throws {
        var builder = SummaryBuilder(period: .all, currency: .euro, depth: 2)
        for year in [1000, 2024] {
            try builder.add(Posting(date: LocalDate(year: year, month: 1, day: 10)!, account: "expenses:food", amount: Money(minorUnits: 1000, currency: .euro)))
        }
        var budget = Budget(location: SourceLocation(file: "b.rules"))
        let monthly = DecimalAmount(tenThousandths: 100_000_000_000_000_000, currency: nil)
        budget.lines = [Budget.Line(account: "expenses:food", amount: monthly, location: SourceLocation(file: "b.rules"))]
        #expect(throws: MoneyError.overflow) { try builder.build(budgets: [budget]) }
        #expect(try builder.build().expenses.minorUnits == 2000)
    }

    /// An exchange whose money left as `Int64.min` (`-paid` trapped), and one whose cost
    /// `paid - reference` passes 64 bits (the subtraction trapped).
    @Test func exchangeCostOverflow() {
        let day = LocalDate(year: 2024, month: 3, day: 1)!
        let usd = Currency(code: "USD")!
        let rates = ExchangeRates([ExchangeRate(date: day, from: .euro, rate: Rate(parsing: "2")!, to: usd)])
        let postings: [(account: String, amount: Money?)] = [("assets:eur", Money(minorUnits: .min, currency: .euro)), ("assets:usd", Money(minorUnits: 1, currency: usd))]
        #expect(throws: MoneyError.overflow) { try ExchangeCost.exchange(date: day, postings: postings, ownAccounts: ["assets:eur", "assets:usd"], rates: rates) }
        #expect(throws: MoneyError.overflow) {
            try ExchangeCost(date: day, from: "a", to: "b", paid: Money(minorUnits: .max, currency: .euro), received: Money(minorUnits: -2, currency: usd), rates: rates)
        }
        let fine = try? ExchangeCost(date: day, from: "a", to: "b", paid: Money(minorUnits: 100, currency: .euro), received: Money(minorUnits: 150, currency: usd), rates: rates)
        #expect(fine?.cost == Money(minorUnits: 25, currency: .euro))
    }
}
