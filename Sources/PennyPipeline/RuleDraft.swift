import PennyCore
import PennyReport

/// A rule block Penny proposes (from hand corrections) or the user answers (in a
/// categorizing session): a description match, the sign, a category.
public struct RuleDraft: Sendable, Equatable {
    /// How the description is matched.
    public enum Match: Sendable, Equatable {
        /// `if description contains "TEXT"`.
        case contains(String)
        /// `if description is "TEXT"` (a description without a word to match).
        case exactly(String)
    }

    /// The rule's name, unique among the rules.
    public var name: String
    /// The description test.
    public var match: Match
    /// `true`: `if amount < 0`; `false`: `if amount > 0`; `nil`: either sign.
    public var isNegative: Bool?
    /// The category it files under.
    public var category: String

    /// A draft.
    public init(name: String, match: Match, isNegative: Bool?, category: String) {
        self.name = name
        self.match = match
        self.isNegative = isNegative
        self.category = category
    }

    /// The draft for transactions alike to `description` (numbers aside), named uniquely
    /// against `taken`: `contains` the longest run of words without numbers, else `is` the
    /// whole description.
    public static func matching(_ description: String, isNegative: Bool?, category: String, taken: Set<String>) -> RuleDraft {
        let pattern = UncategorizedReport.pattern(UncategorizedReport.normalize(description))
        let match: Match = pattern.isEmpty ? .exactly(description) : .contains(pattern)
        return RuleDraft(name: uniqueName(pattern, taken: taken), match: match, isNegative: isNegative, category: category)
    }

    /// A rule name from `text`, with `-2`, `-3`… when taken.
    public static func uniqueName(_ text: String, taken: Set<String>) -> String {
        var name = UncategorizedReport.ruleName(text)
        if name.isEmpty || name == "default" || name == "transfer" { name = "learned" }
        return UniqueName.next(name, taken: taken)
    }

    /// The match text as the user reads and edits it.
    public var matchText: String {
        switch match {
        case .contains(let text), .exactly(let text): text
        }
    }

    /// The conditions as the rules language writes them after `if`.
    public var conditions: [String] {
        var out: [String]
        switch match {
        case .contains(let text): out = ["description contains \(RulesString.quoted(text))"]
        case .exactly(let text): out = ["description is \(RulesString.quoted(text))"]
        }
        if let isNegative { out.append(isNegative ? "amount < 0" : "amount > 0") }
        return out
    }

    /// The block as written to a rules file, ending with a blank line.
    public var block: String {
        let tests = conditions.map { "  if \($0)\n" }.joined()
        return "rule \(name)\n" + tests + "  category \(Self.bare(category) ? category : RulesString.quoted(category))\n\n"
    }

    /// True when an account name can be written without quotes (a ledger allows single
    /// spaces in names, the rules language then needs them quoted).
    static func bare(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || ":-_./&+'".contains($0) }
    }
}
