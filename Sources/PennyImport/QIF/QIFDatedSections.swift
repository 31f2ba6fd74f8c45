import PennyCore

/// The dates of a QIF file's sections, read in the one day/month order all of them settle
/// (`QIFDates`): each record's, and each section's `!Account` balance date.
struct QIFDatedSections {
    /// A section's closing balance as written, its date read.
    struct Balance {
        let text: String
        let date: LocalDate
        let at: SourceLocation
    }

    private let dates: QIFDates
    private let records: [[QIFDates.Parts]]
    private let balances: [(parts: QIFDates.Parts, field: QIFRecord.Field)?]
    private let fileName: String

    /// Splits every date of `sections` and settles the file's order.
    init(_ sections: [QIFSection], displayName: String) throws(PennyError) {
        fileName = displayName
        let texts = sections.flatMap { $0.records.compactMap { $0.date?.text } + [$0.account?.balanceDate?.text].compactMap { $0 } }
        var dates = QIFDates(fileName: displayName, texts: texts)
        var records: [[QIFDates.Parts]] = []
        var balances: [(parts: QIFDates.Parts, field: QIFRecord.Field)?] = []
        for section in sections {
            var parts: [QIFDates.Parts] = []
            for record in section.records {
                guard let date = record.date else {
                    throw .badInput("record without a date (D line)", at: SourceLocation(file: displayName, line: record.line))
                }
                parts.append(try dates.parts(date.text, line: date.line))
            }
            records.append(parts)
            if let block = section.account, let amount = block.balance, let date = block.balanceDate {
                balances.append((try dates.parts(date.text, line: date.line), amount))
            } else {
                balances.append(nil)
            }
        }
        try dates.decideOrder(records.flatMap { $0 } + balances.compactMap { $0?.parts })
        self.dates = dates
        self.records = records
        self.balances = balances
    }

    /// The dates of section `index`'s records, in order.
    func dates(of index: Int) throws(PennyError) -> [LocalDate] {
        var out: [LocalDate] = []
        for parts in records[index] { out.append(try dates.date(parts)) }
        return out
    }

    /// Section `index`'s `!Account` balance (`$`) on its date (`/`), when both are given.
    func balance(of index: Int) throws(PennyError) -> Balance? {
        guard let (parts, field) = balances[index] else { return nil }
        return Balance(text: field.text, date: try dates.date(parts), at: SourceLocation(file: fileName, line: field.line))
    }
}
