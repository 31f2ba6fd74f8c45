import Foundation
public import PennyCore

/// Reads JSON statements: Penny's own format, Berlin Group NextGenPSD2 / GoCardless
/// account transactions (also snake_case, and wrapped in a `response.body`), and Plaid
/// `/transactions/get` responses. A wrapped body holding CAMT XML goes to `CAMTReader`, one
/// holding MT940 text to `MT940Reader`.
///
/// Numbers keep their exact text (`ExactJSON`); the document is held in memory (API
/// responses are small).
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

    /// Streams the statement(s) the document holds.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let bytes = try probe.contents(displayName: displayName)
        var parser = ExactJSONParser(bytes: bytes, fileName: displayName)
        try read(try parser.parse(), displayName: displayName, configuration: configuration, emit: emit)
    }

    private func read(_ document: ExactJSON, displayName: String, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        // A recorded API exchange: the statement is the response body.
        if let body = document["response"]?["body"] {
            if case .string(let text) = body {
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.hasPrefix("<") {
                    try CAMTReader().read(bytes: Array(trimmed.utf8), displayName: displayName, configuration: configuration, emit: emit)
                    return
                }
                if MT940Reader.looksLikeMT940(trimmed) {
                    try MT940Reader().read(text: trimmed, displayName: displayName, configuration: configuration, emit: emit)
                    return
                }
                var inner = ExactJSONParser(bytes: Array(trimmed.utf8), fileName: displayName)
                try read(try inner.parse(), displayName: displayName, configuration: configuration, emit: emit)
                return
            }
            try read(body, displayName: displayName, configuration: configuration, emit: emit)
            return
        }
        let at = SourceLocation(file: displayName, line: max(1, document.line))
        if let list = document["transactions"]?.elements, list.contains(where: { $0["transaction_id"] != nil && $0["account_id"] != nil }) {
            try PlaidFormat(fileName: displayName, configuration: configuration).read(list, emit: emit)
        } else if let list = document["transactions"]?.elements {
            try PennyJSONFormat(fileName: displayName, configuration: configuration).read(document, list, emit: emit)
        } else if document["transactions"]?["booked"] != nil || document["transactions"]?["pending"] != nil {
            try BerlinGroupFormat(fileName: displayName, configuration: configuration).read(document, emit: emit)
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

    func currency(_ code: String?, fallback: Currency, _ at: SourceLocation) throws(PennyError) -> Currency {
        guard let code, !code.isEmpty else { return fallback }
        guard let currency = Currency(code: code) else { throw .badInput("unknown currency '\(code)'", at: at) }
        return currency
    }

    func date(_ texts: [String?], _ at: SourceLocation, what: String) throws(PennyError) -> LocalDate {
        guard let text = texts.compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw .badInput("transaction without \(what)", at: at)
        }
        guard let date = LocalDate(iso: text.prefix(10)) else {
            throw .badInput("cannot read date '\(text)': expected YYYY-MM-DD", at: at)
        }
        return date
    }
}

/// `{"account": {"id", "currency"}, "transactions": [{"id", "date", "amount", "description", "payee"?, "memo"?}]}`.
struct PennyJSONFormat {
    let fileName: String
    let configuration: ReaderConfiguration

    func read(_ document: ExactJSON, _ list: [ExactJSON], emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let fields = JSONFields(fileName: fileName)
        let at = fields.location(document)
        let currency = try fields.currency(document["account"]?["currency"]?.text, fallback: configuration.defaultCurrency, at)
        try emit(.statement(StatementHeader(accountIdentifier: document["account"]?["id"]?.text, accountName: nil, currency: currency, location: at)))
        for item in list {
            let where_ = fields.location(item)
            let itemCurrency = try fields.currency(item["currency"]?.text, fallback: currency, where_)
            try emit(
                .transaction(
                    Transaction(
                        date: try fields.date([item["date"]?.text], where_, what: "a date"), amount: try fields.money(item["amount"]?.text, itemCurrency, where_),
                        description: item["description"]?.text ?? "", location: where_, payee: item["payee"]?.text, memo: item["memo"]?.text,
                        bankID: item["id"]?.text, isPending: item["pending"]?.isTrue ?? false)))
        }
    }
}

/// Berlin Group NextGenPSD2 account transactions, as banks and GoCardless return them.
struct BerlinGroupFormat {
    let fileName: String
    let configuration: ReaderConfiguration

    func read(_ document: ExactJSON, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let fields = JSONFields(fileName: fileName)
        let at = fields.location(document)
        let account = document["account"]
        let booked = document["transactions"]?["booked"]?.elements ?? []
        let pending = document["transactions"]?["pending"]?.elements ?? []
        let first = (booked + pending).first
        let currency: Currency
        if let declared = account?["currency"]?.text {
            currency = try fields.currency(declared, fallback: configuration.defaultCurrency, at)
        } else {
            let where_ = first.map { fields.location($0) } ?? at
            currency = try fields.currency(first?["transactionAmount"]?["currency"]?.text, fallback: configuration.defaultCurrency, where_)
        }
        var closing: StatementBalance?
        for balance in document["balances"]?.elements ?? [] where ["closingBooked", "closing_booked"].contains(balance["balanceType"]?.text ?? "") {
            guard let dateText = balance["referenceDate"]?.text, let date = LocalDate(iso: dateText.prefix(10)) else { continue }
            let amount = balance["balanceAmount"]
            let code = try fields.currency(amount?["currency"]?.text, fallback: currency, at)
            closing = StatementBalance(date: date, amount: try fields.money(amount?["amount"]?.text, code, fields.location(balance)))
        }
        let identifier = account?["iban"]?.text ?? account?["bban"]?.text ?? account?["maskedPan"]?.text ?? account?["pan"]?.text
        try emit(.statement(StatementHeader(accountIdentifier: identifier, accountName: nil, currency: currency, location: at, closing: closing)))
        for (items, isPending) in [(booked, false), (pending, true)] {
            for item in items { try emit(.transaction(try transaction(item, isPending: isPending, currency: currency, fields))) }
        }
    }

    private func transaction(_ item: ExactJSON, isPending: Bool, currency: Currency, _ fields: JSONFields) throws(PennyError) -> Transaction {
        let at = fields.location(item)
        let amountObject = item["transactionAmount"]
        let code = try fields.currency(amountObject?["currency"]?.text, fallback: currency, at)
        let amount = try fields.money(amountObject?["amount"]?.text, code, at)
        let date = try fields.date(
            [item["bookingDate"]?.text, item["valueDate"]?.text, item["bookingDateTime"]?.text, item["valueDateTime"]?.text], at,
            what: "bookingDate or valueDate")
        let lines = item["remittanceInformationUnstructuredArray"]?.elements?.compactMap(\.text) ?? []
        let remittance = item["remittanceInformationUnstructured"]?.text ?? (lines.isEmpty ? nil : lines.joined(separator: " "))
        let isOut = amount.isNegative
        let name = isOut ? item["creditorName"]?.text : item["debtorName"]?.text
        let iban = (isOut ? item["creditorAccount"] : item["debtorAccount"])?["iban"]?.text
        let description = remittance ?? item["remittanceInformationStructured"]?.text ?? item["additionalInformation"]?.text ?? name ?? ""
        let id = [item["transactionId"]?.text, item["internalTransactionId"]?.text, item["entryReference"]?.text].compactMap { $0 }.first { !$0.isEmpty }
        return Transaction(
            date: date, amount: amount, description: description, location: at, payee: name, memo: item["additionalInformation"]?.text,
            counterpartyName: name, counterpartyIBAN: iban, bankID: id, type: item["proprietaryBankTransactionCode"]?.text, isPending: isPending)
    }
}

/// Plaid `/transactions/get`: `amount` positive means money out; one statement per account.
struct PlaidFormat {
    let fileName: String
    let configuration: ReaderConfiguration

    func read(_ list: [ExactJSON], emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let fields = JSONFields(fileName: fileName)
        var order: [String] = []
        var byAccount: [String: [ExactJSON]] = [:]
        for item in list {
            let account = item["account_id"]?.text ?? ""
            if byAccount[account] == nil { order.append(account) }
            byAccount[account, default: []].append(item)
        }
        for account in order {
            let items = byAccount[account]!
            let first = items[0]
            let at = fields.location(first)
            let currency = try fields.currency(first["iso_currency_code"]?.text ?? first["unofficial_currency_code"]?.text, fallback: configuration.defaultCurrency, at)
            try emit(.statement(StatementHeader(accountIdentifier: account.isEmpty ? nil : account, accountName: nil, currency: currency, location: at)))
            for item in items {
                let where_ = fields.location(item)
                let code = try fields.currency(item["iso_currency_code"]?.text ?? item["unofficial_currency_code"]?.text, fallback: currency, where_)
                let name = item["name"]?.text ?? ""
                try emit(
                    .transaction(
                        Transaction(
                            date: try fields.date([item["date"]?.text, item["authorized_date"]?.text], where_, what: "a date"),
                            amount: try fields.money(item["amount"]?.text, code, where_, negate: true), description: name, location: where_,
                            payee: item["merchant_name"]?.text, bankID: item["transaction_id"]?.text, type: item["payment_channel"]?.text,
                            isPending: item["pending"]?.isTrue ?? false)))
            }
        }
    }
}
