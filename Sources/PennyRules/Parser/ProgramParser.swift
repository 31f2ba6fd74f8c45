import PennyCore

extension RulesParser {
    static let roundUpKeys = ["from", "funding", "unit", "multiplier", "pot", "apply", "until", "to", "if"]

    /// Parses a `roundup NAME` block and checks what SPEC §7 requires.
    mutating func roundUp(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 2 else {
            fail("expected 'roundup NAME'", head, head.tokens.last!)
            return
        }
        var program = RoundUpProgram(name: head.tokens[1].text, location: head.location())
        conditionOwner = "roundup '\(program.name)'"
        var conditions: [Condition] = []
        let errorsBefore = errors.count
        for line in body {
            let key = line.tokens[0]
            let values = Array(line.tokens.dropFirst())
            switch key.text {
            case "from":
                program.origins += values.filter { $0.kind != .comma }.compactMap { checkAccountName($0, line) ? $0.text : nil }
            case "funding":
                guard values.count == 1, checkAccountName(values[0], line) else { fail("expected 'funding ACCOUNT'", line, values.first ?? key); continue }
                program.funding = values[0].text
            case "pot":
                guard values.count == 1, checkAccountName(values[0], line) else { fail("expected 'pot ACCOUNT'", line, values.first ?? key); continue }
                program.pot = values[0].text
            case "unit":
                guard values.count == 1, let unit = positiveAmount(values[0], line, what: "unit") else { continue }
                program.unit = unit
            case "multiplier":
                guard values.count == 1, let n = Int(values[0].text), (1...10).contains(n) else {
                    fail("expected 'multiplier N' with N from 1 to 10", line, values.first ?? key)
                    continue
                }
                program.multiplier = n
            case "apply":
                program.schedule = schedule(values, line, key)
            case "until":
                guard values.count == 1, let date = LocalDate(iso: values[0].text) else {
                    fail("expected 'until YYYY-MM-DD'", line, values.first ?? key)
                    continue
                }
                program.until = date
            case "to":
                if let destination = destination(values, line, key) { program.destinations.append(destination) }
            case "if":
                if let condition = condition(line) { conditions.append(condition) }
            default:
                fail(
                    "unknown roundup setting '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.roundUpKeys)); expected one of \(Self.roundUpKeys.joined(separator: ", "))",
                    line, key)
            }
        }
        if errors.count == errorsBefore { validate(program, head) }
        if ruleSet.roundUps.contains(where: { $0.name == program.name }) {
            fail("roundup '\(program.name)' is already declared", head, head.tokens[1])
        }
        ruleSet.roundUps.append(program)
        ruleSet.roundUpConditions[program.name] = conditions
    }

    private mutating func validate(_ program: RoundUpProgram, _ head: RuleLine) {
        let name = head.tokens[1]
        if program.origins.isEmpty { fail("roundup '\(program.name)' needs 'from ACCOUNT, ...' (the accounts whose purchases round up)", head, name) }
        if program.pot == nil { fail("roundup '\(program.name)' needs 'pot ACCOUNT' (where spare change accumulates)", head, name) }
        if program.schedule == nil { fail("roundup '\(program.name)' needs 'apply when-pot-reaches AMOUNT', 'apply weekly', 'apply monthly' or 'apply later'", head, name) }
        if program.destinations.isEmpty { fail("roundup '\(program.name)' needs 'to ACCOUNT N%' lines that add up to 100%", head, name) }
        // The destinations in force must add up to exactly 100% on every day they change.
        var checkDates: [LocalDate?] = [nil]
        for d in program.destinations {
            if let since = d.since { checkDates.append(since) }
            if let until = d.until { checkDates.append(until.adding(days: 1)) }
        }
        var reported = Set<Int>()
        for date in checkDates {
            let inForce = program.destinations.filter { d in date.map { d.isInForce(on: $0) } ?? (d.since == nil) }
            if date != nil && inForce.isEmpty { continue }
            let total = inForce.reduce(0) { $0 + $1.hundredthsOfPercent }
            guard total != 10_000, reported.insert(total).inserted else { continue }
            let from = date.map { " from \($0)" } ?? ""
            let message =
                total < 10_000
                ? "destinations add up to \(Self.percent(total))\(from): \(Self.percent(10_000 - total)) still to assign"
                : "destinations add up to \(Self.percent(total))\(from): \(Self.percent(total - 10_000)) too much"
            let line = inForce.first?.location ?? program.location
            errors.append(.configuration(message, at: line))
        }
    }

    /// `25%`, `33.33%`.
    static func percent(_ hundredths: Int) -> String {
        hundredths % 100 == 0 ? "\(hundredths / 100)%" : DecimalFormatter.format(minorUnits: Int64(hundredths), exponent: 2) + "%"
    }

    private mutating func schedule(_ values: [RuleToken], _ line: RuleLine, _ key: RuleToken) -> RoundUpProgram.Schedule? {
        let kinds = ["when-pot-reaches", "weekly", "monthly", "later"]
        switch values.first?.text {
        case "weekly" where values.count == 1: return .weekly
        case "monthly" where values.count == 1: return .monthly
        case "later" where values.count == 1: return .later
        case "when-pot-reaches" where values.count == 2:
            guard let threshold = positiveAmount(values[1], line, what: "threshold") else { return nil }
            guard threshold.tenThousandths >= 50_000, threshold.tenThousandths <= 1_000_000 else {
                fail("the threshold must be between 5.00 and 100.00, not \(values[1].text)", line, values[1])
                return nil
            }
            return .whenPotReaches(threshold)
        default:
            let word = values.first?.text ?? ""
            fail(
                "expected 'apply when-pot-reaches AMOUNT', 'apply weekly', 'apply monthly' or 'apply later'\(Suggestion.hint(for: word, in: kinds))",
                line, values.first ?? key)
            return nil
        }
    }

    /// `to ACCOUNT P% [goal AMOUNT] [since DATE] [until DATE]`.
    private mutating func destination(_ values: [RuleToken], _ line: RuleLine, _ key: RuleToken) -> RoundUpProgram.Destination? {
        guard values.count >= 2, checkAccountName(values[0], line) else {
            fail("expected 'to ACCOUNT N%' (optionally 'goal AMOUNT', 'since DATE', 'until DATE')", line, values.first ?? key)
            return nil
        }
        guard let share = Self.hundredthsOfPercent(values[1].text) else {
            fail("expected a percentage with up to 2 decimals, like 25% or 33.33%", line, values[1])
            return nil
        }
        var destination = RoundUpProgram.Destination(account: values[0].text, hundredthsOfPercent: share, location: line.location(key.column))
        var i = 2
        while i < values.count {
            guard i + 1 < values.count else {
                fail("expected a value after '\(values[i].text)'", line, values[i])
                return nil
            }
            switch values[i].text {
            case "goal": destination.goal = positiveAmount(values[i + 1], line, what: "goal")
            case "since", "until":
                guard let date = LocalDate(iso: values[i + 1].text) else {
                    fail("expected a date YYYY-MM-DD after '\(values[i].text)'", line, values[i + 1])
                    return nil
                }
                if values[i].text == "since" { destination.since = date } else { destination.until = date }
            default:
                fail("expected 'goal', 'since' or 'until' after the percentage", line, values[i])
                return nil
            }
            i += 2
        }
        return destination
    }

    /// `25%` → 2500; nil when not a percentage with up to two decimals in 0...100.
    static func hundredthsOfPercent(_ text: String) -> Int? {
        guard text.hasSuffix("%"), let units = try? AmountParser.parse(text.dropLast(), format: .standard, exponent: 2),
            units > 0, units <= 10_000
        else { return nil }
        return Int(units)
    }

    private mutating func positiveAmount(_ token: RuleToken, _ line: RuleLine, what: String) -> RuleAmount? {
        guard let amount = ruleAmount(token, line) else { return nil }
        guard amount.tenThousandths > 0 else {
            fail("the \(what) must be more than zero", line, token)
            return nil
        }
        return amount
    }

    /// Parses a `budget` block.
    mutating func budget(_ head: RuleLine, _ body: [RuleLine]) {
        var budget = Budget(location: head.location())
        if head.tokens.count > 1 { fail("'budget' takes no name; its lines are indented below it", head, head.tokens[1]) }
        var partLines: [RuleLine] = []
        for line in body {
            let first = line.tokens[0]
            if first.text == "split" {
                budget.split = split(line)
                continue
            }
            if first.kind == .word, !first.text.contains(":"), line.tokens.count > 1, line.tokens[1].text.contains(":") {
                partLines.append(line)
                continue
            }
            guard checkAccountName(first, line) else { continue }
            let values = Array(line.tokens.dropFirst())
            if values.count == 3, values[1].text == "of", values[2].text == "income", let share = Self.hundredthsOfPercent(values[0].text) {
                budget.lines.append(Budget.Line(account: first.text, hundredthsOfIncome: share, location: line.location()))
            } else if values.count == 1, let amount = positiveAmount(values[0], line, what: "budget") {
                budget.lines.append(Budget.Line(account: first.text, amount: amount, location: line.location()))
            } else if values.count != 1 {
                fail("expected 'ACCOUNT N% of income' or 'ACCOUNT AMOUNT'", line, values.first ?? first)
            }
        }
        for line in partLines { splitPart(line, into: &budget) }
        ruleSet.budgets.append(budget)
    }

    /// `needs expenses:housing, expenses:food`: a part of the split and its accounts.
    private mutating func splitPart(_ line: RuleLine, into budget: inout Budget) {
        let name = line.tokens[0]
        let parts = budget.effectiveSplit.map(\.name)
        guard budget.split.isEmpty || parts.contains(name.text) else {
            fail("'\(name.text)' is not a part of the split\(Suggestion.hint(for: name.text, in: parts)); expected one of \(parts.joined(separator: ", "))", line, name)
            return
        }
        if budget.split.isEmpty, !["needs", "wants", "savings"].contains(name.text) {
            fail("'\(name.text)' is not a part of the default split: name the parts with 'split NAME N% ...', or use needs, wants and savings", line, name)
            return
        }
        var accounts: [String] = []
        for token in line.tokens.dropFirst() where token.kind != .comma {
            guard checkAccountName(token, line) else { return }
            accounts.append(token.text)
        }
        budget.splitAccounts.append((name.text, accounts))
    }

    /// `split needs 50% wants 30% savings 20%`, adding up to 100%.
    private mutating func split(_ line: RuleLine) -> [(name: String, hundredthsOfPercent: Int)] {
        let values = Array(line.tokens.dropFirst())
        guard values.count >= 2, values.count % 2 == 0 else {
            fail("expected 'split NAME N% NAME N% ...'", line, values.last ?? line.tokens[0])
            return []
        }
        var parts: [(name: String, hundredthsOfPercent: Int)] = []
        for i in stride(from: 0, to: values.count, by: 2) {
            guard let share = Self.hundredthsOfPercent(values[i + 1].text) else {
                fail("expected a percentage with up to 2 decimals, like 50%", line, values[i + 1])
                return []
            }
            parts.append((values[i].text, share))
        }
        let total = parts.reduce(0) { $0 + $1.hundredthsOfPercent }
        if total != 10_000 {
            fail("the split adds up to \(Self.percent(total)), not 100%", line, values[0])
        }
        return parts
    }
}
