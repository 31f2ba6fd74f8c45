import Foundation
import PennyCore

/// Parses rules text into a `RuleSet`, collecting every error instead of stopping at the first.
struct RulesParser {
    static let directives = Directive.listed
    static let fields = Condition.Field.allCases.map(\.rawValue)
    static let reservedTags: Set<String> = ["id", "source", "rule", "note", "no-roundup", "memo", "counterparty", "iban", "type", "bank-payee"]
    static let ruleActions = RuleAction.words
    static let csvKeys = CSVSetting.words
    static let accountKeys = AccountSetting.words

    var ruleSet = RuleSet()
    var errors: [PennyError] = []
    /// Reads an included file's text (nil when it cannot be read); set by the loader.
    var readFile: (String) -> String? = { _ in nil }
    /// Files being parsed, outermost first, to refuse include cycles.
    var fileStack: [String] = []
    /// Every file parsed so far (standardized), so a file is read once however it is reached.
    private(set) var parsedFiles: Set<String> = []
    var ruleNames: [String: SourceLocation] = [:]
    /// The block whose `if` lines are being parsed (`rule 'NAME'`), for messages.
    var conditionOwner = ""

    /// Parses one file's text into the rule set built so far.
    mutating func parse(_ text: String, file: String) {
        parsedFiles.insert((file as NSString).standardizingPath)
        fileStack.append(file)
        defer { fileStack.removeLast() }
        let (lines, lexErrors) = RulesLexer.lines(of: text, file: file)
        errors += lexErrors
        var index = 0
        while index < lines.count {
            let head = lines[index]
            index += 1
            var body: [RuleLine] = []
            while index < lines.count, lines[index].isIndented {
                body.append(lines[index])
                index += 1
            }
            if head.isIndented {
                fail("indented line outside a block: expected a directive (\(Directive.listed.joined(separator: ", "))) in column 1", head, head.tokens[0])
                continue
            }
            directive(head, body)
        }
    }

    mutating func directive(_ head: RuleLine, _ body: [RuleLine]) {
        let keyword = head.tokens[0].text
        guard let directive = Directive(rawValue: keyword) else {
            fail(
                "unknown directive '\(keyword)'\(Suggestion.hint(for: keyword, in: Self.directives)); expected one of \(Self.directives.joined(separator: ", "))", head,
                head.tokens[0])
            return
        }
        switch directive {
        case .default: defaultLine(head, body)
        case .account: account(head, body)
        case .csv: csv(head, body)
        case .rule: rule(head, body)
        case .include: include(head, body)
        case .roundup: roundUp(head, body)
        case .budget: budget(head, body)
        case .recurring, .notRecurring: recurring(head, body, confirms: directive == .recurring)
        case .price: price(head, body)
        case .label: label(head, body)
        }
    }

    /// `"A", "B", C` → [A, B, C]; an amount value may carry a currency: `5.00 EUR`.
    mutating func valueList(_ tokens: [RuleToken], _ line: RuleLine) -> [RuleToken]? {
        var values: [RuleToken] = []
        var expectValue = true
        for token in tokens {
            if token.kind == .comma {
                if expectValue { fail("expected a value before ','", line, token); return nil }
                expectValue = true
            } else if expectValue {
                values.append(token)
                expectValue = false
            } else if let last = values.last, last.kind == .word, Currency(code: token.text) != nil, token.kind == .word {
                values[values.count - 1] = RuleToken(kind: .word, text: last.text + " " + token.text, column: last.column)
            } else {
                fail("expected ',' between values (quote text that contains spaces)", line, token)
                return nil
            }
        }
        if expectValue { fail("expected a value after ','", line, tokens.last!); return nil }
        return values
    }

    /// Account names: colon-separated segments, no empty segment, no double space or tab.
    @discardableResult
    mutating func checkAccountName(_ token: RuleToken, _ line: RuleLine) -> Bool {
        let name = token.text
        let segments = name.split(separator: ":", omittingEmptySubsequences: false)
        if segments.count < 2 || segments.contains(where: { $0.isEmpty }) || name.contains("  ") || name.contains("\t") || name.hasPrefix(" ") || name.hasSuffix(" ") {
            fail("'\(name)' is not an account name: expected segments joined by ':', like expenses:food", line, token)
            return false
        }
        return true
    }

    mutating func rejectBody(_ body: [RuleLine], of directive: String) {
        for line in body { fail("'\(directive)' takes no indented lines", line, line.tokens[0]) }
    }

    mutating func fail(_ message: String, _ line: RuleLine, _ token: RuleToken) {
        errors.append(.configuration(message, at: line.location(token.column), excerpt: line.text, caretColumn: token.column))
    }
}
