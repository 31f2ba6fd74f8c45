public import PennyCore

/// Writes a `CSVProfile` as a `csv` block of the rules language, the inverse of
/// `CSVProfileParser`: what the sniffer learned, in a form a person reads and edits.
public enum CSVProfileRenderer {
    /// The block, with `notes` as `#` comment lines above it and `candidates` (lines a person
    /// may pick instead) commented inside it.
    public static func render(_ p: CSVProfile, notes: [String] = [], candidates: [String] = []) -> String {
        var lines = notes.map { "# " + $0 }
        lines.append("csv \(p.name)")
        for glob in p.fileGlobs { lines.append("  match-file \(RulesString.quoted(glob))") }
        for text in p.headerMatches { lines.append("  match-header \(RulesString.quoted(text))") }
        if let account = p.account { lines.append("  account \(account)") }
        if p.delimiter != UInt8(ascii: ",") { lines.append("  delimiter \(p.delimiter == 0x09 ? "tab" : String(UnicodeScalar(p.delimiter)))") }
        if p.encoding != .utf8 { lines.append("  encoding \(p.encoding.rawValue)") }
        if p.headerLines != 1 { lines.append("  header-lines \(p.headerLines)") }
        if p.quoting != .strict { lines.append("  quotes \(p.quoting.rawValue)") }
        if let d = p.dateColumn { lines.append("  date \(d) \(p.dateFormat.pattern)") }
        if !p.descriptionColumns.isEmpty { lines.append("  description " + p.descriptionColumns.map(\.description).joined(separator: " + ")) }
        switch p.amount {
        case .signed(let c)?: lines.append("  amount \(c)")
        case .debitCredit(let d, let c)?: lines += ["  debit \(d)", "  credit \(c)"]
        case nil: break
        }
        if case .column(let c)? = p.indicator { lines.append("  indicator \(c)") }
        if p.indicator == .afterAmount { lines.append("  indicator after-amount") }
        if p.debitMarks != CSVProfile.defaultDebitMarks { lines.append("  debit-marks " + Self.marks(p.debitMarks)) }
        if p.creditMarks != CSVProfile.defaultCreditMarks { lines.append("  credit-marks " + Self.marks(p.creditMarks)) }
        if p.amountFormat.decimalMark != "." { lines.append("  decimal-mark \(p.amountFormat.decimalMark)") }
        let usual: Character = p.amountFormat.decimalMark == "," ? "." : ","
        if p.amountFormat.thousandsSeparator != usual {
            let s = p.amountFormat.thousandsSeparator.map { $0 == " " ? "space" : String($0) } ?? "none"
            lines.append("  thousands-separator \(s)")
        }
        if let unit = p.amountFormat.unit { lines.append("  amount-unit \(unit)") }
        if p.negate { lines.append("  negate") }
        let optional: [(String, CSVProfile.Column?)] = [
            ("balance", p.balanceColumn), ("currency", p.currencyColumn), ("payee", p.payeeColumn), ("id", p.idColumn), ("type", p.typeColumn),
            ("memo", p.memoColumn), ("iban", p.ibanColumn), ("counterparty", p.counterpartyColumn),
        ]
        for (key, column) in optional { if let column { lines.append("  \(key) \(column)") } }
        for r in p.skipRows { lines.append("  skip-row \(pattern(r))") }
        for r in p.endRows { lines.append("  end-row \(pattern(r))") }
        if p.endsAtBlankLine { lines.append("  end-at-blank-line") }
        if p.joinsDetailRows { lines.append("  detail-rows join") }
        if p.ignoresExtraFields { lines.append("  extra-fields ignore") }
        for c in candidates { lines.append("  # " + c) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pattern(_ r: CSVProfile.RowPattern) -> String {
        "\(r.column?.description ?? "any") \(r.test.rawValue) \(RulesString.quoted(r.text))"
    }

    /// Marks as a profile writes them: a word as it is, an empty mark or one with a comma,
    /// space or quote-free punctuation quoted.
    static func marks(_ marks: [String]) -> String {
        marks.map { $0.isEmpty || !$0.allSatisfy({ $0.isLetter || $0.isNumber }) ? "\"\($0)\"" : $0 }.joined(separator: ", ")
    }
}
