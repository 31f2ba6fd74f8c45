import PennyCore
import PennyLedger
import PennyReport
import Testing

struct CategorySeriesTests {
    @Test(arguments: [
        ("2024-03-01", "2024-W09"), ("2021-01-03", "2020-W53"), ("2024-12-30", "2025-W01"), ("2026-11-21", "2026-W47"),
    ])
    func isoWeekLabels(date: String, label: String) {
        #expect(CategorySeriesBuilder.label(LocalDate(iso: date)!, .week) == label)
    }

    @Test func monthlySeriesWithIncomeFirstAndCSV() throws {
        var builder = CategorySeriesBuilder(period: .all, interval: .month, currency: .euro, depth: 2)
        for (date, account, units) in [
            ("2024-01-05", "income:salary", Int64(-250_000)), ("2024-01-07", "expenses:food:groceries", 4000), ("2024-02-07", "expenses:food:out", 1500),
            ("2024-02-09", "expenses:rent", 80_000), ("2024-02-09", "assets:bank", -80_000),
        ] {
            try builder.add(Posting(date: LocalDate(iso: date)!, account: account, amount: Money(minorUnits: units, currency: .euro)))
        }
        let series = builder.build()
        #expect(series.buckets == ["2024-01", "2024-02"])
        #expect(
            CSVReportWriter.render(CategorySeriesRenderer.document(series)) == """
                account,2024-01,2024-02,total,currency
                income:salary,2500.00,0.00,2500.00,EUR
                expenses:food,40.00,15.00,55.00,EUR
                expenses:rent,0.00,800.00,800.00,EUR

                """)
    }
}
