import PennyCore

/// Turns one statement's fields (from its `:20:` to before the next) into events.
///
/// A statement without `:20:` (one that starts after the previous closing balance) takes
/// what it leaves out from the statement before: its account, its currency, and that
/// statement's closing balance as its opening.
struct MT940StatementBuilder {
    let fileName: String
    let defaultCurrency: Currency

    /// Emits the statement's header and transactions, and returns the header.
    func read(_ fields: [MT940Field], after previous: StatementHeader?, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError)
        -> StatementHeader
    {
        let start = SourceLocation(file: fileName, line: fields[0].line)
        let inherited = fields[0].tag == "20" ? nil : previous
        let isInterim = fields.contains { $0.tag == "13D" || $0.tag == "13" || $0.tag == "34F" }
        var opening: StatementBalance?
        var closing: StatementBalance?
        var account: String?
        var currency: Currency?
        for field in fields {
            switch field.tag {
            case "25":
                let id = field.lines[0].trimmingCharacters(in: .whitespaces)
                account = id.isEmpty ? nil : id
            case "60F", "60M":
                let balance = try MT940Values.balance(field, fileName: fileName)
                opening = balance
                currency = balance.amount.currency
            case "34F" where currency == nil:
                let code = String(field.lines[0].prefix(3))
                guard let declared = Currency(code: code) else {
                    throw .badInput("unknown currency '\(code)' in :34F:", at: SourceLocation(file: fileName, line: field.line))
                }
                currency = declared
            case "62F", "62M":
                closing = try MT940Values.balance(field, fileName: fileName)
            default:
                break
            }
        }
        if !isInterim && closing == nil {
            throw .badInput(
                "the statement that starts here has no closing balance (:62F: or :62M:): the file may be cut off", at: start)
        }
        let statementCurrency = currency ?? closing?.amount.currency ?? inherited?.currency ?? defaultCurrency
        let header = StatementHeader(
            accountIdentifier: account ?? inherited?.accountIdentifier, accountName: nil, currency: statementCurrency, location: start,
            opening: opening ?? inherited?.closing, closing: closing)
        try emit(.statement(header))
        var index = 0
        while index < fields.count {
            let field = fields[index]
            index += 1
            guard field.tag == "61" else { continue }
            var details: [MT940Field] = []
            while index < fields.count, fields[index].tag == "86" {
                details.append(fields[index])
                index += 1
            }
            try emit(.transaction(try transaction(field, details: details, currency: statementCurrency)))
        }
        return header
    }

    private func transaction(_ field: MT940Field, details: [MT940Field], currency: Currency) throws(PennyError) -> Transaction {
        let at = SourceLocation(file: fileName, line: field.line)
        let line = try MT940StatementLine(field, currency: currency, at: at)
        let purpose = details.isEmpty ? nil : MT940Purpose(lines: details.count == 1 ? details[0].lines : details.map { $0.lines.joined(separator: " ") })
        let reference = line.customerReference.uppercased() == "NONREF" || line.customerReference.isEmpty ? nil : line.customerReference
        let texts: [String?] = [purpose?.text, line.supplementary, purpose?.counterpartyName, reference, line.typeCode]
        let description = texts.compactMap { $0 }.first { !$0.isEmpty } ?? ""
        var t = Transaction(
            date: line.entryDate ?? line.valueDate, amount: Money(minorUnits: line.minorUnits, currency: currency), description: description, location: at,
            payee: purpose?.counterpartyName, memo: line.supplementary == description ? nil : line.supplementary, counterpartyName: purpose?.counterpartyName,
            counterpartyIBAN: purpose?.counterpartyIBAN, bankID: line.bankReference, type: purpose?.postingText ?? line.typeCode)
        // The ledger's date is the entry (booking) date; the value date is kept beside it.
        if let entry = line.entryDate, entry != line.valueDate { t.valueDate = line.valueDate }
        return t
    }
}
