import PennyCore

/// Decides how a file writes numbers, only from values that can be read one way.
///
/// `-1.234,56` and `12,5` prove a decimal comma, `1,234.56` and `12.50` a decimal point;
/// `1,234` alone proves nothing (one thousand two hundred… or one point two three four).
enum SniffNumbers {
    /// The decimal mark a value proves, if any.
    static func provenMark(_ text: Substring) -> Character? {
        let chars = Array(text.filter { $0.isNumber || $0 == "." || $0 == "," })
        guard let lastSeparator = chars.lastIndex(where: { $0 == "." || $0 == "," }) else { return nil }
        let mark = chars[lastSeparator]
        let other: Character = mark == "." ? "," : "."
        if chars.contains(other) { return mark }
        if chars.filter({ $0 == mark }).count > 1 { return other }
        let decimals = chars.count - lastSeparator - 1
        return decimals == 3 ? nil : mark
    }

    /// Units banks write beside amounts besides `$ £ € ¥` and currency codes.
    static let unitWords: Set<String> = ["kr", "kr.", "zł", "zl", "kč", "kc", "ft", "lei", "руб", "руб.", "р.", "₽", "₴", "₺", "₹", "r$", "chf", "sfr", "fr."]

    /// The text without a unit written before or after the number (`0.01USD`, `-144,75 kr`),
    /// and the unit; the text itself and nil when it has none.
    static func strippingUnit(_ t: Substring) -> (number: Substring, unit: String?) {
        func isUnit(_ u: Substring) -> Bool {
            !u.isEmpty && !u.contains(where: \.isNumber) && (unitWords.contains(u.lowercased()) || (u.count == 3 && u.allSatisfy(\.isLetter) && SniffCurrencyCodes.contains(u)))
        }
        if let last = t.lastIndex(where: { $0.isNumber || $0 == " " || $0 == "-" || $0 == "+" }), last < t.index(before: t.endIndex) {
            let unit = t[t.index(after: last)...]
            if isUnit(unit) { return (t[...last].trimmed, String(unit)) }
        }
        if let first = t.firstIndex(where: { $0.isNumber || $0 == " " || $0 == "-" || $0 == "+" }), first > t.startIndex {
            let unit = t[..<first]
            if isUnit(unit) { return (t[first...].trimmed, String(unit)) }
        }
        return (t, nil)
    }

    /// True when the text reads as an amount with either decimal mark.
    static func isAmount(_ text: String) -> Bool {
        let t = strippingUnit(text.trimmed).number
        guard !t.isEmpty, t.utf8.count <= 24, t.contains(where: \.isNumber), !hasReferenceDigits(t) else { return false }
        return read(t, .init(decimalMark: ".")) != nil || read(t, .init(decimalMark: ",")) != nil
            || (t.contains(" ") && (read(t, .init(decimalMark: ".", thousandsSeparator: " ")) != nil || read(t, .init(decimalMark: ",", thousandsSeparator: " ")) != nil))
    }

    /// The longest run of digits an amount may have: eleven or more in a row (no grouping)
    /// is a card, account or reference number, never money.
    static let longestAmountRun = 10

    /// True when the text has a run of digits longer than any amount's.
    static func hasReferenceDigits(_ t: Substring) -> Bool {
        var run = 0
        for b in t.utf8 {
            run = b >= 0x30 && b <= 0x39 ? run + 1 : 0
            if run > longestAmountRun { return true }
        }
        return false
    }

    /// True for a run of digits alone (an id, a check number: not money by its look).
    static func isPlainInteger(_ text: String) -> Bool {
        let t = text.trimmed
        return !t.isEmpty && t.allSatisfy(\.isASCII) && t.allSatisfy(\.isNumber)
    }

    /// The value in hundredths, or nil.
    static func read(_ text: Substring, _ format: AmountFormat) -> Int64? {
        try? AmountParser.parse(strippingUnit(text.trimmed).number, format: format, exponent: 2)
    }

    enum Outcome {
        case decided(AmountFormat, CSVSniff.Decision)
        case ambiguous(CSVSniff.Ambiguity, first: AmountFormat)
        case unreadable(String, line: Int)
    }

    /// The format that reads every value, proven by at least one value when it matters.
    static func decide(_ values: [(line: Int, text: String)]) -> Outcome {
        var proofs: [Character: (line: Int, text: String)] = [:]
        let written = values.filter { !$0.text.trimmed.isEmpty }
        let units = Set(written.compactMap { strippingUnit($0.text.trimmed).unit })
        if units.count > 1 {
            return .unreadable("amounts are written with several units: \(units.sorted().joined(separator: ", "))", line: written[0].line)
        }
        let nonEmpty = written.map { (line: $0.line, text: String(strippingUnit($0.text.trimmed).number)) }
        for v in nonEmpty {
            if let mark = provenMark(v.text.trimmed), proofs[mark] == nil { proofs[mark] = v }
        }
        if let dot = proofs["."], let comma = proofs[","] {
            return .unreadable("amounts use both decimal marks: '\(dot.text)' (line \(dot.line)) and '\(comma.text)' (line \(comma.line))", line: comma.line)
        }
        let mark: Character
        let reason: String
        if let (m, proof) = proofs.first {
            mark = m
            reason = "'\(proof.text.trimmed)' on line \(proof.line) has a decimal \(m == "," ? "comma" : "point")"
        } else if let grouped = nonEmpty.first(where: { v in v.text.contains(",") || v.text.contains(".") }) {
            let options = ["decimal-mark .", "decimal-mark ,"]
            return .ambiguous(
                .init(
                    "decimal mark", candidates: options,
                    because: "'\(grouped.text.trimmed)' (line \(grouped.line)) reads as a thousands group or as three decimals, and no amount settles it"),
                first: AmountFormat(decimalMark: "."))
        } else {
            mark = "."
            reason = "every amount is a whole number"
        }
        var format = AmountFormat(decimalMark: mark)
        if nonEmpty.contains(where: { $0.text.trimmed.contains(" ") && $0.text.trimmed.contains(where: \.isNumber) && groupedWithSpace($0.text.trimmed) }) {
            format.thousandsSeparator = " "
        } else if nonEmpty.contains(where: { $0.text.contains("'") }) {
            format.thousandsSeparator = "'"
        }
        for v in nonEmpty where read(v.text.trimmed, format) == nil {
            return .unreadable("cannot read amount '\(v.text.trimmed)' (line \(v.line)) with decimal mark '\(mark)'", line: v.line)
        }
        format.unit = units.first
        let unitReason = units.first.map { "; each amount is written with '\($0)' (amount-unit)" } ?? ""
        return .decided(format, .init("decimal mark", "decimal-mark \(mark)", because: reason + unitReason))
    }

    private static func groupedWithSpace(_ t: Substring) -> Bool {
        let parts = t.split(separator: " ")
        return parts.count > 1 && parts.dropFirst().allSatisfy { $0.first?.isNumber ?? false } && parts.first!.last?.isNumber == true
    }
}
