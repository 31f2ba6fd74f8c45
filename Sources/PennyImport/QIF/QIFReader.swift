import Foundation
public import PennyCore

/// Reads QIF (Quicken Interchange Format): `!Type:Bank`, `CCard`, `Cash`, `Oth A` and
/// `Oth L` sections, one statement each.
///
/// QIF names no account, no currency and no transaction ids: the statement has no account
/// identifier (import it with `--account`), amounts are in the rules' default currency,
/// and duplicates are found by content (SPEC §8). The whole file is read first, since the
/// day/month order is decided over all its dates (`QIFDates`); QIF files are small.
public struct QIFReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `qif`.
    public var format: StatementFormat { .qif }

    /// True when the file starts with `!Type:`, `!Account`, `!Option:` or `!Clear:`.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        guard probe.firstSignificantByte == UInt8(ascii: "!") else { return false }
        let start = String(decoding: probe.head.prefix(64), as: UTF8.self).drop { $0 != "!" }.lowercased()
        return ["!type:", "!account", "!option:", "!clear:"].contains { start.hasPrefix($0) }
    }

    /// Streams each transaction section and its records.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let text = TextEncodings.decode(try probe.contents(displayName: displayName), declared: nil)
        let (parsed, memorized) = try QIFParser(fileName: displayName).parse(text)
        // A section without records (a header before an `!Account` block) carries nothing,
        // unless no section has any: an empty export is a statement of no transactions.
        let sections = parsed.contains { !$0.records.isEmpty } ? parsed.filter { !$0.records.isEmpty } : parsed
        guard !sections.isEmpty else {
            throw .badInput(
                "no transactions in this QIF file: expected a !Type:Bank, !Type:CCard, !Type:Cash, !Type:Oth A or !Type:Oth L section",
                at: SourceLocation(file: displayName, line: 1))
        }
        try Self.checkOneAccount(sections, displayName: displayName)
        if let memorized, memorized.records > 0 {
            let count = "\(memorized.records) memorized transaction\(memorized.records == 1 ? "" : "s")"
            try emit(
                .warning(
                    "\(count) (\(memorized.header)) ignored: they are Quicken's templates for recurring payments, not movements of money",
                    SourceLocation(file: displayName, line: memorized.line)))
        }
        let dated = try QIFDatedSections(sections, displayName: displayName)
        let currency = configuration.defaultCurrency
        for (index, section) in sections.enumerated() {
            let at = SourceLocation(file: displayName, line: section.line)
            let closing = try dated.balance(of: index).map { (balance) throws(PennyError) in
                StatementBalance(date: balance.date, amount: Money(minorUnits: try Self.amount(balance.text, currency, balance.at), currency: currency))
            }
            try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: nil, currency: currency, location: at, closing: closing)))
            for (record, date) in zip(section.records, try dated.dates(of: index)) {
                try emit(.transaction(try transaction(record, date: date, currency: currency, displayName: displayName)))
            }
        }
    }

    /// Refuses a file whose transactions belong to several `!Account` blocks: the import
    /// books a file's statements into the one account `--account` names, so a checking
    /// account's and a card's would be mixed without a word.
    static func checkOneAccount(_ sections: [QIFSection], displayName: String) throws(PennyError) {
        let used = sections.filter { !$0.records.isEmpty }
        guard let first = used.first, let other = used.first(where: { $0.account?.name != first.account?.name }) else { return }
        func named(_ s: QIFSection) -> String { s.account.map { "'\($0.name)' (line \($0.line))" } ?? "no account (line \(s.line))" }
        throw .badInput(
            "this QIF holds the transactions of several accounts, \(named(first)) and \(named(other)): Penny books a file into one account; export each account alone",
            at: SourceLocation(file: displayName, line: other.line))
    }

    private func transaction(_ record: QIFRecord, date: LocalDate, currency: Currency, displayName: String) throws(PennyError) -> Transaction {
        let at = SourceLocation(file: displayName, line: record.line)
        guard let amount = record.amount else { throw .badInput("record without an amount (T line)", at: at) }
        let units = try Self.amount(amount.text, currency, SourceLocation(file: displayName, line: amount.line))
        let category = record.category.flatMap { $0.isEmpty ? nil : "category: \($0)" }
        let memoParts = [record.payee == nil ? nil : record.memo, category].compactMap { $0 }.filter { !$0.isEmpty }
        let number = record.number.flatMap { $0.isEmpty ? nil : $0 }
        let checkText = number.map { $0.allSatisfy(\.isNumber) ? "CHECK \($0)" : $0 }
        let description = [record.payee, record.memo, checkText].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return Transaction(
            date: date, amount: Money(minorUnits: units, currency: currency), description: description, location: at,
            payee: record.payee.flatMap { $0.isEmpty ? nil : $0 }, memo: memoParts.isEmpty ? nil : memoParts.joined(separator: "; "),
            type: checkText)
    }

    /// `T-1,000.00`, `T12.50`, or with a decimal comma `T-1.000,00` / `T12,50` (a comma
    /// followed by other than three digits, or after the last point, is the decimal mark).
    static func amount(_ text: String, _ currency: Currency, _ at: SourceLocation) throws(PennyError) -> Int64 {
        let lastComma = text.lastIndex(of: ","), lastPoint = text.lastIndex(of: ".")
        var decimalComma = false
        if let comma = lastComma {
            if let point = lastPoint {
                decimalComma = comma > point
            } else {
                decimalComma = text[text.index(after: comma)...].count != 3
            }
        }
        let format = decimalComma ? AmountFormat(decimalMark: ",", thousandsSeparator: ".") : AmountFormat(decimalMark: ".", thousandsSeparator: ",")
        do {
            return try AmountParser.parse(text, format: format, exponent: currency.exponent)
        } catch {
            throw .badInput("cannot read amount '\(text)': \(error.reason) (\(currency.code))", at: at)
        }
    }
}
