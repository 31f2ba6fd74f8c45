import PennyRules
import Testing

/// Whether an import needs to keep default-filed entries for transfer legs to refile.
@Suite struct NamesTransfersTests {
    @Test func onlyADecisionNamingAnOwnAccountNamesTransfers() throws {
        let accounts = "account assets:a\naccount assets:b\n\n"
        #expect(try !RulesLoader.load(text: accounts + "rule r\n  if description contains \"x\"\n  category expenses:x\n").namesTransfers)
        #expect(try RulesLoader.load(text: accounts + "rule r\n  if description contains \"trf\"\n  category assets:b\n").namesTransfers)
        #expect(try RulesLoader.load(text: accounts + "default expense-category assets:b\n").namesTransfers)
    }
}
