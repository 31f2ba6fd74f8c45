import PennyCore

/// Turns CSV records into transactions with a profile's column map.
///
/// The first `header-lines` lines are the header; the last record among them names the
/// columns, so `date "Data Mov."` finds its index once. Locations use the record's first
/// line and the 1-based field number as the column.
struct CSVRowMapper {
    let profile: CSVProfile
    let fileName: String
    let currency: Currency
    private let decoder: TextDecoder
    private var headerNames: [String] = []
    private var columns: ResolvedColumns?
    /// `columns`, for the per-row reads.
    private var columnsRef: Unmanaged<ResolvedColumns>?
    /// The amount of a plain row, read from its bytes (made with `columns`), and the same
    /// for the per-row reads.
    private var plainAmount: PlainAmount?
    private var plainAmountRef: Unmanaged<PlainAmount>?
    private var patterns: CSVRowPatterns?
    /// True once `patterns` is made and has `end-row` or `skip-row` patterns.
    private var hasPatterns = false
    private let indicatorAmount: IndicatorAmount
    /// The profile's settings each row reads, kept apart: reading them through `profile`
    /// copied the whole profile (642 bytes) three times a row.
    private let rowSettings: RowSettings
    /// The last plain row's date field and its date.
    private var recentDates = RecentDateFields()
    /// The description being decoded (reused: no allocation per row).
    private var scratch: [UInt8] = []
    /// True while everything in `scratch` is printable ASCII (clean, as `PlainRow` needs).
    private var scratchIsPrintableASCII = true
    /// The description as the record holds it, when it is one column of printable ASCII
    /// (most rows): lent in place of `scratch`, for the record's lifetime only.
    private var lentDescription: UnsafeBufferPointer<UInt8>?
    /// The details of the row being decoded, one after another (`RowDetails`), and their lengths.
    private var detailScratch: [UInt8] = []
    private var detailLengths = RowDetailLengths.none
    /// The line after the last record seen, to notice blank lines between records.
    private var nextLine = 1
    /// True once an `end-row` pattern or `end-at-blank-line` ended the data.
    private(set) var hasEnded = false
    /// True once a data row was read (a blank line before the first one ends nothing).
    private var sawData = false
    /// The text of the last record when it was a detail row (`detail-rows join`): no date,
    /// no amount, some text that continues the transaction above.
    private(set) var detailText: String?
    /// Rows a `skip-row` pattern passed over: how many, the first one's pattern and line.
    private(set) var skipped: (count: Int, pattern: String, line: Int)?

    init(profile: CSVProfile, fileName: String, currency: Currency) {
        self.profile = profile
        self.fileName = fileName
        self.currency = currency
        self.decoder = TextDecoder(encoding: profile.encoding)
        self.indicatorAmount = IndicatorAmount(profile: profile)
        self.rowSettings = RowSettings(profile)
    }

    /// Reads a record: true when it is a transaction (put in `transaction`); false when it
    /// was gathered into `rows` (there is a run and the row is plain, see `PlainRow`) or is
    /// a header, blank or skipped record or comes after the end of the data. (The large
    /// `Transaction` is written only when there is one.)
    mutating func map(_ record: CSVRecord, rows: inout PlainRowRun?, transaction: inout Transaction?) throws(PennyError) -> Bool {
        detailText = nil
        guard let row = try dataRow(record) else { return false }
        try resolveColumns()
        if rowSettings.joinsDetailRows, let text = try detail(row, columns!) {
            detailText = text
            return false
        }
        // Borrowed (`columns` keeps them): no retain and release per row.
        let plain = rows == nil ? nil : columnsRef!._withUnsafeGuaranteedRef { $0.isPlain ? plainFields(record, $0) : nil }
        if let plain {
            let line = record.line
            let balance = plain.balance?.minorUnits
            if !plain.hasDetails {
                if let lent = lentDescription {
                    rows!.append(date: plain.date, minorUnits: plain.amount.minorUnits, balance: balance, description: lent, line: line)
                } else {
                    scratch.withUnsafeBufferPointer { rows!.append(date: plain.date, minorUnits: plain.amount.minorUnits, balance: balance, description: $0, line: line) }
                }
                return false
            }
            let lengths = detailLengths
            detailScratch.withUnsafeBufferPointer { details in
                if let lent = lentDescription {
                    rows!.append(date: plain.date, minorUnits: plain.amount.minorUnits, balance: balance, description: lent, details: (details, lengths), line: line)
                } else {
                    scratch.withUnsafeBufferPointer { description in
                        rows!.append(
                            date: plain.date, minorUnits: plain.amount.minorUnits, balance: balance, description: description, details: (details, lengths), line: line)
                    }
                }
            }
            return false
        }
        transaction = try self.transaction(row, columns!)
        return true
    }

    /// The record when it is a data row, after the header, blank-line, pattern and width
    /// checks; nil for the others.
    private mutating func dataRow(_ record: CSVRecord) throws(PennyError) -> CSVRecord? {
        let followsBlankLine = record.line > nextLine
        nextLine = record.line + record.lineCount
        if hasEnded { return nil }
        if record.line <= rowSettings.headerLines {
            if !record.isBlank {
                headerNames = []
                for i in 0..<record.count { headerNames.append(try text(record, i)) }
            }
            return nil
        }
        if rowSettings.endsAtBlankLine && sawData && (record.isBlank || followsBlankLine) {
            hasEnded = true
            return nil
        }
        if record.isBlank { return nil }
        sawData = true
        if try isNotATransaction(record) { return nil }
        // The check's call only for a row wider than the header (a call per row copied the mapper).
        if !rowSettings.ignoresExtraFields && !headerNames.isEmpty && record.count > headerNames.count { try checkWidth(record) }
        return record
    }

    /// Date, amount and balance read in place, with the description decoded into `scratch`
    /// and the details into `detailScratch` (when the profile has them), all clean
    /// (`PlainRow.isClean`); nil when any of them needs the `String` path.
    private mutating func plainFields(_ record: CSVRecord, _ c: ResolvedColumns) -> (date: LocalDate, amount: Money, balance: Money?, hasDetails: Bool)? {
        guard let date = plainDate(record, c.date), var amount = plainAmountRef!._withUnsafeGuaranteedRef({ $0.read(record) }),
            decodeDescription(record, c.description, lending: true)
        else {
            return nil
        }
        let descriptionCount = lentDescription?.count ?? scratch.count
        guard descriptionCount <= PlainRow.maximumDescriptionBytes, scratchIsPrintableASCII || scratch.withUnsafeBufferPointer({ PlainRow.isClean($0) }) else {
            return nil
        }
        let hasDetails = c.hasDetails
        if hasDetails {
            guard decodeDetails(record, c) else { return nil }
            // Without a description the entry's text is the payee or memo (`StatementImporter.description`).
            if descriptionCount == 0 && (detailLengths.payee > 0 || detailLengths.memo > 0) { return nil }
        }
        if rowSettings.negate { amount = -amount }
        var balance: Money?
        if let i = c.balance {
            if let fast = CSVFieldBytes.amount(record, i, currency, rowSettings.amountFormat) {
                balance = Money(minorUnits: fast, currency: currency)
            } else if !CSVFieldBytes.isBlank(record, i) {
                return nil
            }
        }
        return (date, Money(minorUnits: amount, currency: currency), balance, hasDetails)
    }

    /// Decodes the detail columns, each trimmed, into `detailScratch` with their lengths in
    /// `detailLengths`; false to take the String path.
    private mutating func decodeDetails(_ record: CSVRecord, _ c: ResolvedColumns) -> Bool {
        detailScratch.removeAll(keepingCapacity: true)
        guard let payee = appendDetail(record, c.payee), let memo = appendDetail(record, c.memo), let counterparty = appendDetail(record, c.counterparty),
            let iban = appendDetail(record, c.iban), let type = appendDetail(record, c.type), let bankID = appendDetail(record, c.id)
        else { return false }
        detailLengths = RowDetailLengths(payee: payee, memo: memo, counterparty: counterparty, iban: iban, type: type, bankID: bankID)
        return true
    }

    /// Appends one detail field, trimmed, to `detailScratch` and returns its length (0 for
    /// none: no such column, or only spaces); nil to take the String path.
    private mutating func appendDetail(_ record: CSVRecord, _ index: Int?) -> UInt16? {
        guard let index, index < record.count else { return 0 }
        let start = detailScratch.count
        var isPrintableASCII = true
        guard CSVFieldText.appendDecoded(record.field(index), to: &detailScratch, joining: false, isPrintableASCII: &isPrintableASCII, rowSettings.encoding) else {
            return nil
        }
        let count = detailScratch.count - start
        guard count <= PlainRow.maximumDescriptionBytes else { return nil }
        if !isPrintableASCII {
            guard detailScratch.withUnsafeBufferPointer({ PlainRow.isClean(UnsafeBufferPointer(rebasing: $0[start...])) }) else { return nil }
        }
        return UInt16(count)
    }

    /// The date of a plain row: a recent row's when the field's bytes are the same
    /// (`RecentDateFields`), else read in place; nil to take the String path.
    private mutating func plainDate(_ record: CSVRecord, _ index: Int) -> LocalDate? {
        guard index < record.count else { return nil }
        let field = record.field(index)
        if let date = recentDates.date(of: field) { return date }
        guard let date = CSVFieldBytes.date(record, index, rowSettings.dateFormat) else { return nil }
        recentDates.remember(field, date)
        return date
    }

    /// The description columns trimmed and joined with spaces, decoded into `scratch`;
    /// nil to take the String path.
    private mutating func fastDescription(_ record: CSVRecord, _ columns: [Int]) -> String? {
        guard decodeDescription(record, columns) else { return nil }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Decodes the description columns, trimmed and joined with spaces, into `scratch`;
    /// false to take the String path.
    /// With `lending`, one column of printable ASCII is lent as it is (`lentDescription`)
    /// instead: the same bytes, not copied.
    private mutating func decodeDescription(_ record: CSVRecord, _ columns: [Int], lending: Bool = false) -> Bool {
        lentDescription = nil
        scratch.removeAll(keepingCapacity: true)
        scratchIsPrintableASCII = true
        if lending, columns.count == 1, columns[0] < record.count, let part = CSVFieldText.printableASCII(record.field(columns[0])) {
            lentDescription = part
            return true
        }
        for i in columns {
            guard i < record.count, CSVFieldText.appendDecoded(record.field(i), to: &scratch, joining: true, isPrintableASCII: &scratchIsPrintableASCII, rowSettings.encoding)
            else { return false }
        }
        return true
    }

    /// A detail row's text: the row has no date and no amount (nil otherwise). The text is
    /// that of its description columns, or of every field when those are empty.
    private func detail(_ record: CSVRecord, _ c: ResolvedColumns) throws(PennyError) -> String? {
        func blank(_ index: Int) throws(PennyError) -> Bool { try optionalText(record, index) == nil }
        guard try blank(c.date) else { return nil }
        switch c.amount {
        case .signed(let i): guard try blank(i) else { return nil }
        case .debitCredit(let d, let cr): guard try blank(d), try blank(cr) else { return nil }
        }
        var parts: [String] = []
        for i in c.description { if let part = try optionalText(record, i) { parts.append(part) } }
        if parts.isEmpty { for i in 0..<record.count { if let part = try optionalText(record, i) { parts.append(part) } } }
        return parts.isEmpty ? nil : parts.joined(separator: " ").replacingNewlines
    }

    /// True for a row an `end-row` or `skip-row` pattern names (an end also ends the data).
    private mutating func isNotATransaction(_ record: CSVRecord) throws(PennyError) -> Bool {
        if patterns == nil {
            patterns = CSVRowPatterns(profile: profile, headerNames: headerNames)
            hasPatterns = !patterns!.isEmpty
        }
        // Asked per row: a flag, not a copy of the patterns.
        guard hasPatterns, let patterns else { return false }
        if patterns.ends(record, decoder) {
            hasEnded = true
            return true
        }
        guard let pattern = patterns.skipping(record, decoder) else { return false }
        skipped = (count: (skipped?.count ?? 0) + 1, pattern: skipped?.pattern ?? pattern, line: skipped?.line ?? record.line)
        return true
    }

    /// A row with more non-empty fields than the header was split wrongly (an unquoted
    /// delimiter inside a value): reading it by position would shift every column. Called
    /// only for a row with more fields than a header it has (`dataRow` checks, unless the
    /// profile ignores extra fields).
    private func checkWidth(_ record: CSVRecord) throws(PennyError) {
        let extra = (headerNames.count..<record.count).filter { !record.field($0).allSatisfy { $0 == 0x20 } }
        guard let first = extra.first else { return }
        throw .badInput(
            "row has \(record.count) fields but the header has \(headerNames.count); is a value with a '\(Character(UnicodeScalar(profile.delimiter)))' missing its quotes? (if the bank adds unnamed fields, say 'extra-fields ignore')",
            at: SourceLocation(file: fileName, line: record.line, column: first + 1), excerpt: excerpt(record))
    }

    /// Resolves the profile's columns against the header, once (the first data row).
    private mutating func resolveColumns() throws(PennyError) {
        guard columns == nil else { return }
        let resolved = try ResolvedColumns(profile: profile, headerNames: headerNames, fileName: fileName)
        // A unit that is a currency code must be the account's (a currency column decides per row).
        if let unit = profile.amountFormat.unit, resolved.currency == nil, unit.count == 3, unit.allSatisfy({ $0.isASCII && $0.isLetter }),
            unit.uppercased() != currency.code
        {
            throw .badInput(
                "csv profile '\(profile.name)': the amounts are written in \(unit.uppercased()) ('amount-unit \(unit)') but the account's currency is \(currency.code)",
                at: SourceLocation(file: fileName, line: max(1, profile.headerLines + 1)))
        }
        columns = resolved
        columnsRef = Unmanaged.passUnretained(resolved)
        let amount = PlainAmount(columns: resolved, profile: profile, currency: currency)
        plainAmount = amount
        plainAmountRef = Unmanaged.passUnretained(amount)
    }

    private mutating func transaction(_ record: CSVRecord, _ c: ResolvedColumns) throws(PennyError) -> Transaction {
        let location = SourceLocation(file: fileName, line: record.line)
        let date: LocalDate
        if let fast = CSVFieldBytes.date(record, c.date, rowSettings.dateFormat) {
            date = fast
        } else {
            let dateText = try field(record, c.date, "date")
            guard let parsed = profile.dateFormat.parse(dateText) else {
                throw .badInput("cannot read date '\(dateText)' with format \(profile.dateFormat)", at: location.at(column: c.date + 1), excerpt: excerpt(record))
            }
            date = parsed
        }
        var rowCurrency = currency
        if let i = c.currency {
            let code = try field(record, i, "currency")
            guard let currency = Currency(code: code.trimmingSpaces) else {
                throw .badInput("unknown currency code '\(code)'", at: location.at(column: i + 1), excerpt: excerpt(record))
            }
            rowCurrency = currency
        }
        var amount: Int64
        if case .signed(let i) = c.amount, c.indicator == nil, let fast = CSVFieldBytes.amount(record, i, rowCurrency, rowSettings.amountFormat) {
            amount = fast
        } else {
            amount = try self.amount(record, c, rowCurrency, location)
        }
        if profile.negate { amount = -amount }
        let description: String
        if let fast = fastDescription(record, c.description) {
            description = fast
        } else {
            var parts: [String] = []
            for i in c.description {
                let part = try field(record, i, "description").trimmingSpaces
                if !part.isEmpty { parts.append(part) }
            }
            description = parts.joined(separator: " ").replacingNewlines
        }
        var balance: Money?
        if let i = c.balance {
            if let fast = CSVFieldBytes.amount(record, i, rowCurrency, rowSettings.amountFormat) {
                balance = Money(minorUnits: fast, currency: rowCurrency)
            } else if !CSVFieldBytes.isBlank(record, i) {
                let text = try field(record, i, "balance")
                if !text.trimmingSpaces.isEmpty {
                    balance = Money(minorUnits: try parseAmount(text, record, i, rowCurrency), currency: rowCurrency)
                }
            }
        }
        return Transaction(
            date: date, amount: Money(minorUnits: amount, currency: rowCurrency),
            description: description, location: location,
            payee: try optionalText(record, c.payee), memo: try optionalText(record, c.memo),
            counterpartyName: try optionalText(record, c.counterparty), counterpartyIBAN: try optionalText(record, c.iban),
            bankID: try optionalText(record, c.id), type: try optionalText(record, c.type), balance: balance)
    }

    private func amount(_ record: CSVRecord, _ c: ResolvedColumns, _ currency: Currency, _ location: SourceLocation) throws(PennyError) -> Int64 {
        switch c.amount {
        case .signed(let i):
            var text = try field(record, i, "amount")
            if text.trimmingSpaces.isEmpty {
                throw .badInput("empty amount", at: location.at(column: i + 1), excerpt: excerpt(record))
            }
            guard let indicator = c.indicator else { return try parseAmount(text, record, i, currency) }
            var mark: String
            var markColumn = i
            switch indicator {
            case .afterAmount:
                (text, mark) = IndicatorAmount.splitTrailingMark(text)
            case .column(let column):
                mark = try field(record, column, "indicator")
                markColumn = column
            }
            guard let sign = indicatorAmount.sign(of: mark) else {
                throw .badInput(
                    "cannot tell money in from money out: indicator '\(mark.trimmingSpaces)' is not one of \(indicatorAmount.described)",
                    at: location.at(column: markColumn + 1), excerpt: excerpt(record))
            }
            let magnitude = try parseAmount(text, record, i, currency)
            return sign * (magnitude < 0 ? -magnitude : magnitude)
        case .debitCredit(let debitIndex, let creditIndex):
            let debitText = try field(record, debitIndex, "debit").trimmingSpaces
            let creditText = try field(record, creditIndex, "credit").trimmingSpaces
            if debitText.isEmpty && creditText.isEmpty {
                throw .badInput("both debit and credit are empty", at: location.at(column: debitIndex + 1), excerpt: excerpt(record))
            }
            let debit = debitText.isEmpty ? 0 : try parseAmount(debitText, record, debitIndex, currency)
            let credit = creditText.isEmpty ? 0 : try parseAmount(creditText, record, creditIndex, currency)
            // Debits are money out whether the bank writes them as 12.00 or -12.00.
            return credit - (debit < 0 ? -debit : debit)
        }
    }

    private func parseAmount(_ text: String, _ record: CSVRecord, _ index: Int, _ currency: Currency) throws(PennyError) -> Int64 {
        do {
            return try AmountParser.parse(text, format: profile.amountFormat, exponent: currency.exponent)
        } catch {
            throw .badInput(
                "cannot read amount '\(text)': \(error.reason) (decimal mark '\(profile.amountFormat.decimalMark)')",
                at: SourceLocation(file: fileName, line: record.line, column: index + 1), excerpt: excerpt(record))
        }
    }
}

/// Reading a field as text, for the `String` path and its errors.
extension CSVRowMapper {
    private func optionalText(_ record: CSVRecord, _ index: Int?) throws(PennyError) -> String? {
        guard let index, index < record.count else { return nil }
        let value = try text(record, index).trimmingSpaces
        return value.isEmpty ? nil : value
    }

    private func field(_ record: CSVRecord, _ index: Int, _ role: String) throws(PennyError) -> String {
        guard index < record.count else {
            throw .badInput(
                "row has \(record.count) field\(record.count == 1 ? "" : "s"); the \(role) column \(index + 1) is missing",
                at: SourceLocation(file: fileName, line: record.line, column: record.count), excerpt: excerpt(record))
        }
        return try text(record, index)
    }

    private func text(_ record: CSVRecord, _ index: Int) throws(PennyError) -> String {
        guard let text = decoder.decode(record.field(index)) else {
            throw .badInput(
                "field is not valid \(profile.encoding.rawValue); set 'encoding' in csv profile '\(profile.name)' (latin1, windows-1252, windows-1251, utf-16)",
                at: SourceLocation(file: fileName, line: record.line, column: index + 1))
        }
        return text
    }

    private func excerpt(_ record: CSVRecord) -> String {
        (0..<record.count).map { decoder.decode(record.field($0)) ?? "?" }
            .joined(separator: String(UnicodeScalar(profile.delimiter)))
            .replacingNewlines
    }
}
