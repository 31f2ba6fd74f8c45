import PennyCore
import PennyRules
import Testing

/// One test per warning of `rules check`.
struct RuleWarningTests {
    func warnings(_ text: String) throws -> [String] {
        try RulesLoader.load(text: text, file: "w.rules").lint().map(\.headline)
    }

    @Test func shadowedRules() throws {
        let text = """
            rule food
              if description contains "PINGO"
              category expenses:food
            rule food-lisbon
              if description contains "PINGO DOCE LISBOA", "PINGO DOCE PORTO"
              if amount < 0
              category expenses:food:lisbon
            rule big-spend
              if amount < -100.00
              category expenses:big
            rule bigger-spend
              if amount < -500.00
              category expenses:bigger
            rule not-shadowed
              if description starts-with "COMPRA"
              category expenses:shopping
            rule tagger
              tag everything
              continue
            rule after-tagger
              if description contains "X"
              category expenses:x
            """
        #expect(
            try warnings(text) == [
                "w.rules:4:1: warning: rule 'food-lisbon' can never decide: rule 'food' (w.rules:1:1) comes first and holds for every transaction this one does",
                "w.rules:11:1: warning: rule 'bigger-spend' can never decide: rule 'big-spend' (w.rules:8:1) comes first and holds for every transaction this one does",
            ])
    }

    @Test func categoryOutsideTheRoots() throws {
        #expect(
            try warnings("rule x\n  if amount < 0\n  category expense:food\n") == [
                "w.rules:1:1: warning: rule 'x': category 'expense:food' is not under assets, liabilities, income, expenses, equity; reports will not count it"
            ])
    }
}
