import Foundation
import PennyCore

/// `rule NAME` blocks: their `if` lines and actions.
extension RulesParser {
    mutating func rule(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 2 else {
            fail("expected 'rule NAME' (one word or a quoted name)", head, head.tokens.last!)
            return
        }
        let name = head.tokens[1].text
        var rule = Rule(name: name, location: head.location())
        conditionOwner = "rule '\(name)'"
        if let earlier = ruleNames[name] {
            fail("rule '\(name)' is already declared at \(earlier); rule names must be unique (the ledger records them)", head, head.tokens[1])
        }
        ruleNames[name] = head.location()
        if name == "default" {
            fail("the rule name 'default' is reserved: the ledger marks transactions no rule categorized with it", head, head.tokens[1])
        }
        if name == "transfer" {
            fail("the rule name 'transfer' is reserved: the ledger marks transfers Penny paired with it", head, head.tokens[1])
        }
        let errorsBefore = errors.count
        for line in body {
            let key = line.tokens[0]
            guard let action = RuleAction(rawValue: key.text) else {
                fail(
                    "unknown rule line '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.ruleActions)); expected one of \(Self.ruleActions.joined(separator: ", "))", line, key
                )
                continue
            }
            switch action {
            case .if:
                if let condition = condition(line) { rule.conditions.append(condition) }
            case .category:
                guard line.tokens.count == 2 else {
                    fail("expected 'category ACCOUNT'", line, line.tokens.last!)
                    continue
                }
                if checkAccountName(line.tokens[1], line) { rule.category = line.tokens[1].text }
            case .payee:
                guard line.tokens.count >= 2 else {
                    fail("expected 'payee TEXT'", line, key)
                    continue
                }
                rule.payee = line.tokens.dropFirst().map(\.text).joined(separator: " ")
            case .tag:
                if let tag = tag(line) { rule.tags.append(tag) }
            case .note:
                guard line.tokens.count >= 2 else {
                    fail("expected 'note TEXT'", line, key)
                    continue
                }
                rule.note = line.tokens.dropFirst().map(\.text).joined(separator: " ")
            case .skip, .noRoundUp, .continue:
                if line.tokens.count > 1 {
                    fail("'\(key.text)' takes no value", line, line.tokens[1])
                    continue
                }
                switch action {
                case .skip: rule.skips = true
                case .noRoundUp: rule.excludesRoundUp = true
                default: rule.continues = true
                }
            }
        }
        let setsSomething = rule.category != nil || rule.payee != nil || !rule.tags.isEmpty || rule.note != nil || rule.skips || rule.excludesRoundUp
        if !setsSomething && errors.count == errorsBefore {
            fail("rule '\(name)' sets nothing: add a 'category ACCOUNT' line", head, head.tokens[1])
        }
        ruleSet.rules.append(rule)
    }

    /// `tag NAME`, `tag NAME=VALUE`, `tag NAME="a value"`.
    mutating func tag(_ line: RuleLine) -> RuleTag? {
        let tokens = Array(line.tokens.dropFirst())
        guard let first = tokens.first, first.kind == .word else {
            fail("expected 'tag NAME' or 'tag NAME=VALUE'", line, line.tokens[0])
            return nil
        }
        var name = first.text
        var value: String?
        if let equals = name.firstIndex(of: "=") {
            value = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
            if value!.isEmpty && tokens.count == 2 {
                value = tokens[1].text
            } else if tokens.count > 1 {
                fail("expected one value after '=' (quote values with spaces)", line, tokens[1])
                return nil
            }
        } else if tokens.count > 1 {
            fail("expected 'tag NAME' or 'tag NAME=VALUE' (one tag per line)", line, tokens[1])
            return nil
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            fail("tag names are letters, digits, '-' and '_'", line, first)
            return nil
        }
        if Self.reservedTags.contains(name) {
            fail("tag name '\(name)' is reserved (Penny writes it itself)", line, first)
            return nil
        }
        return RuleTag(name: name, value: value)
    }
}
