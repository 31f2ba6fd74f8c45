import PennyCore
import PennyRules
import PennyTestSupport
import Testing

/// The one-pass matcher decides exactly as trying every rule in order would.
struct MatcherPropertyTests {
    struct Spec {
        var text: [(op: String, values: [String])] = []
        var amount: (op: String, cents: Int64)?
    }

    static func word(_ g: inout SeededGenerator, maxLength: Int) -> String {
        let letters = Array("abcab c")
        return String((0..<Int.random(in: 0...maxLength, using: &g)).map { _ in letters.randomElement(using: &g)! })
    }

    /// Trying every rule in order: the specification.
    static func oracle(_ specs: [Spec], _ description: String, _ cents: Int64) -> Int? {
        let text = TextKey.fold(description)
        for (index, spec) in specs.enumerated() {
            let textHolds = spec.text.allSatisfy { condition in
                condition.values.contains { value in
                    let v = TextKey.fold(value)
                    switch condition.op {
                    case "contains": return v.isEmpty || text.contains(v)
                    case "starts-with": return text.hasPrefix(v)
                    default: return text == v
                    }
                }
            }
            let amountHolds =
                spec.amount.map { op, limit in
                    switch op {
                    case "<": cents < limit
                    case ">=": cents >= limit
                    default: cents == limit
                    }
                } ?? true
            if textHolds && amountHolds { return index }
        }
        return nil
    }

    @Test func agreesWithTryingEveryRuleInOrder() throws {
        var g = SeededGenerator(seed: 20_241_121)
        for _ in 0..<300 {
            var specs: [Spec] = []
            var text = ""
            for n in 0..<Int.random(in: 1...12, using: &g) {
                var spec = Spec()
                for _ in 0..<Int.random(in: 0...2, using: &g) {
                    let op = ["contains", "starts-with", "is"].randomElement(using: &g)!
                    let values = (0..<Int.random(in: 1...3, using: &g)).map { _ in Self.word(&g, maxLength: 3) }
                    spec.text.append((op, values))
                }
                if Bool.random(using: &g) { spec.amount = (["<", ">=", "="].randomElement(using: &g)!, Int64.random(in: -300...300, using: &g)) }
                specs.append(spec)
                text += "rule r\(n)\n"
                for condition in spec.text {
                    text += "  if description \(condition.op) " + condition.values.map { "\"\($0)\"" }.joined(separator: ", ") + "\n"
                }
                if let (op, cents) = spec.amount { text += "  if amount \(op) \(DecimalFormatter.format(minorUnits: cents, exponent: 2))\n" }
                text += "  category expenses:r\(n)\n"
            }
            let categorizer = Categorizer(try RulesLoader.load(text: text))
            for _ in 0..<20 {
                let description = Self.word(&g, maxLength: 8)
                let cents = Int64.random(in: -300...300, using: &g)
                let t = Transaction(
                    date: LocalDate(year: 2024, month: 1, day: 1)!, amount: Money(minorUnits: cents, currency: .euro),
                    description: description, location: SourceLocation(file: "p"))
                let expected = Self.oracle(specs, description, cents).map { "r\($0)" }
                #expect(categorizer.categorize(t).ruleName == expected, "\(text)\ndescription '\(description)', \(cents)")
            }
        }
    }

    /// The row lane (`verdict` and `accountFreeVerdict`, from the folded bytes) decides
    /// exactly what the `Transaction` path decides, with `continue`, payees, tags, notes, skips, date checks,
    /// text tests on the row's details (payee, memo, type, IBAN, currency; negated too), and
    /// rules the bytes cannot decide (the account, a regular expression, non-ASCII text).
    @Test func theRowLaneDecidesAsTheTransactionPath() throws {
        var g = SeededGenerator(seed: 20_261_124)
        let extras = [
            "  if amount < 0\n", "  if amount >= 1.00\n", "  if date >= 2024-01-15\n", "  if date between 2024-01-01 and 2024-01-10\n",
            "  if payee is \"\"\n", "  if account is assets:bank:a\n", "  if description matches /a.c/\n", "  if description not contains \"b\"\n",
            "  if memo contains \"a\"\n", "  if memo not contains \"ab\"\n", "  if payee starts-with \"b\"\n", "  if payee is \"ac\"\n",
            "  if type is \"dd\"\n", "  if iban contains \"pt50 01\"\n", "  if currency is eur\n", "  if memo is \"caf\u{E9}\"\n",
            "  if counterparty contains \"\"\n", "  if memo contains \"\u{C9}\"\n",
        ]
        let detailValues = ["", "a", "AB c", "ac", "b", "Bac", "DD", "dd ", "PT50 0123", "pt5001 23", "caf\u{E9}", "\u{C9}t\u{E9}", "\u{20AC}5", "x\u{301}"]
        let actions = ["  payee \"P\"\n", "  tag t\n", "  note \"n\"\n", "  no-roundup\n", "  skip\n"]
        for _ in 0..<200 {
            var text = ""
            for n in 0..<Int.random(in: 1...10, using: &g) {
                text += "rule r\(n)\n"
                if Int.random(in: 0..<4, using: &g) > 0 {
                    text += "  if description \(["contains", "starts-with", "is"].randomElement(using: &g)!) \"\(Self.word(&g, maxLength: 3))\"\n"
                }
                for _ in 0..<Int.random(in: 0...2, using: &g) { text += extras.randomElement(using: &g)! }
                let actionCount = Int.random(in: 0...2, using: &g)
                for _ in 0..<actionCount { text += actions.randomElement(using: &g)! }
                if actionCount == 0 || Bool.random(using: &g) { text += "  category expenses:r\(n)\n" }
                if Int.random(in: 0..<3, using: &g) == 0 { text += "  continue\n" }
            }
            let categorizer = Categorizer(try RulesLoader.load(text: text))
            // One scratch for the rules' rows, as each thread keeps one: no row sees another's keys.
            var scratch = Categorizer.MatchScratch()
            for _ in 0..<20 {
                let description = Self.word(&g, maxLength: 8)
                // payee, memo, counterparty, IBAN, type: each absent or one of `detailValues`.
                let details = (0..<5).map { _ in Bool.random(using: &g) ? "" : detailValues.randomElement(using: &g)! }
                let t = Transaction(
                    date: LocalDate(year: 2024, month: 1, day: Int.random(in: 1...28, using: &g))!,
                    amount: Money(minorUnits: Int64.random(in: -300...300, using: &g), currency: .euro), description: description,
                    location: SourceLocation(file: "p", line: 2), payee: details[0].isEmpty ? nil : details[0], memo: details[1].isEmpty ? nil : details[1],
                    counterpartyName: details[2].isEmpty ? nil : details[2], counterpartyIBAN: details[3].isEmpty ? nil : details[3],
                    type: details[4].isEmpty ? nil : details[4])
                var detailBytes = Array(details.joined().utf8)
                let lengths = details.map { UInt16($0.utf8.count) }
                let detailLengths = RowDetailLengths(payee: lengths[0], memo: lengths[1], counterparty: lengths[2], iban: lengths[3], type: lengths[4], bankID: 0)
                var folded = Array(TextKey.fold(description).utf8)
                var descriptionBytes = Array(description.utf8)
                let expected = categorizer.categorize(t, account: "assets:bank:a")
                let (verdict, accountFree) = descriptionBytes.withUnsafeMutableBufferPointer { bytes in
                    folded.withUnsafeMutableBufferPointer { key in
                        detailBytes.withUnsafeMutableBufferPointer { detailBytes in
                            let row = PlainRow(
                                date: t.date, amount: t.amount, description: UnsafeBufferPointer(bytes), file: "p", line: 2, balance: nil,
                                details: (UnsafeBufferPointer(detailBytes), detailLengths))
                            return (
                                categorizer.verdict(row: row, foldedDescription: UnsafeBufferPointer(key), account: "assets:bank:a", scratch: &scratch),
                                categorizer.accountFreeVerdict(row: row, foldedDescription: UnsafeBufferPointer(key), scratch: &scratch)
                            )
                        }
                    }
                }
                for found in [verdict, accountFree].compactMap({ $0 }) {
                    let decided: Categorization
                    switch found {
                    case .byDefault: decided = categorizer.defaultDecision(for: t.amount)
                    case .rule(let index): decided = categorizer.ruleDecisions[index]
                    case .decision(let made): decided = made
                    }
                    #expect(decided == expected, "verdict \(found)\n\(text)\ndescription '\(description)', details \(details)")
                }
            }
        }
    }
}
