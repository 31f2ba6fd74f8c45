import PennyCore

/// Parses rules text into a `RuleSet`, collecting every error instead of stopping at the first.
struct RulesParser {
    static let directives = ["default", "account", "csv", "rule", "include", "budget", "roundup"]
    static let notYet: Set<String> = ["include", "budget", "roundup"]
    static let textFields = ["description", "payee", "memo", "counterparty", "iban", "account", "currency", "type"]
    static let fields = textFields + ["amount", "date"]
    static let ruleActions = ["if", "category", "payee", "tag", "note", "skip", "no-roundup", "continue"]
    static let csvKeys = [
        "match-file", "match-header", "account", "delimiter", "encoding", "header-lines", "date",
        "description", "amount", "debit", "credit", "decimal-mark", "thousands-separator", "negate",
        "balance", "id", "currency", "payee", "memo",
    ]
    static let accountKeys = ["id", "currency", "type", "opening", "closing-day", "due-day"]

    var ruleSet = RuleSet()
    var errors: [PennyError] = []
    private var ruleNames: [String: SourceLocation] = [:]

    /// Parses one file's text into the rule set built so far.
    mutating func parse(_ text: String, file: String) {
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
        case _ where Self.notYet.contains(keyword):
            fail("'\(keyword)' is not supported yet", head, head.tokens[0])
        default:
            fail(
                "unknown directive '\(keyword)'\(Suggestion.hint(for: keyword, in: Self.directives)); expected one of \(Self.directives.joined(separator: ", "))", head,
                head.tokens[0])
        }
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
        if let earlier = ruleNames[name] {
            fail("rule '\(name)' is already declared at \(earlier); rule names must be unique (the ledger records them)", head, head.tokens[1])
        }
        ruleNames[name] = head.location()
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
            case "tag", "note", "skip", "no-roundup", "continue":
                fail("rule action '\(key.text)' is not supported yet", line, key)
            default:
                fail(
                    "unknown rule line '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.ruleActions)); expected one of \(Self.ruleActions.joined(separator: ", "))", line, key
                )
            }
        }
        if rule.category == nil && rule.payee == nil && errors.count == errorsBefore {
            fail("rule '\(name)' sets nothing: add a 'category ACCOUNT' line", head, head.tokens[1])
        }
        ruleSet.rules.append(rule)
    }

    private mutating func condition(_ line: RuleLine) -> Condition? {
        let tokens = line.tokens
        guard tokens.count >= 2 else {
            fail("expected 'if FIELD OPERATOR VALUE'", line, tokens[0])
            return nil
        }
        let field = tokens[1]
        guard Self.fields.contains(field.text) else {
            fail("unknown field '\(field.text)'\(Suggestion.hint(for: field.text, in: Self.fields)); expected one of \(Self.fields.joined(separator: ", "))", line, field)
            return nil
        }
        guard tokens.count >= 4 else {
            fail("expected an operator and a value after '\(field.text)'", line, tokens.last!)
            return nil
        }
        let op = tokens[2]
        if ["matches", "not", "between"].contains(op.text) {
            fail("operator '\(op.text)' is not supported yet", line, op)
            return nil
        }
        guard let values = valueList(Array(tokens[3...]), line) else { return nil }
        switch field.text {
        case "description":
            let names = Condition.TextOperator.allCases.map(\.rawValue)
            guard let textOperator = Condition.TextOperator(rawValue: op.text) else {
                fail(
                    "unknown text operator '\(op.text)'\(Suggestion.hint(for: op.text, in: names + ["matches", "not"])); expected one of \(names.joined(separator: ", "))", line, op
                )
                return nil
            }
            return .text(textOperator, values: values.map { TextKey.fold($0.text) })
        case "amount":
            let names = Condition.ComparisonOperator.allCases.map(\.rawValue)
            guard let comparison = Condition.ComparisonOperator(rawValue: op.text) else {
                fail("unknown amount operator '\(op.text)'; expected one of \(names.joined(separator: " "))", line, op)
                return nil
            }
            var amounts: [RuleAmount] = []
            for value in values {
                if let amount = ruleAmount(value, line) { amounts.append(amount) }
            }
            return amounts.count == values.count ? .amount(comparison, values: amounts) : nil
        default:
            fail("conditions on '\(field.text)' are not supported yet", line, field)
            return nil
        }
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

    private mutating func ruleAmount(_ token: RuleToken, _ line: RuleLine) -> RuleAmount? {
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
