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
    func read(_ statement: MT940FieldStore, after previous: StatementHeader?, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError)
        -> StatementHeader
    {
        try statement.withText { (text) throws(PennyError) in try read(text, after: previous, emit: emit) }
    }

    private func read(_ text: MT940FieldText, after previous: StatementHeader?, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError)
        -> StatementHeader
    {
        let fields = text.store.fields
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
                let id = text.store.string(ofLine: field.lines.lowerBound).trimmingCharacters(in: .whitespaces)
                account = id.isEmpty ? nil : id
            case "60F", "60M":
                let balance = try MT940Values.balance(text.store.string(ofLine: field.lines.lowerBound), tag: field.tag, at: SourceLocation(file: fileName, line: field.line))
                opening = balance
                currency = balance.amount.currency
            case "34F" where currency == nil:
                let code = String(text.store.string(ofLine: field.lines.lowerBound).prefix(3))
                guard let declared = Currency(code: code) else {
                    throw .badInput("unknown currency '\(code)' in :34F:", at: SourceLocation(file: fileName, line: field.line))
                }
                currency = declared
            case "62F", "62M":
                closing = try MT940Values.balance(text.store.string(ofLine: field.lines.lowerBound), tag: field.tag, at: SourceLocation(file: fileName, line: field.line))
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
            let first = index
            while index < fields.count, fields[index].tag == "86" { index += 1 }
            try emit(.transaction(try transaction(text, field, details: fields[first..<index], currency: statementCurrency)))
        }
        return header
    }

    private func transaction(_ text: MT940FieldText, _ field: MT940Field, details: ArraySlice<MT940Field>, currency: Currency) throws(PennyError)
        -> Transaction
    {
        let at = SourceLocation(file: fileName, line: field.line)
        let line: MT940StatementLine
        if let read = MT940StatementLineBytes.read(text, field, currency: currency) {
            line = read
        } else {
            line = try MT940StatementLine(lines: text.store.strings(field), currency: currency, at: at)
        }
        let purpose = details.isEmpty ? nil : MT940PurposeBytes.read(text, details) ?? MT940Purpose(lines: Self.detailLines(text.store, details))
        let reference = Self.isNonref(line.customerReference) || line.customerReference.isEmpty ? nil : line.customerReference
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

    /// The `:86:` fields' lines as the purpose reads them: one field's lines, or each
    /// field's lines joined with a space.
    static func detailLines(_ store: MT940FieldStore, _ details: ArraySlice<MT940Field>) -> [String] {
        details.count == 1 ? store.strings(details[details.startIndex]) : details.map { store.strings($0).joined(separator: " ") }
    }

    /// True for `NONREF` in any case (as `uppercased()` has it).
    static func isNonref(_ reference: String) -> Bool {
        var reference = reference
        if let ascii = reference.withUTF8({ $0.allSatisfy { $0 < 0x80 } ? MT940StatementLineBytes.isNonref($0) : nil }) { return ascii }
        return reference.uppercased() == "NONREF"
    }
}
