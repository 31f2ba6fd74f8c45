import PennyCore
import PennyRules
import Testing

/// `roundup` and `budget` blocks: parsed, and refused with SPEC §7's messages.
struct ProgramParserTests {
    static let accounts = """
        account assets:bank:checking
          id PT50003600000000000000000
        account liabilities:card:visa
          id *4321
          type card

        """

    func errors(_ text: String) -> [String] {
        do {
            _ = try RulesLoader.load(text: Self.accounts + text, file: "r.rules")
            return []
        } catch {
            return error.errors.map(\.headline)
        }
    }

    @Test func parsesTheSpecExample() throws {
        let rules = try RulesLoader.load(
            text: Self.accounts + """
                roundup spare-change
                  from assets:bank:checking, liabilities:card:visa
                  funding assets:bank:checking
                  unit 1.00
                  multiplier 2
                  pot assets:savings:roundups
                  apply when-pot-reaches 5.00
                  until 2025-12-31
                  if amount > -500.00
                  to assets:bank:savings 50%
                  to assets:savings:goal:car 25% goal 2000.00
                  to expenses:donations:ami 25%

                budget
                  expenses:food 15% of income
                  expenses:leisure 200.00
                  split needs 50% wants 30% savings 20%
                """)
        let program = try #require(rules.roundUps.first)
        #expect(program.origins == ["assets:bank:checking", "liabilities:card:visa"])
        #expect(program.multiplier == 2)
        #expect(program.schedule == .whenPotReaches(RuleAmount(tenThousandths: 50_000, currency: nil)))
        #expect(program.destinations.map(\.hundredthsOfPercent) == [5000, 2500, 2500])
        #expect(program.destinations[1].goal?.tenThousandths == 20_000_000)
        #expect(rules.roundUpConditions["spare-change"]?.count == 1)
        let budget = try #require(rules.budgets.first)
        #expect(budget.lines.map(\.account) == ["expenses:food", "expenses:leisure"])
        #expect(budget.lines[0].hundredthsOfIncome == 1500)
        #expect(budget.split.map(\.hundredthsOfPercent) == [5000, 3000, 2000])
    }

    static func program(_ destinations: String, apply: String = "apply monthly") -> String {
        "roundup sc\n  from assets:bank:checking\n  pot assets:savings:pot\n  \(apply)\n" + destinations
    }

    @Test func destinationsMustAddUpToExactly100() {
        #expect(errors(Self.program("  to assets:s 50%\n  to assets:g 45%\n")) == ["r.rules:10:3: error: destinations add up to 95%: 5% still to assign"])
        #expect(errors(Self.program("  to assets:s 100%\n  to expenses:d 25%\n")) == ["r.rules:10:3: error: destinations add up to 125%: 25% too much"])
        #expect(
            errors(Self.program("  to assets:s 33.33%\n  to assets:g 33.33%\n  to assets:h 33.33%\n")) == [
                "r.rules:10:3: error: destinations add up to 99.99%: 0.01% still to assign"
            ])
        #expect(errors(Self.program("  to assets:s 33.34%\n  to assets:g 33.33%\n  to assets:h 33.33%\n")).isEmpty)
    }

    @Test func destinationsChangingOverTime() {
        let changing = "  to assets:s 100% until 2024-05-31\n  to assets:s 50% since 2024-06-01\n  to expenses:d 50% since 2024-06-01\n"
        #expect(errors(Self.program(changing)).isEmpty)
        let broken = "  to assets:s 100% until 2024-05-31\n  to assets:s 50% since 2024-06-01\n"
        #expect(errors(Self.program(broken)) == ["r.rules:11:3: error: destinations add up to 50% from 2024-06-01: 50% still to assign"])
    }

    @Test func thresholdAndOtherSettings() {
        #expect(
            errors(Self.program("  to assets:s 100%\n", apply: "apply when-pot-reaches 4.99")) == ["r.rules:9:26: error: the threshold must be between 5.00 and 100.00, not 4.99"])
        #expect(errors(Self.program("  to assets:s 100%\n", apply: "apply when-pot-reaches 100.01")).count == 1)
        #expect(
            errors(Self.program("  to assets:s 100%\n", apply: "apply montly")) == [
                "r.rules:9:9: error: expected 'apply when-pot-reaches AMOUNT', 'apply weekly', 'apply monthly' or 'apply later' (did you mean 'monthly'?)"
            ])
        #expect(errors(Self.program("  multiplier 11\n  to assets:s 100%\n")) == ["r.rules:10:14: error: expected 'multiplier N' with N from 1 to 10"])
        #expect(errors(Self.program("  to assets:s 1O0%\n")) == ["r.rules:10:15: error: expected a percentage with up to 2 decimals, like 25% or 33.33%"])
        #expect(
            errors("roundup x\n  to assets:s 100%\n") == [
                "r.rules:6:9: error: roundup 'x' needs 'from ACCOUNT, ...' (the accounts whose purchases round up)",
                "r.rules:6:9: error: roundup 'x' needs 'pot ACCOUNT' (where spare change accumulates)",
                "r.rules:6:9: error: roundup 'x' needs 'apply when-pot-reaches AMOUNT', 'apply weekly', 'apply monthly' or 'apply later'",
            ])
    }

    @Test func accountsMustBeSensible() {
        let text = "roundup sc\n  from assets:bank:cheking\n  funding assets:bank:nope\n  pot expenses:pot\n  apply later\n  to income:x 100%\n"
        #expect(
            errors(text) == [
                "r.rules:6:1: error: roundup 'sc': 'from assets:bank:cheking' is not a declared account (did you mean 'assets:bank:checking'?)",
                "r.rules:6:1: error: roundup 'sc': 'funding assets:bank:nope' is not a declared account",
                "r.rules:6:1: error: roundup 'sc': the pot 'expenses:pot' must be an assets: account",
                "r.rules:11:3: error: roundup 'sc': destination 'income:x' must be under assets:, liabilities: or expenses:",
            ])
    }

    @Test func budgetSplitMustAddUp() {
        #expect(errors("budget\n  split needs 50% wants 30%\n") == ["r.rules:7:9: error: the split adds up to 80%, not 100%"])
        #expect(errors("budget\n  expenses:food 15% of outcome\n") == ["r.rules:7:17: error: expected 'ACCOUNT N% of income' or 'ACCOUNT AMOUNT'"])
    }
}
