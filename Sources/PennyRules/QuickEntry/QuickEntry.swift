public import PennyCore

/// A transaction written in a few words (`café 2,30 ontem`, `uber 12.90 visa`, `recebi 50
/// da Ana`), read into date, amount, own account and description — the grammar of
/// `penny add`. Pure: `today` and the rules are given.
///
/// - Amount: one number with a comma or a dot (`2,30`, `12.90`, `1.234,56`); `+` in front,
///   or an income word (`recebi`, `received`, `cobré`, `rebut`, `ricevuto`…), makes it money in.
/// - Date: today/yesterday words and weekday names in en, pt, es, ca, it (the latest such
///   day, today included), `DD/MM`, `DD-MM`, `DD/MM/YYYY` or `YYYY-MM-DD`; default today.
/// - Account: a word that is an `alias` of a declared account or the last part of its name
///   (`visa` for `liabilities:card:visa`); default the account declared `type cash`.
/// - What is left is the description (leading `da`, `de`, `from`… dropped).
public struct QuickEntry: Sendable, Equatable {
    /// The entry's date.
    public let date: LocalDate
    /// The amount; negative is money out.
    public let amount: Money
    /// The own account.
    public let account: String
    /// The words that describe it.
    public let description: String

    /// Reads `words`; an error names the word it could not read.
    public static func read(_ words: [String], rules: RuleSet, today: LocalDate, account forced: String? = nil, date forcedDate: LocalDate? = nil)
        throws(PennyError) -> QuickEntry
    {
        let tokens = words.flatMap { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        var amountText: String?, date = forcedDate, account = forced, income = false
        var rest: [String] = []
        let accounts = Dictionary(
            rules.accounts.flatMap { a in a.shortNames.map { ($0, a.name) } },
            uniquingKeysWith: { first, _ in first })
        for token in tokens {
            let key = TextKey.fold(token)
            if let number = Self.number(token) {
                if let earlier = amountText { throw .configuration("two amounts, '\(earlier)' and '\(token)': write one") }
                amountText = number.text
                income = income || number.positive
            } else if incomeWords.contains(key) {
                income = true
            } else if date == nil, let day = Self.day(key, today: today) {
                date = day
                Self.dropLinkingWord(&rest)
            } else if date == nil, token.contains(where: \.isNumber), token.contains(where: { $0 == "/" || $0 == "-" }) {
                guard let day = Self.shortDate(token, today: today) else {
                    throw .configuration("cannot read the date '\(token)': write it like 9/3, 09-03-2024 or 2024-03-09, or a word like ontem or yesterday")
                }
                date = day
                Self.dropLinkingWord(&rest)
            } else if account == nil, let named = accounts[token.lowercased()] ?? accounts[key] {
                account = named
                Self.dropLinkingWord(&rest)
            } else {
                rest.append(token)
            }
        }
        guard let amountText else {
            throw .configuration("cannot find an amount in '\(tokens.joined(separator: " "))': write it like 2,30 or 2.30")
        }
        guard let own = account ?? rules.accounts.first(where: { $0.kind == .cash })?.name else {
            throw .configuration("which account? name it (--account NAME, or a word that is an account's alias), or declare an account with 'type cash'")
        }
        let currency = rules.currency(ofAccount: own)
        let units: Int64
        do { units = try AmountParser.parse(amountText, format: Self.format(amountText), exponent: currency.exponent) } catch {
            throw .configuration("cannot read the amount '\(amountText)': \(error.reason)")
        }
        while let first = rest.first, fillerWords.contains(TextKey.fold(first)) { rest.removeFirst() }
        guard !rest.isEmpty else { throw .configuration("what was it? add a word or two, like: café 2,30") }
        let magnitude = units < 0 ? -units : units
        return QuickEntry(
            date: date ?? today, amount: Money(minorUnits: income ? magnitude : -magnitude, currency: currency), account: own,
            description: rest.joined(separator: " "))
    }

    /// Words that make the amount money in.
    static let incomeWords: Set<String> = [
        "recebi", "recebido", "received", "receive", "income", "got", "cobre", "cobrei", "cobrado", "ingreso", "recibi", "rebut", "rebi", "ricevuto",
        "ricevuti", "incasso",
    ]

    /// Words that only link a date or an account to the sentence (`on friday`, `with visa`,
    /// `em dinheiro`): dropped when the date or account right after them is read.
    static let linkingWords: Set<String> = ["on", "at", "with", "by", "via", "em", "no", "na", "com", "el", "en", "con", "il", "al", "am", "le", "per"]

    /// Drops a linking word left at the end of the description so far.
    static func dropLinkingWord(_ rest: inout [String]) {
        if let last = rest.last, linkingWords.contains(TextKey.fold(last)) { rest.removeLast() }
    }

    /// Words dropped from the front of the description.
    static let fillerWords: Set<String> = ["da", "de", "do", "dos", "das", "from", "of", "del", "di", "dal", "a", "para", "para o", "per"]

    /// Words for today and yesterday.
    static let relativeDays: [String: Int] = [
        "today": 0, "hoje": 0, "hoy": 0, "avui": 0, "oggi": 0,
        "yesterday": 1, "ontem": 1, "ayer": 1, "ahir": 1, "ieri": 1,
    ]

    /// Weekday names (folded), 1 = Monday … 7 = Sunday.
    static let weekdays: [String: Int] = [
        "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 7,
        "segunda": 1, "terca": 2, "quarta": 3, "quinta": 4, "sexta": 5, "sabado": 6, "domingo": 7,
        "lunes": 1, "martes": 2, "miercoles": 3, "jueves": 4, "viernes": 5,
        "dilluns": 1, "dimarts": 2, "dimecres": 3, "dijous": 4, "divendres": 5, "dissabte": 6, "diumenge": 7,
        "lunedi": 1, "martedi": 2, "mercoledi": 3, "giovedi": 4, "venerdi": 5, "sabato": 6, "domenica": 7,
    ]

    static func day(_ word: String, today: LocalDate) -> LocalDate? {
        if let back = relativeDays[word] { return today.adding(days: -back) }
        guard let weekday = weekdays[word] else { return nil }
        return today.adding(days: -((today.isoWeekday - weekday + 7) % 7))
    }

    /// `9/3`, `09-03`, `9/3/24`, `09-03-2024` (day first) or `2024-03-09`.
    static func shortDate(_ token: String, today: LocalDate) -> LocalDate? {
        let parts = token.split(whereSeparator: { $0 == "/" || $0 == "-" }).compactMap { Int($0) }
        guard parts.count >= 2, parts.count <= 3 else { return nil }
        if parts.count == 3, parts[0] > 31 { return LocalDate(year: parts[0], month: parts[1], day: parts[2]) }
        let year = parts.count == 3 ? (parts[2] < 100 ? 2000 + parts[2] : parts[2]) : today.year
        guard let date = LocalDate(year: year, month: parts[1], day: parts[0]) else { return nil }
        // A day and month alone mean the latest such date, not one in the future.
        if parts.count == 2, date > today { return LocalDate(year: year - 1, month: parts[1], day: parts[0]) }
        return date
    }

    /// A token that is an amount: digits with at most one sign and a comma or dot.
    static func number(_ token: String) -> (text: String, positive: Bool)? {
        var text = token
        var positive = false
        if text.hasPrefix("+") {
            positive = true
            text.removeFirst()
        }
        for symbol in ["€", "$", "£", "R$"] where text.hasSuffix(symbol) || text.hasPrefix(symbol) {
            text = text.replacingOccurrences(of: symbol, with: "")
        }
        // A minus only in front or at the end: `09-03` is a date, not an amount.
        let inner = text.dropFirst().dropLast()
        guard let first = text.first, first.isNumber || first == "-",
            text.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." || $0 == "-" }), text.contains(where: \.isNumber), !inner.contains("-")
        else { return nil }
        return (text, positive)
    }

    /// A decimal comma when the last separator is a comma (`2,30`, `1.234,56`), else a dot.
    static func format(_ text: String) -> AmountFormat {
        let comma = text.lastIndex(of: ","), dot = text.lastIndex(of: ".")
        if let comma, dot.map({ comma > $0 }) ?? true { return AmountFormat(decimalMark: ",", thousandsSeparator: .some(".")) }
        return AmountFormat(decimalMark: ".", thousandsSeparator: .some(","))
    }
}
