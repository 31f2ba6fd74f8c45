import Foundation
import PennyTestSupport
import PennyCore
import PennyLedger
import PennyReport
import PennyRules
import Testing

struct UncategorizedTests {
    static let journal = """
        2024-03-01 * PAG UBER TRIP 1234
            ; id: 0000000000000001
            ; rule: uber
            expenses:transport:taxi        12.00 EUR
            assets:bank:checking          -12.00 EUR

        2024-03-02 * Supermarket | COMPRA CONTINENTE 77
            ; id: 0000000000000002
            ; rule: groceries
            expenses:food:groceries        30.00 EUR
            assets:bank:checking          -30.00 EUR

        2024-03-03 * UBER EATS 5521
            ; id: 0000000000000003
            ; source: x.csv:4
            ; rule: default
            expenses:uncategorized         20.00 EUR
            assets:bank:checking          -20.00 EUR

        2024-03-04 * BOLT RIDE 12 LISBOA
            ; id: 0000000000000004
            ; source: x.csv:5
            ; rule: default
            expenses:uncategorized          7.00 EUR
            assets:bank:checking           -7.00 EUR

        2024-03-05 * BOLT RIDE 13 LISBOA
            ; id: 0000000000000005
            ; rule: default
            expenses:uncategorized          8.50 EUR
            assets:bank:checking           -8.50 EUR

        2024-03-06 * BOLT RIDE 14 LISBOA
            ; id: 0000000000000006
            ; rule: manual
            expenses:transport:hand        1.00 EUR
            assets:bank:checking          -1.00 EUR

        """

    @Test func groupsMostFrequentFirstWithSuggestedRules() throws {
        let path = TestScratch.root.appendingPathComponent("penny-unc-\(UUID().uuidString).journal").path
        try Self.journal.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try UncategorizedReport(journal: try JournalBlocks(path: path), ownAccounts: ["assets:bank:checking"], path: path)
        let streamed = try UncategorizedReport(ledgerPath: path, ownAccounts: ["assets:bank:checking"])
        #expect(streamed.render() == report.render() && streamed.renderJSON() == report.renderJSON() && streamed.examples == report.examples)
        #expect(report.groups.map(\.key) == ["bolt ride # lisboa", "uber eats #"])
        #expect(
            report.render() == """
                # 2× "bolt ride # lisboa": -15.50 EUR in total; first 2024-03-04, x.csv:5
                rule bolt-ride
                  if description contains "BOLT RIDE"
                  if amount < 0
                  category expenses:transport:hand   # suggested: 1 categorized money-out transaction with this description, all expenses:transport:hand

                # 1× "uber eats #": -20.00 EUR in total; first 2024-03-03, x.csv:4
                rule uber-eats
                  if description contains "UBER EATS"
                  if amount < 0
                  category expenses:CHOOSE   # no suggestion; nearest categorized: 'pag uber trip #' (expenses:transport:taxi)


                """)
    }

    @Test func theLeadWordMustBeFiledOneWayAtLeastTwice() {
        var model = CategorySuggester()
        model.learn("COMPRA PINGO DOCE LX 44", category: "expenses:food", isNegative: true)
        model.learn("COMPRA PINGO DOCE PORTO", category: "expenses:food", isNegative: true)
        model.learn("COMPRA GALP 1", category: "expenses:fuel", isNegative: true)
        model.learn("COMPRA CONTINENTE MATOSINHOS", category: "expenses:food", isNegative: true)
        model.learn("FARMACIA MATOSINHOS", category: "expenses:health", isNegative: true)
        #expect(model.verdict(key: "compra pingo doce alvalade", isNegative: true).category == "expenses:food")
        #expect(model.verdict(key: "compra pingo doce alvalade", isNegative: true).evidence == "all 2 categorized money-out transactions with 'pingo' are expenses:food")
        // Seen once: not enough.
        #expect(model.verdict(key: "galp #", isNegative: true).category == nil)
        // The lead word is unknown; a city filed one way does not decide.
        #expect(model.verdict(key: "restaurante matosinhos", isNegative: true).category == nil)
        #expect(CategorySuggester().verdict(key: "anything", isNegative: true).evidence == "no suggestion: nothing alike is categorized yet")
    }

    @Test func moneyInIsNeverSuggestedWhatMoneyOutWasFiledUnder() {
        var model = CategorySuggester()
        for n in 1...5 { model.learn("AMAZON MKTPLACE \(n)", category: "expenses:shopping", isNegative: true) }
        for n in 1...3 { model.learn("TRANSFER TO J SMITH \(n)", category: "expenses:gifts", isNegative: true) }
        model.learn("TRANSFER FROM J SMITH", category: "income:family", isNegative: false)
        model.learn("TRANSFER FROM J SMITH", category: "income:family", isNegative: false)
        // A refund: a merchant whose charges were all shopping.
        #expect(model.verdict(key: "amazon mktplace refund", isNegative: false).category == nil)
        #expect(model.verdict(key: "transfer from j smith", isNegative: false).category == "income:family")
        #expect(model.verdict(key: "transfer to j smith", isNegative: true).category == "expenses:gifts")
        #expect(model.verdict(key: "amazon mktplace", isNegative: nil).category == nil)
    }

    @Test func aWordFiledUnderAnotherCategoryVetoesTheSuggestion() {
        var model = CategorySuggester()
        model.learn("UBER TRIP 1", category: "expenses:transport", isNegative: true)
        model.learn("UBER TRIP 2", category: "expenses:transport", isNegative: true)
        model.learn("EATS DELIVERY 1", category: "expenses:food:delivery", isNegative: true)
        model.learn("EATS DELIVERY 2", category: "expenses:food:delivery", isNegative: true)
        #expect(model.verdict(key: "uber trip #", isNegative: true).category == "expenses:transport")
        #expect(model.verdict(key: "uber eats #", isNegative: true).category == nil)
        #expect(model.verdict(key: "uber eats #", isNegative: true).evidence.hasPrefix("no suggestion; nearest categorized: "))
    }

    @Test func transfersToOwnAccountsAreLearnedLikeAnyCategory() {
        var model = CategorySuggester()
        model.learn("TRF PARA POUPANCA 03", category: "assets:bank:savings", isNegative: true)
        model.learn("TRF PARA POUPANCA 04", category: "assets:bank:savings", isNegative: true)
        #expect(model.verdict(key: "trf para poupanca #", isNegative: true).category == "assets:bank:savings")
    }

    /// Every rule block the report suggests parses, whatever the bank wrote.
    @Test func suggestedRuleBlocksParseForHostileDescriptions() throws {
        var g = SeededGenerator(seed: 27)
        let pieces = ["\"", "\\", "#", "(.*)", "[a-z]+", "^$", "ÇÃO", "Ü", "日本", "'", ";", "  ", "|", "{", "}", "%", "\t", "PAG", "CAFE", "123", "4.50"]
        var journal = ""
        for n in 0..<200 {
            var description = ""
            for _ in 0..<Int.random(in: 1...5, using: &g) { description += pieces.randomElement(using: &g)! + (Bool.random(using: &g) ? " " : "") }
            let text = description.replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespaces)
            journal += "2024-03-\(String(format: "%02d", n % 28 + 1)) * \(text.isEmpty ? "X" : text)\n    ; id: \(String(format: "%016x", n))\n    ; rule: default\n"
            journal += "    expenses:uncategorized   1.00 EUR\n    assets:bank:checking   -1.00 EUR\n\n"
        }
        let path = TestScratch.root.appendingPathComponent("penny-hostile-\(UUID().uuidString).journal").path
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try UncategorizedReport(journal: try JournalBlocks(path: path), ownAccounts: ["assets:bank:checking"], path: path)
        let rendered = report.render()
        #expect(try UncategorizedReport(ledgerPath: path, ownAccounts: ["assets:bank:checking"]).render() == rendered)
        #expect(!rendered.contains("contains \"\""), "a rule that matches every description")
        let rules = "account assets:bank:checking\n\n" + rendered.replacingOccurrences(of: ":CHOOSE", with: ":misc")
        do {
            let set = try RulesLoader.load(text: rules, file: "suggested.rules")
            #expect(set.rules.count == report.groups.count)
        } catch {
            Issue.record("suggested rules do not parse: \(error.errors.map(\.headline).prefix(3))")
        }
    }
}
