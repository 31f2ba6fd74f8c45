import Foundation
import PennyCore
import Testing

@testable import PennyRules

/// Regular expressions in rules cannot run without bound: nested unbounded repetition is
/// refused when the rules are read, and a match that backtracks past its bound gives up
/// with an error naming the rule.
struct RegexBoundTests {
    func headlines(_ text: String) -> [String] {
        do {
            _ = try RulesLoader.load(text: "default currency EUR\n" + text, file: "r.rules")
            return []
        } catch {
            return error.errors.map(\.headline)
        }
    }

    @Test func nestedUnboundedRepetitionIsRefusedAtItsColumnNamingTheRule() {
        let text = """
            rule slow
              if description matches /LIDL/, /^x(a+)+$/
              category expenses:x
            """
        #expect(
            headlines(text) == [
                "r.rules:3:37: error: rule 'slow': /^x(a+)+$/ repeats '(a+)+', a repetition inside a repetition, which can take minutes on a long description; repeat the group or what is inside it, not both (or make the inner one possessive, like 'a++')"
            ])
    }

    @Test func nestedRepetitionInARoundUpConditionNamesTheRoundUp() {
        let text = """
            account assets:bank:checking
              id PT50003600000000000000000
            account assets:bank:savings
              id PT50003600000000000000001
            roundup spare
              from assets:bank:checking
              to assets:bank:savings
              if description matches /(\\w+\\s?)*$/
            """
        #expect(headlines(text).contains { $0.hasPrefix("r.rules:9:27: error: roundup 'spare': /(\\w+\\s?)*$/ repeats '(\\w+\\s?)*'") })
    }

    @Test func escapedSlashesCountTowardsTheColumn() {
        let text = """
            rule slow
              if description matches /a\\/b(c*)*/
              category expenses:x
            """
        #expect(headlines(text).first?.hasPrefix("r.rules:3:31: error: rule 'slow': /a/b(c*)*/ repeats '(c*)*'") == true)
    }

    @Test(arguments: ["(a+)+", "(a*)*", "(a+)*?", "(a+)+?", "((ab)+c)+", "(a+){2,}", "(?:x|y+)+", "(?i)(a+)+", "( a + ) +"])
    func nestedUnboundedRepetitionIsFound(_ pattern: String) {
        #expect(RegexNesting.finding(in: pattern, extended: pattern.contains(" ")) != nil)
    }

    @Test(arguments: [
        "^TRF .*ORDENADO", "(a+)?", "(ab)+", "a+b+", "(a++)+", "(?>a+)+", "[(a+)]+", "\\(a+\\)+", "\\Q(a+)+\\E", "(a+){2}",
        "(a+)++", "(\\d{1,3})+", "(?#(a+)+)x",
    ])
    func boundedPatternsAreAccepted(_ pattern: String) {
        #expect(RegexNesting.finding(in: pattern, extended: false) == nil)
    }

    /// `(a|aa)+$` passes the static check but backtracks exponentially on a run of a's.
    @Test func matchThatBacktracksPastItsBoundGivesUpWithAnErrorNamingTheRule() throws {
        let rules = try RulesLoader.load(
            text: """
                default currency EUR
                rule slow
                  if description matches /(a|aa)+$/
                  category expenses:slow
                rule fast
                  if description contains "AAAA"
                  category expenses:fast
                """, file: "r.rules")
        let description = String(repeating: "A", count: 60) + "!"
        let transaction = Transaction(
            date: LocalDate(iso: "2024-04-01")!, amount: Money(minorUnits: -100, currency: Currency(code: "EUR")!), description: description,
            location: SourceLocation(file: "s.csv", line: 2))
        let decision = Categorizer(rules).categorize(transaction)
        #expect(
            decision.matchFailure?.headline
                == "r.rules:3:3: error: rule 'slow': 'if description matches /(a|aa)+$/' gave up on \"\(String(repeating: "A", count: 57))...\" after about 10 million backtracking steps; simplify the regular expression (no repetition inside a repetition)"
        )
        #expect(RuleExplainer(rules).report(transaction, account: "").hasPrefix("r.rules:3:3: error: rule 'slow'"))
        // A description the expression settles quickly is decided as before.
        let short = Transaction(
            date: transaction.date, amount: transaction.amount, description: "AAAA", location: transaction.location)
        #expect(Categorizer(rules).categorize(short).ruleName == "slow")
        #expect(Categorizer(rules).categorize(short).matchFailure == nil)
    }
}
