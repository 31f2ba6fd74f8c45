import PennyCore

/// A row's amount read in place from its bytes for the row lane, as `CSVRowMapper` reads it
/// from `String`s: a signed column, debit and credit columns, or an unsigned amount signed
/// by an indicator (in a column of its own, or letters after the number). Nil whenever the
/// `String` path must read it: a field not ASCII, blank where a number is needed, a mark
/// that is neither a debit nor a credit mark; that path then reads it or words the error.
/// A class, borrowed per row (`CSVRowMapper`): a copy of its marks per row retained them.
final class PlainAmount {
    private let columns: ResolvedColumns.Amount
    private let indicator: ResolvedColumns.Indicator?
    private let currency: Currency
    private let format: AmountFormat
    /// The profile's ASCII marks in upper case (`IndicatorAmount`'s; a mark written in
    /// other letters is matched by the `String` path).
    private let debitMarks: [[UInt8]]
    private let creditMarks: [[UInt8]]

    /// The amount of `columns`' rows in `currency`, as `profile` writes it.
    init(columns: ResolvedColumns, profile: CSVProfile, currency: Currency) {
        self.columns = columns.amount
        self.indicator = columns.indicator
        self.currency = currency
        self.format = profile.amountFormat
        func ascii(_ marks: [String]) -> [[UInt8]] { marks.map { Array($0.uppercased().utf8) }.filter { $0.allSatisfy { $0 < 0x80 } } }
        debitMarks = ascii(profile.debitMarks)
        creditMarks = ascii(profile.creditMarks)
    }

    /// The row's amount in minor units (before the profile's `negate`); nil for the String path.
    func read(_ record: CSVRecord) -> Int64? {
        switch columns {
        case .signed(let index):
            switch indicator {
            case nil: return CSVFieldBytes.amount(record, index, currency, format)
            case .column(let markIndex)?:
                guard let magnitude = CSVFieldBytes.amount(record, index, currency, format),
                    let sign = CSVFieldBytes.ascii(record, markIndex, { sign(ofMark: $0) })
                else { return nil }
                return sign * (magnitude < 0 ? -magnitude : magnitude)
            case .afterAmount?:
                return CSVFieldBytes.ascii(record, index) { markedAmount($0) }
            }
        case .debitCredit(let debitIndex, let creditIndex):
            // (An indicator is not read with debit and credit columns.)
            guard debitIndex < record.count, creditIndex < record.count else { return nil }
            let noDebit = CSVFieldBytes.isBlank(record, debitIndex), noCredit = CSVFieldBytes.isBlank(record, creditIndex)
            guard !(noDebit && noCredit), let debit = noDebit ? 0 : CSVFieldBytes.amount(record, debitIndex, currency, format),
                let credit = noCredit ? 0 : CSVFieldBytes.amount(record, creditIndex, currency, format)
            else { return nil }
            // Debits are money out whether the bank writes them as 12.00 or -12.00.
            return credit - (debit < 0 ? -debit : debit)
        }
    }

    /// `12.00 CR`, `12,00D`: the number signed by the letters after it
    /// (`IndicatorAmount.splitTrailingMark`).
    private func markedAmount(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        let text = CSVFieldBytes.trimmed(field)
        var cut = text.count
        while cut > 0, Self.isLetter(text[cut - 1]) { cut -= 1 }
        guard let sign = sign(ofMark: UnsafeBufferPointer(rebasing: text[cut...])) else { return nil }
        let number = CSVFieldBytes.trimmed(UnsafeBufferPointer(rebasing: text[..<cut]))
        guard let magnitude = try? AmountParser.parse(utf8: number, format: format, exponent: currency.exponent) else { return nil }
        return sign * (magnitude < 0 ? -magnitude : magnitude)
    }

    /// -1 for a debit mark, +1 for a credit mark (trimmed, any case), nil for neither.
    private func sign(ofMark bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let mark = CSVFieldBytes.trimmed(bytes).lazy.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        if debitMarks.contains(where: { $0.elementsEqual(mark) }) { return -1 }
        if creditMarks.contains(where: { $0.elementsEqual(mark) }) { return 1 }
        return nil
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
