import Foundation
import PennyCore
import PennyPipeline
import PennyRules
import PennyTestSupport
import Testing

/// Rule blocks Penny writes (learned from corrections, answered in a categorizing session).
@Suite struct RuleDraftTests {
    /// Whatever the bank wrote, the block parses and files that very description under its
    /// category, for its sign only.
    @Test func aDraftParsesAndMatchesItsOwnDescriptionForHostileText() throws {
        var g = SeededGenerator(seed: 2711)
        let pieces = ["\"", "\\", "#", "(.*)", "[a-z]+", "^$", "ÇÃO", "Ü", "日本", "'", ";", "  ", "|", "{", "}", "%", "PAG", "CAFÉ", "123", "4.50", "a\\\"b"]
        for n in 0..<300 {
            var description = ""
            for _ in 0..<Int.random(in: 1...5, using: &g) { description += pieces.randomElement(using: &g)! + (Bool.random(using: &g) ? " " : "") }
            description = description.trimmingCharacters(in: .whitespaces)
            if description.isEmpty { description = "X" }
            let negative = n % 2 == 0
            let draft = RuleDraft.matching(description, isNegative: negative, category: "expenses:misc", taken: ["default"])
            let text = "account assets:bank:checking\n\n" + draft.block
            let rules: RuleSet
            do { rules = try RulesLoader.load(text: text, file: "learned.rules") } catch {
                Issue.record("draft for \(description.debugDescription) does not parse: \(error.errors.map(\.headline).prefix(2))")
                continue
            }
            let categorizer = Categorizer(rules)
            func decide(_ units: Int64) -> String? {
                let t = Transaction(
                    date: LocalDate(year: 2024, month: 3, day: 1)!, amount: Money(minorUnits: units, currency: .euro), description: description, location: SourceLocation(file: "t")
                )
                return categorizer.categorize(t, account: "assets:bank:checking").ruleName
            }
            #expect(decide(negative ? -100 : 100) == draft.name, "\(description.debugDescription) -> \(draft.block)")
            #expect(decide(negative ? 100 : -100) == nil, "the other sign stays with the default")
        }
    }

    /// A ledger allows single spaces in an account name; the block quotes such a category.
    @Test func aCategoryWithSpacesIsQuotedAndReadBack() throws {
        for category in ["expenses:eating out", "expenses:café & bar", "expenses:a \"quoted\" name", "expenses:food"] {
            let draft = RuleDraft(name: "x", match: .contains("A"), isNegative: true, category: category)
            let rules = try RulesLoader.load(text: draft.block, file: "learned.rules")
            #expect(rules.rules.first?.category == category, "\(draft.block)")
        }
        #expect(RuleDraft(name: "x", match: .contains("A"), isNegative: nil, category: "expenses:food").block.hasSuffix("  category expenses:food\n\n"))
    }

    @Test func namesAreUniqueAndNeverReserved() {
        #expect(RuleDraft.uniqueName("PINGO DOCE", taken: []) == "pingo-doce")
        #expect(RuleDraft.uniqueName("PINGO DOCE", taken: ["pingo-doce", "pingo-doce-2"]) == "pingo-doce-3")
        #expect(RuleDraft.uniqueName("", taken: []) == "learned")
        #expect(RuleDraft.uniqueName("default", taken: []) == "learned")
    }

    @Test func aDescriptionOfNumbersOnlyIsMatchedWhole() {
        let draft = RuleDraft.matching("123 456", isNegative: nil, category: "expenses:misc", taken: [])
        #expect(draft.block == "rule learned\n  if description is \"123 456\"\n  category expenses:misc\n\n")
    }
}
