import PennyRules
import Testing

/// A rules file saved with Windows line endings reads exactly like the same file with LF.
struct CRLFRulesTests {
    @Test func aCRLFRulesFileReadsLikeLF() throws {
        let lf = "account assets:bank:a\n  id PT500001\n\nrule coffee\n  if description contains \"CAFÉ\", cafe\n  category expenses:food\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let a = try RulesLoader.load(text: lf, file: "r.rules"), b = try RulesLoader.load(text: crlf, file: "r.rules")
        #expect(b.accounts.map(\.identifiers) == a.accounts.map(\.identifiers))
        #expect(b.rules.map(\.name) == ["coffee"])
        #expect(b.rules.first?.category == "expenses:food")
        #expect(b.rules.first?.conditions.count == 1)
    }
}
