import PennyCore

/// A `:61:` statement line: `YYMMDD[MMDD](C|D|RC|RD)[funds]amount(N|F|S)XXX ref[//bank ref]`
/// and an optional second line of supplementary details.
struct MT940StatementLine {
    /// The value date.
    let valueDate: LocalDate
    /// The entry (booking) date, when given; its year is the one nearest the value date.
    let entryDate: LocalDate?
    /// The signed amount in minor units: C and RD are credits, D and RC debits.
    let minorUnits: Int64
    /// `NTRF`, `N426`, ...
    let typeCode: String
    /// The account owner's reference (`NONREF` when none).
    let customerReference: String
    /// The bank's reference after `//`, when given.
    let bankReference: String?
    /// The second line, when given.
    let supplementary: String?

    /// Parses the field; errors point at its line.
    init(_ field: MT940Field, currency: Currency, at: SourceLocation) throws(PennyError) {
        let text = field.lines[0]
        var rest = Substring(text)
        func fail(_ what: String) -> PennyError {
            .badInput("cannot read :61: '\(text)': \(what)", at: at)
        }
        guard let value = MT940Values.date(rest.prefix(6)) else { throw fail("expected the value date as YYMMDD") }
        valueDate = value
        rest = rest.dropFirst(6)
        if rest.prefix(4).count == 4, rest.prefix(4).allSatisfy({ $0.isASCII && $0.isNumber }) {
            let month = Int(rest.prefix(2)) ?? 0, day = Int(rest.dropFirst(2).prefix(2)) ?? 0
            let candidates = [value.year - 1, value.year, value.year + 1].compactMap { LocalDate(year: $0, month: month, day: day) }
            guard
                let nearest = candidates.min(by: {
                    abs($0.dayNumber - value.dayNumber) < abs($1.dayNumber - value.dayNumber)
                })
            else { throw fail("expected the entry date as MMDD") }
            entryDate = nearest
            rest = rest.dropFirst(4)
        } else {
            entryDate = nil
        }
        let sign: Int64
        if rest.hasPrefix("RC") || rest.hasPrefix("RD") {
            sign = rest.hasPrefix("RC") ? -1 : 1
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("C") || rest.hasPrefix("D") {
            sign = rest.hasPrefix("C") ? 1 : -1
            rest = rest.dropFirst(1)
        } else {
            throw fail("expected C, D, RC or RD after the date")
        }
        if let funds = rest.first, funds.isASCII, funds.isLetter { rest = rest.dropFirst() }
        let amountText = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ",") }
        rest = rest.dropFirst(amountText.count)
        // The type code that follows ends the amount, so a bank's amount without its decimal
        // comma (Knab's `C500NTRF`) is whole units, not a cut.
        minorUnits = sign * (try MT940Values.amount(amountText, currency, at, field: ":61:", wholeUnits: !amountText.contains(",")))
        guard let kind = rest.first, "NFS".contains(kind), rest.count >= 4 else { throw fail("expected a transaction type like NTRF after the amount") }
        typeCode = String(rest.prefix(4))
        rest = rest.dropFirst(4)
        if let range = rest.range(of: "//") {
            customerReference = rest[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let bank = rest[range.upperBound...].trimmingCharacters(in: .whitespaces)
            // `NONREF` says there is none: as an id it would make two statements' lines one.
            bankReference = bank.isEmpty || bank.uppercased() == "NONREF" ? nil : bank
        } else {
            customerReference = rest.trimmingCharacters(in: .whitespaces)
            bankReference = nil
        }
        let extra = field.lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        supplementary = extra.isEmpty ? nil : extra.joined(separator: " ")
    }
}

/// Dates and amounts as SWIFT writes them.
enum MT940Values {
    /// `YYMMDD`, the year by the `TwoDigitYear` pivot.
    static func date(_ text: Substring) -> LocalDate? {
        guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), let yy = Int(text.prefix(2)), let mm = Int(text.dropFirst(2).prefix(2)),
            let dd = Int(text.suffix(2))
        else { return nil }
        return LocalDate(year: TwoDigitYear.expand(yy), month: mm, day: dd)
    }

    /// `1234,56`, `15000,` or `000000000473,17`: digits and one decimal comma; with
    /// `wholeUnits`, digits alone (`500`) are whole units too.
    static func amount(_ text: Substring, _ currency: Currency, _ at: SourceLocation, field: String, wholeUnits: Bool = false) throws(PennyError) -> Int64 {
        let parts = (wholeUnits && !text.isEmpty ? text + "," : text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw .badInput("cannot read \(field) amount '\(text)': expected digits with a decimal comma, like 1234,56", at: at)
        }
        let whole = parts[0].drop { $0 == "0" }
        let normalized = (whole.isEmpty ? "0" : String(whole)) + (parts[1].isEmpty ? "" : "," + parts[1])
        do {
            return try AmountParser.parse(normalized, format: AmountFormat(decimalMark: ",", thousandsSeparator: .some(nil)), exponent: currency.exponent)
        } catch {
            throw .badInput("cannot read \(field) amount '\(text)': \(error.reason) (\(currency.code))", at: at)
        }
    }

    /// `C250801EUR1500,00`: a balance's mark, date, currency and amount.
    static func balance(_ field: MT940Field, fileName: String) throws(PennyError) -> StatementBalance {
        let text = field.lines[0].trimmingCharacters(in: .whitespaces)
        let at = SourceLocation(file: fileName, line: field.line)
        let fail = PennyError.badInput(
            "cannot read :\(field.tag): '\(text)': expected C or D, a YYMMDD date, a currency and an amount, like C250801EUR1500,00", at: at)
        guard let mark = text.first, mark == "C" || mark == "D", text.count > 10, let date = date(text.dropFirst().prefix(6)) else { throw fail }
        let code = String(text.dropFirst(7).prefix(3))
        guard let currency = Currency(code: code) else { throw .badInput("unknown currency '\(code)' in :\(field.tag):", at: at) }
        let units = try amount(text.dropFirst(10)[...], currency, at, field: ":\(field.tag):")
        return StatementBalance(date: date, amount: Money(minorUnits: mark == "C" ? units : -units, currency: currency))
    }
}
