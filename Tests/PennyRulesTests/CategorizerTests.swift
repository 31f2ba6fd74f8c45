import PennyCore
import PennyRules
import Testing

struct CategorizerTests {
    static let rules = """
        default expense-category expenses:unknown
        default income-category income:unknown

        rule salary
          if description contains "ordenado"
          if amount > 0
          category income:salary

        rule groceries
          if description contains "Pingo Doce", "CONTINENTE"
          category expenses:food:groceries
          payee "Supermarket"

        rule pharmacy
          if description starts-with "FARMÁCIA"
          category expenses:health

        rule exact
          if description is "MB WAY"
          category expenses:transfers

        rule small
          if amount >= -5.00
          if amount < 0
          category expenses:small

        rule yen
          if amount = -1000 JPY
          category expenses:japan
        """

    func categorize(_ description: String, _ units: Int64, _ currency: Currency = .euro) throws -> Categorization {
        let categorizer = Categorizer(try RulesLoader.load(text: Self.rules))
        let t = Transaction(
            date: LocalDate(year: 2024, month: 3, day: 1)!, amount: Money(minorUnits: units, currency: currency),
            description: description, location: SourceLocation(file: "x.csv", line: 2))
        return categorizer.categorize(t)
    }

    @Test func firstMatchWinsIgnoringCaseAndAccents() throws {
        #expect(try categorize("TRF ORDENADO MARÇO", 245_000) == Categorization(category: "income:salary", ruleName: "salary"))
        #expect(try categorize("COMPRA PINGO DOCE LISBOA", -2347) == Categorization(category: "expenses:food:groceries", payee: "Supermarket", ruleName: "groceries"))
        #expect(try categorize("compra continente", -299) == Categorization(category: "expenses:food:groceries", payee: "Supermarket", ruleName: "groceries"))
        #expect(try categorize("Farmacia Graça", -1890) == Categorization(category: "expenses:health", ruleName: "pharmacy"))
        #expect(try categorize("  mb   way ", -1500) == Categorization(category: "expenses:transfers", ruleName: "exact"))
    }

    @Test func allConditionsMustHold() throws {
        // "ordenado" but negative: salary does not apply; small applies.
        #expect(try categorize("ORDENADO CORRECTION", -300).ruleName == "small")
        #expect(try categorize("MB WAY PARA ANA", -1500).ruleName == nil)
    }

    @Test func amountComparisonsAreExactAndCurrencyAware() throws {
        #expect(try categorize("X", -500).ruleName == "small")
        #expect(try categorize("X", -501).ruleName == nil)
        #expect(try categorize("X", -1000, Currency(code: "JPY")!).ruleName == "yen")
        #expect(try categorize("X", -100_000, Currency(code: "JPY")!).ruleName == nil)
    }

    @Test func defaultsBySign() throws {
        #expect(try categorize("UNKNOWN SHOP", -12_345) == Categorization(category: "expenses:unknown"))
        #expect(try categorize("UNKNOWN TRANSFER", 12_345) == Categorization(category: "income:unknown"))
    }
}
