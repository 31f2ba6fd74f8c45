import Foundation
import PennyCore

/// Parses rules text into a `RuleSet`, collecting every error instead of stopping at the first.
struct RulesParser {
    static let directives = ["default", "account", "csv", "rule", "include", "budget", "roundup"]
    static let notYet: Set<String> = []
    static let fields = Condition.Field.allCases.map(\.rawValue)
    static let reservedTags: Set<String> = ["id", "source", "rule", "note", "no-roundup", "memo", "counterparty", "iban", "type", "bank-payee"]
    static let ruleActions = ["if", "category", "payee", "tag", "note", "skip", "no-roundup", "continue"]
    static let csvKeys = [
        "match-file", "match-header", "account", "delimiter", "encoding", "header-lines", "date",
        "description", "amount", "debit", "credit", "decimal-mark", "thousands-separator", "negate",
        "balance", "id", "currency", "payee", "memo", "iban", "counterparty", "type", "indicator",
        "debit-marks", "credit-marks", "skip-row", "end-row", "end-at-blank-line", "extra-fields", "quotes",
    ]
    static let accountKeys = ["id", "currency", "type", "opening", "closing-day", "due-day", "transfer-window"]

    var ruleSet = RuleSet()
    var errors: [PennyError] = []
    /// Reads an included file's text (nil when it cannot be read); set by the loader.
    var readFile: (String) -> String? = { _ in nil }
    /// Files being parsed, outermost first, to refuse include cycles.
    private var fileStack: [String] = []
    /// Every file parsed so far (standardized), so a file is read once however it is reached.
    private(set) var parsedFiles: Set<String> = []
    private var ruleNames: [String: SourceLocation] = [:]
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
                fail("indented line outside a block: expected a directive (\(Self.directives.joined(separator: ", "))) in column 1", head, head.tokens[0])
                continue
            }
            directive(head, body)
        }
    }

    private mutating func directive(_ head: RuleLine, _ body: [RuleLine]) {
        let keyword = head.tokens[0].text
        switch keyword {
        case "default": defaultLine(head, body)
        case "account": account(head, body)
        case "csv": csv(head, body)
        case "rule": rule(head, body)
        case "include": include(head, body)
        case "roundup": roundUp(head, body)
        case "budget": budget(head, body)
        case _ where Self.notYet.contains(keyword):
            fail("'\(keyword)' is not supported yet", head, head.tokens[0])
        default:
            fail(
                "unknown directive '\(keyword)'\(Suggestion.hint(for: keyword, in: Self.directives)); expected one of \(Self.directives.joined(separator: ", "))", head,
                head.tokens[0])
        }
    }

    // MARK: include

    /// `include PATH`: another rules file, relative to this one, parsed in place.
    private mutating func include(_ head: RuleLine, _ body: [RuleLine]) {
        rejectBody(body, of: "include")
        guard head.tokens.count == 2 else {
            fail("expected 'include PATH' (quote paths with spaces)", head, head.tokens.last!)
            return
        }
        let target = head.tokens[1].text
        let path =
            target.hasPrefix("/")
            ? target
            : (head.file as NSString).deletingLastPathComponent.isEmpty
                ? target : ((head.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        let normalized = (path as NSString).standardizingPath
        if fileStack.contains(where: { ($0 as NSString).standardizingPath == normalized }) {
            fail("'\(target)' includes itself (through \(fileStack.joined(separator: " -> ")))", head, head.tokens[1])
            return
        }
        if parsedFiles.contains(normalized) { return }
        guard let text = readFile(path) else {
            fail("cannot read included file '\(path)'", head, head.tokens[1])
            return
        }
        parse(text, file: path)
    }

    // MARK: default

    private mutating func defaultLine(_ head: RuleLine, _ body: [RuleLine]) {
        rejectBody(body, of: "default")
        let keys = ["currency", "expense-category", "income-category"]
        guard head.tokens.count == 3 else {
            fail("expected 'default KEY VALUE' with KEY one of \(keys.joined(separator: ", "))", head, head.tokens.last!)
            return
        }
        let key = head.tokens[1], value = head.tokens[2]
        switch key.text {
        case "currency":
            guard let currency = Currency(code: value.text) else {
                fail("'\(value.text)' is not a currency code: expected three letters like EUR", head, value)
                return
            }
            ruleSet.defaultCurrency = currency
        case "expense-category":
            if checkAccountName(value, head) { ruleSet.defaultExpenseCategory = value.text }
        case "income-category":
            if checkAccountName(value, head) { ruleSet.defaultIncomeCategory = value.text }
        default:
            fail("unknown default '\(key.text)'\(Suggestion.hint(for: key.text, in: keys)); expected one of \(keys.joined(separator: ", "))", head, key)
        }
    }

    // MARK: account

    private mutating func account(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 2, checkAccountName(head.tokens[1], head) else {
            if head.tokens.count != 2 { fail("expected 'account NAME' (one account name, like assets:bank:checking)", head, head.tokens.last!) }
            return
        }
        var declaration = AccountDeclaration(name: head.tokens[1].text, location: head.location())
        var openingLine: (RuleLine, RuleToken, LocalDate)?
        for line in body {
            let key = line.tokens[0]
            let values = Array(line.tokens.dropFirst())
            switch key.text {
            case "id":
                let ids = values.filter { $0.kind != .comma }.map(\.text)
                if ids.isEmpty { fail("expected 'id' followed by an IBAN, account number or *1234", line, key) }
                declaration.identifiers += ids
            case "currency":
                guard values.count == 1, let currency = Currency(code: values[0].text) else {
                    fail("expected 'currency' followed by a three-letter code like EUR", line, values.first ?? key)
                    continue
                }
                declaration.currency = currency
            case "type":
                let names = AccountDeclaration.Kind.allCases.map(\.rawValue)
                guard values.count == 1, let kind = AccountDeclaration.Kind(rawValue: values[0].text) else {
                    let word = values.first?.text ?? ""
                    fail("unknown account type '\(word)'\(Suggestion.hint(for: word, in: names)); expected one of \(names.joined(separator: ", "))", line, values.first ?? key)
                    continue
                }
                declaration.kind = kind
            case "opening":
                if values.count >= 3, values[2].kind == .comma {
                    fail(
                        "cannot read opening amount '\(values[1].text),\(values.count > 3 ? values[3].text : "")': rules write amounts with '.' as the decimal mark, like 1250.00",
                        line, values[1])
                    continue
                }
                guard values.count >= 2, let date = LocalDate(iso: values[0].text) else {
                    fail("expected 'opening YYYY-MM-DD AMOUNT'", line, values.first ?? key)
                    continue
                }
                openingLine = (line, values[1], date)
                if values.count > 3 { fail("expected 'opening YYYY-MM-DD AMOUNT [CURRENCY]'", line, values[3]) }
                if values.count == 3, let currency = Currency(code: values[2].text) { declaration.currency = declaration.currency ?? currency }
            case "closing-day", "due-day":
                guard values.count == 1, let day = Int(values[0].text), (1...31).contains(day) else {
                    fail("expected '\(key.text)' followed by a day of the month, 1 to 31", line, values.first ?? key)
                    continue
                }
                if key.text == "closing-day" { declaration.closingDay = day } else { declaration.dueDay = day }
            case "transfer-window":
                guard (1...2).contains(values.count), let days = Int(values[0].text), (0...31).contains(days) else {
                    fail("expected 'transfer-window DAYS [ACCOUNT]' with DAYS from 0 to 31", line, values.first ?? key)
                    continue
                }
                if values.count == 2 {
                    if checkAccountName(values[1], line) { declaration.transferWindows[values[1].text] = days }
                } else {
                    declaration.transferWindow = days
                }
            default:
                fail(
                    "unknown account setting '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.accountKeys)); expected one of \(Self.accountKeys.joined(separator: ", "))",
                    line, key)
            }
        }
        if let (line, amountToken, date) = openingLine {
            let currency = declaration.currency ?? ruleSet.defaultCurrency
            do {
                let units = try AmountParser.parse(amountToken.text, format: .standard, exponent: currency.exponent)
                declaration.opening = (date, Money(minorUnits: units, currency: currency))
            } catch {
                fail("cannot read opening amount '\(amountToken.text)': \(error.reason)", line, amountToken)
            }
        }
        if let earlier = ruleSet.account(named: declaration.name) {
            fail("account '\(declaration.name)' is already declared at \(earlier.location)", head, head.tokens[1])
            return
        }
        ruleSet.accounts.append(declaration)
    }

    // MARK: rule

    private mutating func rule(_ head: RuleLine, _ body: [RuleLine]) {
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
            switch key.text {
            case "if":
                if let condition = condition(line) { rule.conditions.append(condition) }
            case "category":
                guard line.tokens.count == 2 else {
                    fail("expected 'category ACCOUNT'", line, line.tokens.last!)
                    continue
                }
                if checkAccountName(line.tokens[1], line) { rule.category = line.tokens[1].text }
            case "payee":
                guard line.tokens.count >= 2 else {
                    fail("expected 'payee TEXT'", line, key)
                    continue
                }
                rule.payee = line.tokens.dropFirst().map(\.text).joined(separator: " ")
            case "tag":
                if let tag = tag(line) { rule.tags.append(tag) }
            case "note":
                guard line.tokens.count >= 2 else {
                    fail("expected 'note TEXT'", line, key)
                    continue
                }
                rule.note = line.tokens.dropFirst().map(\.text).joined(separator: " ")
            case "skip", "no-roundup", "continue":
                if line.tokens.count > 1 {
                    fail("'\(key.text)' takes no value", line, line.tokens[1])
                    continue
                }
                switch key.text {
                case "skip": rule.skips = true
                case "no-roundup": rule.excludesRoundUp = true
                default: rule.continues = true
                }
            default:
                fail(
                    "unknown rule line '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.ruleActions)); expected one of \(Self.ruleActions.joined(separator: ", "))", line, key
                )
            }
        }
        let setsSomething = rule.category != nil || rule.payee != nil || !rule.tags.isEmpty || rule.note != nil || rule.skips || rule.excludesRoundUp
        if !setsSomething && errors.count == errorsBefore {
            fail("rule '\(name)' sets nothing: add a 'category ACCOUNT' line", head, head.tokens[1])
        }
        ruleSet.rules.append(rule)
    }

    mutating func condition(_ line: RuleLine) -> Condition? {
        let tokens = line.tokens
        guard tokens.count >= 2 else {
            fail("expected 'if FIELD OPERATOR VALUE'", line, tokens[0])
            return nil
        }
        let fieldToken = tokens[1]
        guard let field = Condition.Field(rawValue: fieldToken.text) else {
            fail(
                "unknown field '\(fieldToken.text)'\(Suggestion.hint(for: fieldToken.text, in: Self.fields)); expected one of \(Self.fields.joined(separator: ", "))",
                line, fieldToken)
            return nil
        }
        var index = 2
        let negated = index < tokens.count && tokens[index].text == "not" && tokens[index].kind == .word
        if negated { index += 1 }
        guard index + 1 < tokens.count else {
            fail("expected an operator and a value after '\(tokens[index - 1].text)'", line, tokens.last!)
            return nil
        }
        let op = tokens[index]
        let rest = Array(tokens[(index + 1)...])
        let test: Condition.Test?
        switch field {
        case .amount: test = amountTest(op, rest, line)
        case .date: test = dateTest(op, rest, line)
        default: test = textTest(field, op, rest, line)
        }
        guard let test else { return nil }
        return Condition(
            field: field, isNegated: negated, test: test, location: line.location(tokens[0].column),
            source: line.text.trimmingCharacters(in: .whitespaces))
    }

    private mutating func textTest(_ field: Condition.Field, _ op: RuleToken, _ rest: [RuleToken], _ line: RuleLine) -> Condition.Test? {
        if op.text == "matches" {
            guard let values = valueList(rest, line) else { return nil }
            var expressions: [RuleRegex] = []
            for value in values {
                guard value.kind == .regex else {
                    fail("expected a regular expression in slashes after 'matches', like /^TRF .*ORDENADO/", line, value)
                    return nil
                }
                if let bad = value.flags.first(where: { !"csx".contains($0) }) {
                    fail("unknown regular expression flag '\(bad)': expected c (exact case and accents), s or x", line, value)
                    return nil
                }
                if let nested = RegexNesting.finding(in: value.text, extended: value.flags.contains("x")) {
                    // The lexer turned each `\/` into `/`: count them back to find the column.
                    let escapes = value.text.prefix(nested.offset).filter { $0 == "/" }.count
                    let column = value.column + 1 + nested.offset + escapes
                    errors.append(
                        .configuration(
                            "\(conditionOwner): /\(value.text)/ repeats '\(nested.text)', a repetition inside a repetition, which can take minutes on a long description; repeat the group or what is inside it, not both (or make the inner one possessive, like 'a++')",
                            at: line.location(column), excerpt: line.text, caretColumn: column))
                    return nil
                }
                do {
                    expressions.append(try RuleRegex(pattern: value.text, flags: value.flags))
                } catch {
                    fail("invalid regular expression /\(value.text)/", line, value)
                    return nil
                }
            }
            return .matches(expressions)
        }
        let names = Condition.TextOperator.allCases.map(\.rawValue) + ["matches"]
        guard let textOperator = Condition.TextOperator(rawValue: op.text) else {
            fail(
                "unknown text operator '\(op.text)'\(Suggestion.hint(for: op.text, in: names + ["not"])); expected one of \(names.joined(separator: ", "))",
                line, op)
            return nil
        }
        guard let values = valueList(rest, line) else { return nil }
        if let regex = values.first(where: { $0.kind == .regex }) {
            fail("a /regex/ goes with 'matches', not '\(op.text)'", line, regex)
            return nil
        }
        return .text(textOperator, values: values.map { Self.key($0.text, field: field) })
    }

    /// The folded form a text value is compared in (IBANs also lose their spaces).
    static func key(_ text: String, field: Condition.Field) -> String {
        let folded = TextKey.fold(text)
        return field == .iban ? folded.replacingOccurrences(of: " ", with: "") : folded
    }

    private mutating func amountTest(_ op: RuleToken, _ rest: [RuleToken], _ line: RuleLine) -> Condition.Test? {
        if op.text == "between" {
            guard let (low, high) = betweenBounds(rest, line) else { return nil }
            guard let a = ruleAmount(low, line), let b = ruleAmount(high, line) else { return nil }
            if a.tenThousandths > b.tenThousandths {
                fail("'between A and B' needs A <= B", line, low)
                return nil
            }
            return .amountBetween(a, b)
        }
        guard let comparison = comparison(op, line, field: "amount"), let values = valueList(rest, line) else { return nil }
        var amounts: [RuleAmount] = []
        for value in values {
            guard let amount = ruleAmount(value, line) else { return nil }
            amounts.append(amount)
        }
        return .amount(comparison, values: amounts)
    }

    private mutating func dateTest(_ op: RuleToken, _ rest: [RuleToken], _ line: RuleLine) -> Condition.Test? {
        if op.text == "between" {
            guard let (low, high) = betweenBounds(rest, line), let a = date(low, line), let b = date(high, line) else { return nil }
            if a > b {
                fail("'between A and B' needs A <= B", line, low)
                return nil
            }
            return .dateBetween(a, b)
        }
        guard let comparison = comparison(op, line, field: "date"), let values = valueList(rest, line) else { return nil }
        var dates: [LocalDate] = []
        for value in values {
            guard let d = date(value, line) else { return nil }
            dates.append(d)
        }
        return .date(comparison, values: dates)
    }

    private mutating func date(_ token: RuleToken, _ line: RuleLine) -> LocalDate? {
        guard let date = LocalDate(iso: token.text) else {
            fail("cannot read date '\(token.text)': rules write dates as YYYY-MM-DD", line, token)
            return nil
        }
        return date
    }

    private mutating func comparison(_ op: RuleToken, _ line: RuleLine, field: String) -> Condition.ComparisonOperator? {
        if let comparison = Condition.ComparisonOperator(rawValue: op.text) { return comparison }
        let names = Condition.ComparisonOperator.allCases.map(\.rawValue) + ["between"]
        fail("unknown \(field) operator '\(op.text)'; expected one of \(names.joined(separator: " "))", line, op)
        return nil
    }

    /// `A and B`; an amount may carry a currency: `between 5.00 EUR and 10.00 EUR`.
    private mutating func betweenBounds(_ rest: [RuleToken], _ line: RuleLine) -> (RuleToken, RuleToken)? {
        guard let and = rest.firstIndex(where: { $0.kind == .word && $0.text == "and" }), and > 0, and < rest.count - 1,
            let low = valueList(Array(rest[..<and]), line), let high = valueList(Array(rest[(and + 1)...]), line),
            low.count == 1, high.count == 1
        else {
            fail("expected 'between A and B'", line, rest.first ?? line.tokens.last!)
            return nil
        }
        return (low[0], high[0])
    }

    /// `tag NAME`, `tag NAME=VALUE`, `tag NAME="a value"`.
    private mutating func tag(_ line: RuleLine) -> RuleTag? {
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

    /// `"A", "B", C` → [A, B, C]; an amount value may carry a currency: `5.00 EUR`.
    private mutating func valueList(_ tokens: [RuleToken], _ line: RuleLine) -> [RuleToken]? {
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

    mutating func ruleAmount(_ token: RuleToken, _ line: RuleLine) -> RuleAmount? {
        let parts = token.text.split(separator: " ")
        var currency: Currency?
        if parts.count == 2 { currency = Currency(code: parts[1]) }
        do {
            let units = try AmountParser.parse(parts[0], format: .standard, exponent: 4)
            return RuleAmount(tenThousandths: units, currency: currency)
        } catch {
            fail("cannot read amount '\(token.text)': \(error.reason); rules write amounts like -12.50 or 5.00 EUR", line, token)
            return nil
        }
    }

    // MARK: helpers

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
