import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import PennyRules
import PennyTestSupport
import Testing

/// `rules learn` measures proposals over the ledger read one transaction at a time
/// (`RuleImpact(census:)`); it must find what the whole-file reading (`RuleImpact(audit:
/// journal:)`) finds, on random journals of rule-filed, default-filed and hand-edited entries.
@Suite struct RuleImpactStreamTests {
    static let rulesText = """
        default currency EUR

        account assets:bank
          currency EUR

        rule coffee
          if description contains "Cafe"
          category expenses:coffee

        rule rent
          if description contains "Rent"
          category expenses:home

        rule shop
          if description contains "Shop"
          category expenses:shopping

        """

    @Test(arguments: 1...30) func theStreamedImpactEqualsTheWholeFileOne(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let descriptions = ["Cafe Lisboa", "Rent March", "Shop", "Cafe Porto", "Bakery"]
        let categories = ["expenses:coffee", "expenses:home", "expenses:uncategorized", "expenses:other", "expenses:shopping"]
        let ruleTags = ["coffee", "rent", "default", "shop", "gone"]
        var journal = ""
        for n in 0..<Int.random(in: 0...50, using: &random) {
            let amount = Int.random(in: 1...90, using: &random)
            journal += "2024-03-0\(n % 9 + 1) \(descriptions.randomElement(using: &random)!)\n"
            journal += "    ; id: \(String(n, radix: 16))\n    ; source: s.csv:\(n)\n"
            if Int.random(in: 0...4, using: &random) > 0 { journal += "    ; rule: \(ruleTags.randomElement(using: &random)!)\n" }
            journal += "    \(categories.randomElement(using: &random)!)  \(amount).00 EUR\n    assets:bank  -\(amount).00 EUR\n\n"
        }
        let path = TestScratch.root.appendingPathComponent("impact-\(seed)-\(UUID().uuidString).journal").path
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
        let rules = try RulesLoader.load(text: Self.rulesText, file: "penny.rules")
        let newRules: Set<String> = ["shop", "coffee"]
        let whole = RuleImpact(
            rules: rules, newRules: newRules, audit: RuleTagAudit(journal: try JournalBlocks(path: path), rules: rules.auditFacts),
            journal: try JournalBlocks(path: path), ledgerPath: path)
        var census = RuleTagAudit.Census(rules: rules.auditFacts)
        try JournalBlockStream.forEachBlock(path: path) { block in _ = census.count(block) }
        let streamed = try RuleImpact(rules: rules, newRules: newRules, census: census, ledgerPath: path)
        #expect(streamed.deciders == whole.deciders)
        #expect(Set(streamed.effects.keys) == Set(whole.effects.keys))
        for (rule, effect) in whole.effects {
            #expect(streamed.effects[rule]?.reproduced == effect.reproduced)
            #expect(streamed.effects[rule]?.contradicted == effect.contradicted)
            #expect(streamed.effects[rule]?.changes.map { $0.line } == effect.changes.map { $0.line })
            #expect(streamed.effects[rule]?.changes.map { $0.newCategory } == effect.changes.map { $0.newCategory })
        }
    }
}
