public import PennyCore

/// `label NAME "Text"`, with a line per language (`pt "Habitação"`, `pt-BR "Moradia"`):
/// the name reports show for an account, a category or a round-up program in place of the
/// ledger's name (which stays in the ledger and in the page's tooltip).
public struct NameLabel: Sendable, Equatable {
    /// The text for any language without its own line.
    public let text: String
    /// The text per language tag as written (`pt`, `pt-PT`).
    public let languages: [String: String]
    /// Where the block is.
    public let location: SourceLocation

    /// The text for `language` (`pt-PT`): its own line, else its base language's (`pt`),
    /// else the block's text.
    public func text(for language: String) -> String {
        if let exact = languages[language] { return exact }
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return languages[base] ?? text
    }
}

extension RuleSet {
    /// The labels as `report` writers take them: each name's text in `language`.
    public func labels(in language: String) -> [String: String] {
        labels.mapValues { $0.text(for: language) }
    }
}

extension RulesParser {
    /// Parses a `label` block.
    mutating func label(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 3, head.tokens[2].kind == .string || head.tokens[2].kind == .word else {
            fail("expected 'label NAME \"Text\"' (an account, category or program and how reports show it)", head, head.tokens.last!)
            return
        }
        let name = head.tokens[1].text
        var languages: [String: String] = [:]
        for line in body {
            let tag = line.tokens[0].text
            guard line.tokens.count == 2, tag.wholeMatch(of: /[a-z]{2,3}(-[A-Z]{2})?/) != nil else {
                fail("expected a language and its text, like: pt \"Habitação\" or pt-BR \"Moradia\"", line, line.tokens[0])
                continue
            }
            languages[tag] = line.tokens[1].text
        }
        if let earlier = ruleSet.labels[name] {
            fail("'\(name)' already has a label at \(earlier.location)", head, head.tokens[1])
            return
        }
        ruleSet.labels[name] = NameLabel(text: head.tokens[2].text, languages: languages, location: head.location())
    }
}
