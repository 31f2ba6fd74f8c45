import Foundation
import PennyCore
import PennyPipeline
import PennyReport
import PennyRules
import PennyTestSupport
import Testing

/// `recapPages` makes every month's recap from a few readings of the ledger; each page must
/// be the page `recapPage` makes reading the ledger for that month alone. Random ledgers
/// of up to 30 months (more than one group of `recapMonthsPerPass`), in random order, with
/// a card, an account in another currency, statement balances, budgets and a split,
/// transactions left to the default category, and months without data.
struct MonthlyRecapPagesTests {
    static let rulesText = """
        default currency EUR
        default expense-category expenses:uncategorized
        price 2022-12-01 USD 0.9123 EUR
        account assets:bank:checking
          currency EUR
          opening 2023-01-01 1000.00
        account liabilities:card:visa
          currency EUR
          type card
          closing-day 25
          due-day 10
        account assets:bank:dollars
          currency USD
        budget
          expenses:food 15% of income
          expenses:leisure 200.00
          split needs 50% wants 30% savings 20%
        """

    @Test(arguments: 1...12) func eachPageIsThePageOfItsMonthReadAlone(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let folder = try ScratchFolder()
        let ledger = folder.path("ledger.journal")
        try Self.ledger(months: Int.random(in: 1...30, using: &random), using: &random).write(toFile: ledger, atomically: true, encoding: .utf8)
        let rules = try RulesLoader.load(text: Self.rulesText, file: "penny.rules")
        let assembly = ReportAssembly(rules: rules, ledgerPath: ledger, currency: .euro, period: .all, interval: .month, depth: 2)
        var months: [(year: Int, month: Int)] = (0..<32).map { (2023 + $0 / 12, $0 % 12 + 1) }
        if seed % 3 == 0 { months = months.filter { _ in Bool.random(using: &random) } }
        var pages: [String] = []
        try assembly.recapPages(months: months, locale: "en", site: nil) { (m, page) throws(PennyError) in
            #expect(pages.count < months.count && m == months[pages.count])
            pages.append(page)
        }
        #expect(pages.count == months.count)
        // The pages hold what the passes gather: payees, the uncategorized, the card.
        #expect(pages.contains { $0.contains("<tr data-payee=") })
        #expect(pages.contains { !$0.contains("data-key=\"uncategorized\" data-value=\"0\"") })
        for (m, page) in zip(months, pages) {
            let period = try #require(ReportPeriod.month(m.year, m.month))
            let alone = ReportAssembly(rules: rules, ledgerPath: ledger, currency: .euro, period: period, interval: .month, depth: 2)
            #expect(page == (try alone.recapPage(locale: "en")), "\(m)")
        }
    }

    /// A ledger of `months` months from January 2023, its transactions in random order.
    static func ledger(months: Int, using random: inout SeededGenerator) -> String {
        let shops = ["LIDL 1234 LISBOA", "Netflix | NETFLIX.COM", "PINGO DOCE", "RENDA MARCO", "CAFE CENTRAL", "UBER *TRIP 88", "PARC 03/10 LOJA"]
        let categories = ["expenses:food:groceries", "expenses:leisure", "expenses:housing", "expenses:uncategorized", "income:salary", "income:uncategorized"]
        var blocks: [String] = []
        for _ in 0..<(months * Int.random(in: 4...12, using: &random)) {
            let month = Int.random(in: 0..<months, using: &random)
            let date = String(format: "%04d-%02d-%02d", 2023 + month / 12, month % 12 + 1, Int.random(in: 1...28, using: &random))
            let category = categories.randomElement(using: &random)!
            let own = ["assets:bank:checking", "liabilities:card:visa", "assets:bank:dollars"].randomElement(using: &random)!
            let currency = own == "assets:bank:dollars" ? "USD" : "EUR"
            let cents = Int.random(in: 1...50_000, using: &random) * (category.hasPrefix("income") ? -1 : 1)
            let amount = String(format: "%@%d.%02d", cents < 0 ? "-" : "", abs(cents) / 100, abs(cents) % 100)
            let rule = category.hasSuffix("uncategorized") ? "default" : "r1"
            let id = String(format: "%016llx", UInt64.random(in: 0...UInt64.max, using: &random))
            var block = "\(date) * \(shops.randomElement(using: &random)!)\n    ; id: \(id)\n    ; rule: \(rule)\n    \(category)  \(amount) \(currency)\n    \(own)\n"
            if Int.random(in: 0..<20, using: &random) == 0 {
                block =
                    "; statement-balance: assets:bank:checking closing \(date) \(cents / 100).00 EUR id 00000000000000\(String(format: "%02d", blocks.count % 100)) source s.csv:1\n"
                    + block
            }
            blocks.append(block)
        }
        return "; test ledger\n\n" + blocks.joined(separator: "\n")
    }
}
