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

    /// Parses the field; errors point at its line. The line is read as bytes up to the
    /// references (its dates, marks, amount and type code are ASCII by definition).
    init(_ field: MT940Field, currency: Currency, at: SourceLocation) throws(PennyError) {
        let text = field.lines[0]
        let bytes = Array(text.utf8)
        var i = 0
        func fail(_ what: String) -> PennyError {
            .badInput("cannot read :61: '\(text)': \(what)", at: at)
        }
        func isDigit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
        func has(_ literal: String) -> Bool { bytes[i...].starts(with: literal.utf8) }
        guard let value = MT940Values.date(bytes: bytes.prefix(6)) else { throw fail("expected the value date as YYMMDD") }
        valueDate = value
        i = 6
        if (i..<(i + 4)).allSatisfy(isDigit) {
            let month = MT940Values.number(bytes[i..<(i + 2)]), day = MT940Values.number(bytes[(i + 2)..<(i + 4)])
            let candidates = [value.year - 1, value.year, value.year + 1].compactMap { LocalDate(year: $0, month: month, day: day) }
            guard let nearest = candidates.min(by: { abs($0.dayNumber - value.dayNumber) < abs($1.dayNumber - value.dayNumber) }) else {
                throw fail("expected the entry date as MMDD")
            }
            entryDate = nearest
            i += 4
        } else {
            entryDate = nil
        }
        let sign: Int64
        if has("RC") || has("RD") {
            sign = has("RC") ? -1 : 1
            i += 2
        } else if has("C") || has("D") {
            sign = has("C") ? 1 : -1
            i += 1
        } else {
            throw fail("expected C, D, RC or RD after the date")
        }
        if i < bytes.count, (bytes[i] | 0x20) >= 0x61, (bytes[i] | 0x20) <= 0x7A { i += 1 }
        let amountStart = i
        while i < bytes.count, isDigit(i) || bytes[i] == UInt8(ascii: ",") { i += 1 }
        let amountText = Substring(String(decoding: bytes[amountStart..<i], as: UTF8.self))
        // The type code that follows ends the amount, so a bank's amount without its decimal
        // comma (Knab's `C500NTRF`) is whole units, not a cut.
        minorUnits = sign * (try MT940Values.amount(amountText, currency, at, field: ":61:", wholeUnits: !amountText.contains(",")))
        let rest = Substring(String(decoding: bytes[i...], as: UTF8.self))
        guard let kind = rest.first, "NFS".contains(kind), rest.count >= 4 else { throw fail("expected a transaction type like NTRF after the amount") }
        typeCode = String(rest.prefix(4))
        (customerReference, bankReference) = Self.references(rest.dropFirst(4))
        let extra = field.lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        supplementary = extra.isEmpty ? nil : extra.joined(separator: " ")
    }

    /// The owner's reference and the bank's (after `//`); `NONREF` says there is none: as
    /// an id it would make two statements' lines one.
    private static func references(_ rest: Substring) -> (customer: String, bank: String?) {
        let utf8 = rest.utf8
        var i = utf8.startIndex
        while i < utf8.endIndex, utf8[i] != UInt8(ascii: "/") || utf8.index(after: i) == utf8.endIndex || utf8[utf8.index(after: i)] != UInt8(ascii: "/") {
            i = utf8.index(after: i)
        }
        guard i < utf8.endIndex else { return (String(rest.trimmed), nil) }
        let bank = String(rest[utf8.index(i, offsetBy: 2)...].trimmed)
        return (String(rest[..<i].trimmed), bank.isEmpty || bank.uppercased() == "NONREF" ? nil : bank)
    }
}

/// Dates and amounts as SWIFT writes them.
enum MT940Values {
    /// `YYMMDD`, the year by the `TwoDigitYear` pivot.
    static func date(_ text: Substring) -> LocalDate? { date(bytes: Array(text.utf8)[...]) }

    /// `YYMMDD` as bytes.
    static func date(bytes: ArraySlice<UInt8>) -> LocalDate? {
        guard bytes.count == 6, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let s = bytes.startIndex
        return LocalDate(year: TwoDigitYear.expand(number(bytes[s..<(s + 2)])), month: number(bytes[(s + 2)..<(s + 4)]), day: number(bytes[(s + 4)..<(s + 6)]))
    }

    /// The value of ASCII digits.
    static func number(_ digits: ArraySlice<UInt8>) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } }

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
