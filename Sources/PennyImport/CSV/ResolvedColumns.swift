import PennyCore

/// A profile's columns as 0-based indices, resolved once against the header.
final class ResolvedColumns {
    enum Amount { case signed(Int), debitCredit(Int, Int) }
    enum Indicator { case column(Int), afterAmount }

    let date: Int
    let description: [Int]
    let amount: Amount
    let balance: Int?
    let id: Int?
    let currency: Int?
    let payee: Int?
    let memo: Int?
    let iban: Int?
    let counterparty: Int?
    let type: Int?
    let indicator: Indicator?

    /// True when the profile's rows can be `PlainRow`s: all in the account's currency (no
    /// currency column), whatever else they have (`PlainAmount`, `RowDetails`).
    var isPlain: Bool { currency == nil }

    /// True when the profile reads any of the details a `PlainRow` can carry.
    var hasDetails: Bool { payee != nil || memo != nil || iban != nil || counterparty != nil || type != nil || id != nil }

    init(profile: CSVProfile, headerNames: [String], fileName: String) throws(PennyError) {
        let folded = headerNames.map { TextKey.fold($0) }
        func index(_ column: CSVProfile.Column) throws(PennyError) -> Int {
            switch column {
            case .index(let i): return i - 1
            case .header(let name):
                if let i = folded.firstIndex(of: TextKey.fold(name)) { return i }
                let known = headerNames.isEmpty ? "the file has no header line (header-lines 0?)" : "the header has " + headerNames.map { "\"\($0)\"" }.joined(separator: ", ")
                throw .badInput("csv profile '\(profile.name)': no column named \"\(name)\"; \(known)", at: SourceLocation(file: fileName, line: max(1, profile.headerLines)))
            }
        }
        guard let dateColumn = profile.dateColumn, let amountColumns = profile.amount else {
            throw .configuration("csv profile '\(profile.name)' needs a 'date' and an 'amount' (or 'debit' and 'credit') line", at: profile.location)
        }
        date = try index(dateColumn)
        var description: [Int] = []
        for column in profile.descriptionColumns { description.append(try index(column)) }
        self.description = description
        switch amountColumns {
        case .signed(let column): amount = .signed(try index(column))
        case .debitCredit(let debit, let credit): amount = .debitCredit(try index(debit), try index(credit))
        }
        func optionalIndex(_ column: CSVProfile.Column?) throws(PennyError) -> Int? {
            guard let column else { return nil }
            return try index(column)
        }
        balance = try optionalIndex(profile.balanceColumn)
        id = try optionalIndex(profile.idColumn)
        currency = try optionalIndex(profile.currencyColumn)
        payee = try optionalIndex(profile.payeeColumn)
        memo = try optionalIndex(profile.memoColumn)
        iban = try optionalIndex(profile.ibanColumn)
        counterparty = try optionalIndex(profile.counterpartyColumn)
        type = try optionalIndex(profile.typeColumn)
        switch profile.indicator {
        case .column(let column): indicator = .column(try index(column))
        case .afterAmount: indicator = .afterAmount
        case nil: indicator = nil
        }
    }
}
