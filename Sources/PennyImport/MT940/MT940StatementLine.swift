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

    /// The values as they are.
    init(
        valueDate: LocalDate, entryDate: LocalDate?, minorUnits: Int64, typeCode: String, customerReference: String, bankReference: String?,
        supplementary: String?
    ) {
        self.valueDate = valueDate
        self.entryDate = entryDate
        self.minorUnits = minorUnits
        self.typeCode = typeCode
        self.customerReference = customerReference
        self.bankReference = bankReference
        self.supplementary = supplementary
    }

    /// Parses the field's lines; errors point at its line. The line is read as bytes up to
    /// the references (its dates, marks, amount and type code are ASCII by definition).
    ///
    /// This is the reading of a field that is not ASCII or does not read (its error is
    /// worded here), and the reference `MT940StatementLineBytes` is checked against.
    init(lines: [String], currency: Currency, at: SourceLocation) throws(PennyError) {
        let text = lines[0]
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
            guard let nearest = Self.entryDate(month: month, day: day, near: value) else { throw fail("expected the entry date as MMDD") }
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
        let extra = lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        supplementary = extra.isEmpty ? nil : extra.joined(separator: " ")
    }

    /// The entry date `MMDD` in the year that puts it nearest the value date.
    static func entryDate(month: Int, day: Int, near value: LocalDate) -> LocalDate? {
        var nearest: LocalDate?
        for year in (value.year - 1)...(value.year + 1) {
            guard let date = LocalDate(year: year, month: month, day: day) else { continue }
            // The first of two as near wins.
            if let best = nearest, abs(best.dayNumber - value.dayNumber) <= abs(date.dayNumber - value.dayNumber) { continue }
            nearest = date
        }
        return nearest
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
