import Foundation
import PennyTestSupport
import PennyCore
import PennyRules
import Testing

/// Every condition and action of SPEC §6 as built, on hand-made transactions.
struct RulesLanguageTests {
    static let rules = """
        default currency EUR

        rule trip
          if date between 2024-07-01 and 2024-07-15
          tag trip=algarve
          note "summer holiday"
          continue

        rule salary
          if description matches /^TRF\\.? .*ORDENADO/
          if amount > 0
          category income:salary

        rule exact-case
          if memo matches /Ordenado/c
          category income:exact

        rule rent
          if counterparty starts-with "Sr. João"
          if iban is "PT50 0002 0123 1234 5678 9015 4"
          category expenses:housing:rent

        rule card-fees
          if account is liabilities:card:*
          if type is FEE
          category expenses:bank:fees
          no-roundup

        rule dollars
          if currency is usd
          if amount between -50.00 and -10.00
          category expenses:travel

        rule not-lidl
          if description contains "compra"
          if description not contains "lidl"
          if payee not is "ignore me"
          category expenses:shopping

        rule pending-noise
          if description starts-with "AUTORIZACAO"
          skip

        rule from-2025
          if date >= 2025-01-01
          if description contains "lidl"
          category expenses:food:groceries-2025

        rule lidl
          if description contains "lidl"
          category expenses:food:groceries
        """

    func decide(
        _ description: String, _ units: Int64, date: String = "2024-03-01", currency: String = "EUR", account: String = "assets:bank:checking",
        payee: String? = nil, memo: String? = nil, counterparty: String? = nil, iban: String? = nil, type: String? = nil
    ) throws -> Categorization {
        let categorizer = Categorizer(try RulesLoader.load(text: Self.rules))
        let t = Transaction(
            date: LocalDate(iso: date)!, amount: Money(minorUnits: units, currency: Currency(code: currency)!), description: description,
            location: SourceLocation(file: "t"), payee: payee, memo: memo, counterpartyName: counterparty, counterpartyIBAN: iban, type: type)
        return categorizer.categorize(t, account: account)
    }

    @Test func regexRunsOnFoldedTextUnlessExact() throws {
        #expect(try decide("TRF. Ordenado Março ACME", 245_000).ruleName == "salary")
        #expect(try decide("trf ordenado", 245_000).ruleName == "salary")
        #expect(try decide("PAG ORDENADO", 245_000).ruleName == nil)
        #expect(try decide("X", 100, memo: "Ordenado").ruleName == "exact-case")
        #expect(try decide("X", 100, memo: "ORDENADO").ruleName == nil)
    }

    @Test func otherTextFields() throws {
        #expect(try decide("TRF", -85_000, counterparty: "SR. JOAO SILVA", iban: "pt50000201231234567890154").category == "expenses:housing:rent")
        #expect(try decide("TRF", -85_000, counterparty: "SR. JOAO SILVA", iban: "PT51000201231234567890154").ruleName == nil)
        let fee = try decide("ANNUAL FEE", -2500, account: "liabilities:card:visa", type: "fee")
        #expect(fee == Categorization(category: "expenses:bank:fees", ruleName: "card-fees", excludesRoundUp: true))
        #expect(try decide("ANNUAL FEE", -2500, account: "assets:bank:checking", type: "fee").ruleName == nil)
    }

    @Test func amountsBetweenAndCurrencies() throws {
        #expect(try decide("TAXI", -1000, currency: "USD").ruleName == "dollars")
        #expect(try decide("TAXI", -5000, currency: "USD").ruleName == "dollars")
        #expect(try decide("TAXI", -5001, currency: "USD").ruleName == nil)
        #expect(try decide("TAXI", -2000, currency: "EUR").ruleName == nil)
    }

    @Test func negationAndFirstMatch() throws {
        #expect(try decide("COMPRA WORTEN", -999).ruleName == "not-lidl")
        #expect(try decide("COMPRA WORTEN", -999, payee: "Ignore Me").ruleName == nil)
        #expect(try decide("COMPRA LIDL", -999).ruleName == "lidl")
        #expect(try decide("COMPRA LIDL", -999, date: "2025-02-01").ruleName == "from-2025")
    }

    @Test func continueLetsLaterRulesFillIn() throws {
        let decision = try decide("COMPRA LIDL ALBUFEIRA", -2345, date: "2024-07-03")
        #expect(decision == Categorization(category: "expenses:food:groceries", ruleName: "lidl", tags: [Tag(name: "trip", value: "algarve")], note: "summer holiday"))
        let noCategory = try decide("GELADOS", -300, date: "2024-07-03")
        #expect(noCategory.category == "expenses:uncategorized" && noCategory.ruleName == nil && noCategory.tags.count == 1)
    }

    @Test func skip() throws {
        #expect(try decide("AUTORIZAÇÃO PENDENTE", -500).skips)
    }

    @Test func includesAreReadOnceAndCyclesRefused() throws {
        let directory = TestScratch.root.appendingPathComponent("penny-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try "include shared/banks.rules\nrule a\n  if description contains a\n  category expenses:a\n".write(
            to: directory.appendingPathComponent("a.rules"), atomically: true, encoding: .utf8)
        try "rule b\n  if description contains b\n  category expenses:b\n".write(to: directory.appendingPathComponent("shared/banks.rules"), atomically: true, encoding: .utf8)
        try "include shared/banks.rules\n".write(to: directory.appendingPathComponent("z.rules"), atomically: true, encoding: .utf8)
        #expect(try RulesLoader.load(path: directory.path).rules.map(\.name) == ["b", "a"])
        try "include ../a.rules\n".write(to: directory.appendingPathComponent("shared/banks.rules"), atomically: true, encoding: .utf8)
        do {
            _ = try RulesLoader.load(path: directory.appendingPathComponent("a.rules").path)
            Issue.record("expected a cycle error")
        } catch {
            #expect(error.errors.map(\.message) == ["'../a.rules' includes itself (through \(directory.path)/a.rules -> \(directory.path)/shared/banks.rules)"])
        }
    }

    /// An absolute path needs no quotes (it used to start a regular expression).
    @Test func anUnquotedAbsoluteIncludeIsAPath() throws {
        let directory = TestScratch.root.appendingPathComponent("penny-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shared = directory.appendingPathComponent("shared.rules")
        try "rule b\n  if description contains b\n  category expenses:b\n".write(to: shared, atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("main.rules")
        try "include \(shared.path)\nrule a\n  if description contains a\n  category expenses:a\n".write(to: main, atomically: true, encoding: .utf8)
        #expect(try RulesLoader.load(path: main.path).rules.map(\.name) == ["b", "a"])
        try "include /no where.rules\n".write(to: main, atomically: true, encoding: .utf8)
        #expect(throws: RulesDiagnostics.self) { try RulesLoader.load(path: main.path) }
    }

    /// Issue 33, item 12: a relative include reached any file on the system and echoed its
    /// lines in errors; it stays under the rules folder (an absolute path is the user's
    /// explicit choice), and only `.rules` files are read.
    @Test func aRelativeIncludeStaysUnderTheRulesFolder() throws {
        let directory = TestScratch.root.appendingPathComponent("penny-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try "rule secret\n  if description contains s\n  category expenses:s\n".write(
            to: directory.appendingPathComponent("secret.rules"), atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("rules/main.rules")
        try "include ../secret.rules\n".write(to: main, atomically: true, encoding: .utf8)
        do {
            _ = try RulesLoader.load(path: directory.appendingPathComponent("rules").path)
            Issue.record("expected the include to be refused")
        } catch {
            #expect(
                error.errors.map(\.message) == [
                    "'../secret.rules' is outside the rules folder (\(directory.appendingPathComponent("rules").path)): include files under it, or give an absolute path"
                ])
        }
    }
}
