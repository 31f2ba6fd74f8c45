import Foundation
import PennyCore

/// `account NAME` blocks: ids, currency, type, opening balance, card days, transfer windows.
extension RulesParser {
    /// Parses an `account NAME` block into a declaration.
    mutating func account(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 2, checkAccountName(head.tokens[1], head) else {
            if head.tokens.count != 2 { fail("expected 'account NAME' (one account name, like assets:bank:checking)", head, head.tokens.last!) }
            return
        }
        var declaration = AccountDeclaration(name: head.tokens[1].text, location: head.location())
        var openingLine: OpeningLine?
        for line in body {
            let key = line.tokens[0]
            guard let setting = AccountSetting(rawValue: key.text) else {
                fail(
                    "unknown account setting '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.accountKeys)); expected one of \(Self.accountKeys.joined(separator: ", "))",
                    line, key)
                continue
            }
            accountSetting(setting, Array(line.tokens.dropFirst()), line, &declaration, opening: &openingLine)
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

    /// An `opening` line as read: its line, the amount's token and the date. The amount is
    /// read once the block's currency is known.
    typealias OpeningLine = (line: RuleLine, amount: RuleToken, date: LocalDate)

    /// Parses one setting line of an `account` block into the declaration (an `opening`
    /// line into `opening`).
    private mutating func accountSetting(
        _ setting: AccountSetting, _ values: [RuleToken], _ line: RuleLine, _ declaration: inout AccountDeclaration, opening openingLine: inout OpeningLine?
    ) {
        let key = line.tokens[0]
        switch setting {
        case .id:
            let ids = values.filter { $0.kind != .comma }.map(\.text)
            if ids.isEmpty { fail("expected 'id' followed by an IBAN, account number or *1234", line, key) }
            declaration.identifiers += ids
        case .currency:
            guard values.count == 1, let currency = Currency(code: values[0].text) else {
                fail("expected 'currency' followed by a three-letter code like EUR", line, values.first ?? key)
                return
            }
            declaration.currency = currency
        case .type:
            let names = AccountDeclaration.Kind.allCases.map(\.rawValue)
            guard values.count == 1, let kind = AccountDeclaration.Kind(rawValue: values[0].text) else {
                let word = values.first?.text ?? ""
                fail("unknown account type '\(word)'\(Suggestion.hint(for: word, in: names)); expected one of \(names.joined(separator: ", "))", line, values.first ?? key)
                return
            }
            declaration.kind = kind
        case .opening:
            if values.count >= 3, values[2].kind == .comma {
                fail(
                    "cannot read opening amount '\(values[1].text),\(values.count > 3 ? values[3].text : "")': rules write amounts with '.' as the decimal mark, like 1250.00",
                    line, values[1])
                return
            }
            guard values.count >= 2, let date = LocalDate(iso: values[0].text) else {
                fail("expected 'opening YYYY-MM-DD AMOUNT'", line, values.first ?? key)
                return
            }
            openingLine = (line, values[1], date)
            if values.count > 3 { fail("expected 'opening YYYY-MM-DD AMOUNT [CURRENCY]'", line, values[3]) }
            if values.count == 3, let currency = Currency(code: values[2].text) { declaration.currency = declaration.currency ?? currency }
        case .closingDay, .dueDay:
            guard values.count == 1, let day = Int(values[0].text), (1...31).contains(day) else {
                fail("expected '\(key.text)' followed by a day of the month, 1 to 31", line, values.first ?? key)
                return
            }
            if setting == .closingDay { declaration.closingDay = day } else { declaration.dueDay = day }
        case .alias:
            let words = values.filter { $0.kind != .comma }.map { $0.text.lowercased() }
            if words.isEmpty { fail("expected 'alias' followed by one or more short names, like: alias visa, cartão", line, key) }
            declaration.aliases += words
        case .transferWindow:
            guard (1...2).contains(values.count), let days = Int(values[0].text), (0...31).contains(days) else {
                fail("expected 'transfer-window DAYS [ACCOUNT]' with DAYS from 0 to 31", line, values.first ?? key)
                return
            }
            if values.count == 2 {
                if checkAccountName(values[1], line) { declaration.transferWindows[values[1].text] = days }
            } else {
                declaration.transferWindow = days
            }
        }
    }
}
