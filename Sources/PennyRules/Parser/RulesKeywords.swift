/// The words the rules language knows, one list each: the parser switches over these
/// enums, and the error messages and did-you-mean suggestions list their cases, so the
/// words a message offers are always the words the parser takes.
enum Directive: String, CaseIterable {
    case `default`, account, csv, rule, include, budget, roundup, recurring
    case notRecurring = "not-recurring"
    case price, label

    /// The words "unknown directive" and "indented line outside a block" list: every directive.
    static var listed: [String] { words }
}

/// The lines of an `account` block.
enum AccountSetting: String, CaseIterable {
    case id, currency, type, opening
    case closingDay = "closing-day"
    case dueDay = "due-day"
    case transferWindow = "transfer-window"
    case alias
}

/// The lines of a `rule` block.
enum RuleAction: String, CaseIterable {
    case `if`, category, payee, tag, note, skip
    case noRoundUp = "no-roundup"
    case `continue`
}

/// The lines of a `csv` block.
enum CSVSetting: String, CaseIterable {
    case matchFile = "match-file"
    case matchHeader = "match-header"
    case account, delimiter, encoding
    case headerLines = "header-lines"
    case date, description, amount, debit, credit
    case decimalMark = "decimal-mark"
    case thousandsSeparator = "thousands-separator"
    case amountUnit = "amount-unit"
    case negate, balance, id, currency, payee, memo, iban, counterparty, type, indicator
    case debitMarks = "debit-marks"
    case creditMarks = "credit-marks"
    case skipRow = "skip-row"
    case endRow = "end-row"
    case endAtBlankLine = "end-at-blank-line"
    case detailRows = "detail-rows"
    case extraFields = "extra-fields"
    case quotes
}

/// The keys of a `default` line.
enum DefaultKey: String, CaseIterable {
    case currency
    case expenseCategory = "expense-category"
    case incomeCategory = "income-category"
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// Every word, in declaration order.
    static var words: [String] { allCases.map(\.rawValue) }
}
