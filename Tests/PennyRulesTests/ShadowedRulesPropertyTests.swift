import PennyCore
import PennyTestSupport
import Testing

@testable import PennyRules

/// The indexed search for shadowed rules finds exactly what comparing every pair finds.
struct ShadowedRulesPropertyTests {
    /// Every pair, in order: the specification.
    static func pairwise(_ rules: [Rule]) -> [String?] {
        rules.indices.map { index in
            rules[..<index].first { a in
                !a.continues && a.conditions.allSatisfy { c in rules[index].conditions.contains { RuleLinter.implies($0, c) } }
            }?.name
        }
    }

    @Test func agreesWithComparingEveryPair() throws {
        var g = SeededGenerator(seed: 20_261_122)
        for _ in 0..<300 {
            var text = ""
            for n in 0..<Int.random(in: 1...14, using: &g) {
                text += "rule r\(n)\n"
                for _ in 0..<Int.random(in: 0...2, using: &g) {
                    let field = ["description", "payee", "account"].randomElement(using: &g)!
                    let op = ["contains", "starts-with", "is"].randomElement(using: &g)!
                    let values = (0..<Int.random(in: 1...3, using: &g)).map { _ in "\"\(MatcherPropertyWords.word(&g))\"" }
                    text += "  if \(field) \(Bool.random(using: &g) && n % 3 == 0 ? "not " : "")\(op) \(values.joined(separator: ", "))\n"
                }
                if Bool.random(using: &g) { text += "  if amount \(["<", ">=", "="].randomElement(using: &g)!) \(Int.random(in: -3...3, using: &g)).00\n" }
                if n % 5 == 4 { text += "  continue\n" }
                text += "  category expenses:r\(n)\n"
            }
            let rules = try RulesLoader.load(text: text).rules
            let indexed = ShadowedRules(rules)
            #expect(rules.indices.map { indexed.shadower(of: $0)?.name } == Self.pairwise(rules), "\(text)")
        }
    }
}

/// Short words over a small alphabet, so that values often contain one another.
enum MatcherPropertyWords {
    static func word(_ g: inout SeededGenerator) -> String {
        let letters = Array("abcab")
        return String((0..<Int.random(in: 1...4, using: &g)).map { _ in letters.randomElement(using: &g)! })
    }
}
