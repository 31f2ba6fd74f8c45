import PennyCore
import PennyLedger
import PennyReport
import Testing

struct SummaryTests {
    func posting(_ date: String, _ account: String, _ units: Int64, _ code: String = "EUR") -> Posting {
        Posting(date: LocalDate(iso: date)!, account: account, amount: Money(minorUnits: units, currency: Currency(code: code)!))
    }

    @Test func theJSONOfTheSpec() throws {
        var builder = SummaryBuilder(period: ReportPeriod.month(2024, 3)!, currency: .euro, depth: 2)
        for p in [
            posting("2024-03-01", "income:salary", -250_000), posting("2024-03-01", "assets:bank", 250_000),
            posting("2024-03-02", "expenses:food:groceries", 34_567), posting("2024-03-02", "assets:bank", -34_567),
            posting("2024-03-05", "expenses:housing:rent", 88_889), posting("2024-03-05", "assets:bank", -88_889),
            posting("2024-03-07", "expenses:food:restaurants", 0),
            posting("2024-04-01", "expenses:food:groceries", 999),  // outside the period
            posting("2024-03-09", "expenses:travel", 5000, "USD"),  // another currency
            posting("2024-03-10", "assets:bank:savings", 10_000), posting("2024-03-10", "assets:bank", -10_000),  // a transfer
        ] { try builder.add(p) }
        let summary = try builder.build()
        #expect(
            SummaryRenderer.json(summary) == """
                {"period": {"from": "2024-03-01", "to": "2024-03-31"}, "currency": "EUR", "income": "2500.00", "expenses": "1234.56", "net": "1265.44", "savings_rate": 50.62, "categories": [{"account": "expenses:housing", "amount": "888.89", "share_of_expenses": 72.0, "share_of_income": 35.56, "budget": null, "remaining": null}, {"account": "expenses:food", "amount": "345.67", "share_of_expenses": 28.0, "share_of_income": 13.83, "budget": null, "remaining": null}], "roundups": []}

                """)
        #expect(summary.otherCurrencies == ["USD"])
        #expect(TextReportWriter.render(SummaryRenderer.document(summary)).contains("Not included (other currencies): USD"))
    }

    @Test func budgetsByShareOfIncomeAndPerMonth() throws {
        var builder = SummaryBuilder(period: ReportPeriod.parse("2024-Q1", today: LocalDate(year: 2024, month: 6, day: 1)!)!, currency: .euro, depth: 2)
        try builder.add(posting("2024-01-05", "income:salary", -503_781))
        try builder.add(posting("2024-02-10", "expenses:food:groceries", 49_744))
        try builder.add(posting("2024-03-12", "expenses:leisure", 2098))
        var budget = Budget(location: SourceLocation(file: "b.rules"))
        budget.lines = [
            Budget.Line(account: "expenses:food", hundredthsOfIncome: 1500, location: SourceLocation(file: "b.rules")),
            Budget.Line(account: "expenses:leisure", amount: DecimalAmount(tenThousandths: 500_000, currency: nil), location: SourceLocation(file: "b.rules")),
            Budget.Line(account: "expenses:travel", amount: DecimalAmount(tenThousandths: 1_000_000, currency: nil), location: SourceLocation(file: "b.rules")),
        ]
        let lines = try builder.build(budgets: [budget]).categories
        // 15% of 5037.81 is 755.6715: 755.67. Fixed amounts are per month: three months.
        #expect(lines.map(\.account) == ["expenses:food", "expenses:leisure", "expenses:travel"])
        #expect(lines.map { $0.budget?.decimalString } == ["755.67", "150.00", "300.00"])
        #expect(lines.map { $0.remaining?.decimalString } == ["258.23", "129.02", "300.00"])
    }

    @Test func emptyLedgerHasNoShares() throws {
        let summary = try SummaryBuilder(period: .all, currency: .euro, depth: 2).build()
        #expect(
            SummaryRenderer.json(summary).hasPrefix(
                #"{"period": {"from": null, "to": null}, "currency": "EUR", "income": "0.00", "expenses": "0.00", "net": "0.00", "savings_rate": null"#))
    }

    @Test func depthOneAndThree() throws {
        for (depth, expected) in [(1, ["expenses"]), (3, ["expenses:food:groceries", "expenses:food"])] {
            var builder = SummaryBuilder(period: .all, currency: .euro, depth: depth)
            try builder.add(posting("2024-03-02", "expenses:food:groceries", 300))
            try builder.add(posting("2024-03-02", "expenses:food", 100))
            #expect(try builder.build().categories.map(\.account) == expected)
        }
    }
}
