import Foundation
public import PennyCore

/// Reads JSON statements: Penny's own format, Berlin Group NextGenPSD2 / GoCardless
/// account transactions (also snake_case, and wrapped in a `response.body`), and Plaid
/// `/transactions/get` responses. A wrapped body holding CAMT XML goes to `CAMTReader`, one
/// holding MT940 text to `MT940Reader`.
///
/// Numbers keep their exact text (`ExactJSON`). The file is streamed: memory holds the
/// document without its entries and one entry at a time, whatever the file's size (a
/// recorded exchange's body, one JSON string, is held whole).
public struct JSONReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `json`.
    public var format: StatementFormat { .json }

    /// True when the file starts with `[`, or with `{` and then a key or `}` (a SWIFT
    /// `{1:` block is MT940's).
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        if probe.firstSignificantByte == UInt8(ascii: "[") { return true }
        guard probe.firstSignificantByte == UInt8(ascii: "{") else { return false }
        let next = probe.head.drop { $0 != UInt8(ascii: "{") }.dropFirst().first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        return next == nil || next == UInt8(ascii: "\"") || next == UInt8(ascii: "}")
    }

    /// Streams the statement(s) the document holds: a first pass checks the whole text and
    /// keeps its outline without the entries (`JSONText`), then the entries are read a list
    /// at a time.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        try read(JSONText(url: probe.url, fileName: displayName), configuration: configuration, emit: emit)
    }

    private func read(_ text: JSONText, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        var text = text
        let document = try text.outline()
        try read(document, text, configuration: configuration, emit: emit)
    }

    private func read(_ document: ExactJSON, _ text: JSONText, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let displayName = text.fileName
        // A recorded API exchange: the statement is the response body.
        if let body = document["response"]?["body"] {
            if case .string(let bodyText) = body {
                let trimmed = bodyText.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.hasPrefix("<") {
                    try CAMTReader().read(bytes: Array(trimmed.utf8), displayName: displayName, configuration: configuration, emit: emit)
                    return
                }
                if MT940Reader.looksLikeMT940(trimmed) {
                    try MT940Reader().read(text: trimmed, displayName: displayName, configuration: configuration, emit: emit)
                    return
                }
                try read(JSONText(bytes: Array(trimmed.utf8), fileName: displayName), configuration: configuration, emit: emit)
                return
            }
            try read(body, text, configuration: configuration, emit: emit)
            return
        }
        let at = SourceLocation(file: displayName, line: max(1, document.line))
        let transactions = document["transactions"]
        if let list = text.list(transactions), text.facts(list).hasPlaidEntry {
            try PlaidFormat(fileName: displayName, configuration: configuration).read(list, text, emit: emit)
        } else if let list = text.list(transactions) {
            try PennyJSONFormat(fileName: displayName, configuration: configuration).read(document, list, text, emit: emit)
        } else if transactions?["booked"] != nil || transactions?["pending"] != nil {
            try BerlinGroupFormat(fileName: displayName, configuration: configuration).read(document, text, emit: emit)
        } else {
            throw .badInput(
                "unrecognized JSON statement: expected Penny's format ({\"account\", \"transactions\": [...]}), Berlin Group/GoCardless ({\"transactions\": {\"booked\": [...]}}) or Plaid",
                at: at)
        }
    }
}

/// What the JSON formats share: dates, amounts and locations.
struct JSONFields {
    let fileName: String

    func location(_ value: ExactJSON) -> SourceLocation { SourceLocation(file: fileName, line: max(1, value.line)) }

    func money(_ text: String?, _ currency: Currency, _ at: SourceLocation, negate: Bool = false) throws(PennyError) -> Money {
        guard let text else { throw .badInput("transaction without an amount", at: at) }
        do {
            let units = try AmountParser.parse(text, format: .standard, exponent: currency.exponent)
            return Money(minorUnits: negate ? -units : units, currency: currency)
        } catch {
            throw .badInput("cannot read amount '\(text)': \(error.reason) (\(currency.code))", at: at)
        }
    }

    /// The text of `value` when it has one that is not empty.
    static func nonEmpty(_ value: ExactJSON?) -> String? {
        guard let text = value?.text, !text.isEmpty else { return nil }
        return text
    }

    func currency(_ code: String?, fallback: Currency, _ at: SourceLocation) throws(PennyError) -> Currency {
        guard let code, !code.isEmpty else { return fallback }
        // Every currency is made from its upper-case code, so the fallback's own code (three
        // bytes, so no other spelling equal by canonical equivalence) makes the fallback.
        if code.utf8.count == 3, code == fallback.code { return fallback }
        guard let currency = Currency(code: code) else { throw .badInput("unknown currency '\(code)'", at: at) }
        return currency
    }

    func date(_ texts: [String?], _ at: SourceLocation, what: String) throws(PennyError) -> LocalDate {
        try date(texts.compactMap({ $0 }).first(where: { !$0.isEmpty }), at, what: what)
    }

    /// The date `text` starts with; `text` is the first of a value's candidates that is
    /// there and not empty (`nonEmpty`).
    func date(_ text: String?, _ at: SourceLocation, what: String) throws(PennyError) -> LocalDate {
        guard let text else {
            throw .badInput("transaction without \(what)", at: at)
        }
        // `prefix(10)` counts characters; text of at most ten bytes is its own prefix.
        guard let date = LocalDate(iso: text.utf8.count <= 10 ? text[...] : text.prefix(10)) else {
            throw .badInput("cannot read date '\(text)': expected YYYY-MM-DD", at: at)
        }
        return date
    }
}

/// `{"account": {"id", "currency"}, "transactions": [{"id", "date", "amount", "description", "payee"?, "memo"?}]}`.
struct PennyJSONFormat {
    let fileName: String
    let configuration: ReaderConfiguration

    func read(_ document: ExactJSON, _ list: JSONList, _ text: JSONText, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let fields = JSONFields(fileName: fileName)
        let at = fields.location(document)
        let currency = try fields.currency(document["account"]?["currency"]?.text, fallback: configuration.defaultCurrency, at)
        try emit(.statement(StatementHeader(accountIdentifier: document["account"]?["id"]?.text, accountName: nil, currency: currency, location: at)))
        try text.forEach(list) { (item) throws(PennyError) in
            let where_ = fields.location(item)
            let itemCurrency = try fields.currency(item[.currency]?.text, fallback: currency, where_)
            try emit(
                .transaction(
                    Transaction(
                        date: try fields.date([item[.date]?.text], where_, what: "a date"), amount: try fields.money(item[.amount]?.text, itemCurrency, where_),
                        description: item[.description]?.text ?? "", location: where_, payee: item[.payee]?.text, memo: item[.memo]?.text,
                        bankID: item[.id]?.text, isPending: item[.pending]?.isTrue ?? false)))
        }
    }
}

/// Plaid `/transactions/get`: `amount` positive means money out; one statement per account.
struct PlaidFormat {
    let fileName: String
    let configuration: ReaderConfiguration

    func read(_ list: JSONList, _ text: JSONText, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let fields = JSONFields(fileName: fileName)
        // One pass over the entries per account, in the order the accounts first appear.
        let facts = text.facts(list)
        for first in facts.accounts {
            let account = first.account
            let at = SourceLocation(file: fileName, line: max(1, first.line))
            let currency = try fields.currency(first.isoCurrency ?? first.unofficialCurrency, fallback: configuration.defaultCurrency, at)
            try emit(.statement(StatementHeader(accountIdentifier: account.isEmpty ? nil : account, accountName: nil, currency: currency, location: at)))
            try text.forEach(list) { (item) throws(PennyError) in
                guard (item[.accountID]?.text ?? "") == account else { return }
                let where_ = fields.location(item)
                let code = try fields.currency(item[.isoCurrencyCode]?.text ?? item[.unofficialCurrencyCode]?.text, fallback: currency, where_)
                let name = item[.name]?.text ?? ""
                try emit(
                    .transaction(
                        Transaction(
                            date: try fields.date([item[.date]?.text, item[.authorizedDate]?.text], where_, what: "a date"),
                            amount: try fields.money(item[.amount]?.text, code, where_, negate: true), description: name, location: where_,
                            payee: item[.merchantName]?.text, bankID: item[.transactionID]?.text, type: item[.paymentChannel]?.text,
                            isPending: item[.pending]?.isTrue ?? false)))
            }
        }
    }
}
