import PennyCore

/// Berlin Group NextGenPSD2 account transactions, as banks and GoCardless return them.
struct BerlinGroupFormat {
    let fileName: String
    let configuration: ReaderConfiguration
    private let keys = BerlinGroupKeys()

    func read(_ document: ExactJSON, _ text: JSONText, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let fields = JSONFields(fileName: fileName)
        let at = fields.location(document)
        let account = document["account"]
        let booked = text.list(document["transactions"]?["booked"])
        let pending = text.list(document["transactions"]?["pending"])
        let first = text.first(booked) ?? text.first(pending)
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
            guard let items else { continue }
            try text.forEach(items) { (item) throws(PennyError) in try emit(.transaction(try transaction(item, isPending: isPending, currency: currency, fields))) }
        }
    }

    private func transaction(_ item: ExactJSON, isPending: Bool, currency: Currency, _ fields: JSONFields) throws(PennyError) -> Transaction {
        let at = fields.location(item)
        let amountObject = item[keys.transactionAmount]
        let code = try fields.currency(amountObject?[keys.currency]?.text, fallback: currency, at)
        let amount = try fields.money(amountObject?[keys.amount]?.text, code, at)
        let dateText =
            JSONFields.nonEmpty(item[keys.bookingDate]) ?? JSONFields.nonEmpty(item[keys.valueDate]) ?? JSONFields.nonEmpty(item[keys.bookingDateTime])
            ?? JSONFields.nonEmpty(item[keys.valueDateTime])
        let date = try fields.date(dateText, at, what: "bookingDate or valueDate")
        let remittance = item[keys.remittanceInformationUnstructured]?.text ?? Self.joined(item[keys.remittanceInformationUnstructuredArray])
        let isOut = amount.isNegative
        let name = (isOut ? item[keys.creditorName] : item[keys.debtorName])?.text
        let iban = (isOut ? item[keys.creditorAccount] : item[keys.debtorAccount])?[keys.iban]?.text
        let memo = item[keys.additionalInformation]?.text
        let description = remittance ?? item[keys.remittanceInformationStructured]?.text ?? memo ?? name ?? ""
        let id =
            JSONFields.nonEmpty(item[keys.transactionId]) ?? JSONFields.nonEmpty(item[keys.internalTransactionId]) ?? JSONFields.nonEmpty(item[keys.entryReference])
        return Transaction(
            date: date, amount: amount, description: description, location: at, payee: name, memo: memo,
            counterpartyName: name, counterpartyIBAN: iban, bankID: id, type: item[keys.proprietaryBankTransactionCode]?.text, isPending: isPending)
    }

    /// The texts of an array's elements, joined by spaces; nil for none.
    private static func joined(_ lines: ExactJSON?) -> String? {
        let texts = lines?.elements?.compactMap(\.text) ?? []
        return texts.isEmpty ? nil : texts.joined(separator: " ")
    }
}
