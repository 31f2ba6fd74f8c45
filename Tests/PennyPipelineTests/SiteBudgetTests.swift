import PennyCore
import PennyPipeline
import PennyReport
import PennyRules
import Testing

/// A category page says its budget as the rules give it.
struct SiteBudgetTests {
    @Test func aBudgetIsAnAmountAMonthOrAShareOfIncome() throws {
        let rules = try RulesLoader.load(
            text: """
                default currency EUR
                budget
                  expenses:food 300.00
                  expenses:housing 35% of income
                """)
        let said = ReportSite.budgets(rules.budgets, locale: ReportLocale("en"), currency: .euro)
        #expect(said["expenses:food"] == "Budget: €300.00 a month")
        #expect(said["expenses:housing"] == "Budget: 35.00% of income")
        #expect(ReportSite.budgets(rules.budgets, locale: ReportLocale("pt-PT"), currency: .euro)["expenses:food"] == "Orçamento: 300,00\u{00A0}€ por mês")
    }
}
