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

    /// Only the own accounts a decision can name keep their default-filed entries: a leg
    /// refiles an entry of the account its category names, never of another.
    @Test func theTargetsAreTheOwnAccountsADecisionCanName() throws {
        let accounts = "account assets:a\naccount assets:b\naccount assets:c\n\n"
        let named = try RulesLoader.load(
            text: accounts + "rule r\n  if description contains \"trf\"\n  category assets:b\n\nrule s\n  if description contains \"x\"\n  category expenses:x\n")
        #expect(named.transferTargets == ["assets:b"])
        let byDefault = try RulesLoader.load(text: accounts + "default income-category assets:c\n")
        #expect(byDefault.transferTargets == ["assets:c"])
        #expect(try RulesLoader.load(text: accounts).transferTargets.isEmpty)
    }
}
