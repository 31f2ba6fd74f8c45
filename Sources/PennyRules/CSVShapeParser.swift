import PennyCore

/// The `csv` settings for the shapes real exports take: indicator columns, rows that are
/// not transactions, rows wider than the header, and non-RFC quoting.
extension RulesParser {
    /// Parses one of `indicator`, `debit-marks`, `credit-marks`, `skip-row`, `end-row`,
    /// `end-at-blank-line`, `extra-fields`, `quotes` into the profile.
    mutating func csvShapeSetting(_ profile: inout CSVProfile, _ key: RuleToken, _ values: [RuleToken], _ line: RuleLine) {
        switch key.text {
        case "indicator":
            guard values.count == 1 else {
                fail("expected 'indicator COLUMN' or 'indicator after-amount'", line, values.count > 1 ? values[1] : key)
                return
            }
            if values[0].kind == .word && values[0].text == "after-amount" {
                profile.indicator = .afterAmount
            } else if let column = column(values[0], line) {
                profile.indicator = .column(column)
            }
        case "debit-marks", "credit-marks":
            let marks = values.filter { $0.kind != .comma }.map { $0.text.uppercased() }
            guard !marks.isEmpty else {
                fail("expected '\(key.text)' followed by the words the bank writes, like: \(key.text) D, DR", line, key)
                return
            }
            if key.text == "debit-marks" { profile.debitMarks = marks } else { profile.creditMarks = marks }
        case "skip-row", "end-row":
            guard let pattern = rowPattern(values, line, key) else { return }
            if key.text == "skip-row" { profile.skipRows.append(pattern) } else { profile.endRows.append(pattern) }
        case "end-at-blank-line":
            if let extra = values.first { fail("'end-at-blank-line' takes no value", line, extra) }
            profile.endsAtBlankLine = true
        case "detail-rows":
            guard values.count == 1, values[0].text == "join" else {
                fail("expected 'detail-rows join' (rows with no date and no amount continue the transaction above)", line, values.first ?? key)
                return
            }
            profile.joinsDetailRows = true
        case "extra-fields":
            guard values.count == 1, values[0].text == "ignore" || values[0].text == "reject" else {
                fail("expected 'extra-fields ignore' or 'extra-fields reject'", line, values.first ?? key)
                return
            }
            profile.ignoresExtraFields = values[0].text == "ignore"
        default:
            let names = CSVProfile.Quoting.allCases.map(\.rawValue)
            guard values.count == 1, let quoting = CSVProfile.Quoting(rawValue: values[0].text) else {
                fail("expected 'quotes' followed by one of \(names.joined(separator: ", "))", line, values.first ?? key)
                return
            }
            profile.quoting = quoting
        }
    }

    /// `COLUMN|any is|contains|starts-with "TEXT"`.
    private mutating func rowPattern(_ values: [RuleToken], _ line: RuleLine, _ key: RuleToken) -> CSVProfile.RowPattern? {
        let tests = CSVProfile.RowPattern.Test.allCases.map(\.rawValue)
        guard values.count == 3 else {
            fail("expected '\(key.text) COLUMN \(tests.joined(separator: "|")) TEXT' (COLUMN may be 'any')", line, values.count > 3 ? values[3] : key)
            return nil
        }
        guard let test = CSVProfile.RowPattern.Test(rawValue: values[1].text) else {
            fail("unknown test '\(values[1].text)'\(Suggestion.hint(for: values[1].text, in: tests)); expected one of \(tests.joined(separator: ", "))", line, values[1])
            return nil
        }
        var column: CSVProfile.Column?
        if !(values[0].kind == .word && values[0].text == "any") {
            guard let named = self.column(values[0], line) else { return nil }
            column = named
        }
        return CSVProfile.RowPattern(column: column, test: test, text: values[2].text, location: line.location(key.column))
    }
}
