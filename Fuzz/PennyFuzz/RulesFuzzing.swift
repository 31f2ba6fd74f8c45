import PennyCore
import PennyRules

/// A rules file through the parser and `rules check`'s lint; when it loads, one
/// transaction through its categorizer and explainer.
struct RulesFuzzing {
    let categorizer: Categorizer

    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let rules: RuleSet
        do throws(RulesDiagnostics) { rules = try RulesLoader.load(text: text, file: "fuzz.rules") } catch {
            for error in error.errors { Harness.requireLocation(error, "rules") }
            return
        }
        _ = rules.lint()
        let currency = rules.defaultCurrency
        let transaction = Transaction(
            date: LocalDate(year: 2024, month: 3, day: 5)!, amount: Money(minorUnits: -2347, currency: currency),
            description: "COMPRA PINGO DOCE LISBOA", location: SourceLocation(file: "fuzz"))
        let account = rules.accounts.first?.name ?? "assets:fuzz"
        _ = Categorizer(rules).categorize(transaction, account: account)
        _ = RuleExplainer(rules).report(transaction, account: account)
    }
}
