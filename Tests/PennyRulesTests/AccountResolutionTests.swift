import PennyCore
import PennyRules
import Testing

/// Which own account a statement identifier lands in: exact ids before `*1234` suffixes,
/// never a silent pick between two accounts.
struct AccountResolutionTests {
    /// A checking account whose IBAN ends in 4321 and a card declared `*4321`.
    static let rules = """
        account assets:bank:checking
          id "DE89 3704 0044 0532 0143 21"
        account liabilities:card:visa
          id *4321
          type card
        account assets:bank:other
          id 9988774321

        """

    func resolve(_ identifier: String, rules text: String = Self.rules) throws -> String {
        let rules = try RulesLoader.load(text: text, file: "a.rules")
        let header = StatementHeader(accountIdentifier: identifier, accountName: nil, currency: .euro, location: SourceLocation(file: "s.ofx", line: 3))
        return try rules.resolveAccount(for: header, override: nil)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try RulesLoader.load(text: text, file: "a.rules")
            return []
        } catch {
            return error.errors.map(\.headline)
        }
    }

    @Test func anExactIBANWinsOverACardSharingItsLastDigits() throws {
        #expect(try resolve("DE89370400440532014321") == "assets:bank:checking")
        #expect(try resolve("de89 3704 0044 0532 0143 21") == "assets:bank:checking")
    }

    @Test func anExactAccountNumberWinsOverACardSuffixWhateverTheDeclarationOrder() throws {
        #expect(try resolve("9988774321") == "assets:bank:other")
        let reordered = """
            account assets:bank:other
              id 9988774321
            account liabilities:card:visa
              id *4321

            """
        #expect(try resolve("9988774321", rules: reordered) == "assets:bank:other")
        #expect(try resolve("XXXXXXXXXXXX4321", rules: reordered) == "liabilities:card:visa")
    }

    @Test func aMaskedCardNumberGoesToTheCard() throws {
        #expect(try resolve("4111 1111 1111 4321") == "liabilities:card:visa")
        #expect(try resolve("************4321") == "liabilities:card:visa")
    }

    @Test func aCardSuffixNeverClaimsAnUndeclaredIBAN() throws {
        // GB82WEST12345698765432 is a valid IBAN ending in 5432; a card *5432 must not take it.
        let rules = try RulesLoader.load(text: "account liabilities:card:visa\n  id *5432\n", file: "a.rules")
        let header = StatementHeader(accountIdentifier: "GB82WEST12345698765432", accountName: nil, currency: .euro, location: SourceLocation(file: "s.ofx", line: 3))
        #expect(throws: PennyError.self) { try rules.resolveAccount(for: header, override: nil) }
        do {
            _ = try rules.resolveAccount(for: header, override: nil)
        } catch {
            #expect(error.headline.hasPrefix("s.ofx:3: error: statement for undeclared account 'GB82WEST12345698765432'"))
        }
    }

    @Test func theSameIdOnTwoAccountsIsAnErrorNamingBothBlocks() {
        let text = "account assets:bank:a\n  id \"PT50 0001\"\naccount assets:bank:b\n  id pt500001\n"
        #expect(
            errors(text) == [
                "a.rules:3:1: error: id 'pt500001' of assets:bank:b and id 'PT50 0001' of assets:bank:a (a.rules:1:1) can both claim one statement; keep the id on one account, or write the full number"
            ])
    }

    @Test func twoCardSuffixesOneEndingTheOtherAreAnError() {
        let text = "account liabilities:card:a\n  id *4321\naccount liabilities:card:b\n  id *321\n"
        #expect(
            errors(text) == [
                "a.rules:3:1: error: id '*321' of liabilities:card:b and id '*4321' of liabilities:card:a (a.rules:1:1) can both claim one statement; keep the id on one account, or write the full number"
            ])
    }

    /// Rules built in code skip the loader's check; resolution still refuses to pick.
    @Test func anIdentifierTwoAccountsClaimIsRefusedAtImportNamingBothBlocks() {
        var rules = RuleSet()
        rules.accounts = [
            AccountDeclaration(name: "liabilities:card:a", identifiers: ["*4321"], location: SourceLocation(file: "a.rules", line: 1)),
            AccountDeclaration(name: "liabilities:card:b", identifiers: ["*4321"], location: SourceLocation(file: "b.rules", line: 7)),
        ]
        let header = StatementHeader(accountIdentifier: "XXXX4321", accountName: nil, currency: .euro, location: SourceLocation(file: "s.ofx", line: 3))
        #expect(throws: PennyError.self) { try rules.resolveAccount(for: header, override: nil) }
        do {
            _ = try rules.resolveAccount(for: header, override: nil)
        } catch {
            #expect(
                error.headline
                    == "s.ofx:3: error: statement account 'XXXX4321' is claimed by liabilities:card:a (a.rules:1) and liabilities:card:b (b.rules:7); give one of them the full id")
        }
    }

    @Test func aSuffixWithoutDigitsIsAnError() {
        #expect(
            errors("account liabilities:card:a\n  id *\n") == [
                "a.rules:1:1: error: id '*': expected the last digits of a card after '*', like *4321"
            ])
    }

    @Test func ibanCheckDigits() {
        #expect(IBAN.isValid("DE89370400440532013000"))
        #expect(IBAN.isValid("gb82 west 1234 5698 7654 32"))
        #expect(!IBAN.isValid("DE89370400440532013001"))
        #expect(!IBAN.isValid("4111111111114321"))
        #expect(!IBAN.isValid("DE89"))
    }
}
