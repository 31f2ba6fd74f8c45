import PennyCore

extension RulesParser {
    /// Parses a `csv NAME` block into a profile.
    mutating func csv(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 2 else {
            fail("expected 'csv NAME'", head, head.tokens.last!)
            return
        }
        var draft = CSVProfileDraft(profile: CSVProfile(name: head.tokens[1].text, location: head.location()))
        for line in body {
            let key = line.tokens[0]
            guard let setting = CSVSetting(rawValue: key.text) else {
                fail("unknown csv setting '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.csvKeys)); expected one of \(Self.csvKeys.joined(separator: ", "))", line, key)
                continue
            }
            csvSetting(setting, Array(line.tokens.dropFirst()), line, &draft)
        }
        ruleSet.csvProfiles.append(finish(draft, head))
    }

    /// The profile of a `csv` block read whole: its amount format and debit and credit
    /// columns set, each setting that contradicts another, or a missing one, failed at the
    /// block's name.
    private mutating func finish(_ draft: CSVProfileDraft, _ head: RuleLine) -> CSVProfile {
        var profile = draft.profile
        let (debit, credit, decimalMark) = (draft.debit, draft.credit, draft.decimalMark)
        profile.amountFormat = AmountFormat(decimalMark: decimalMark, thousandsSeparator: draft.separator)
        profile.amountFormat.unit = draft.unit
        if profile.amountFormat.thousandsSeparator == decimalMark {
            fail("decimal mark and thousands separator are both '\(decimalMark)'", head, head.tokens[1])
        }
        if debit != nil || credit != nil {
            if let debit, let credit, profile.amount == nil {
                profile.amount = .debitCredit(debit: debit, credit: credit)
            } else {
                fail("csv profile '\(profile.name)': use either 'amount' or both 'debit' and 'credit'", head, head.tokens[1])
            }
        }
        if profile.indicator != nil, case .debitCredit = profile.amount {
            fail("csv profile '\(profile.name)': 'indicator' goes with one 'amount' column, not with 'debit' and 'credit'", head, head.tokens[1])
        }
        if let both = profile.debitMarks.first(where: profile.creditMarks.contains) {
            fail("csv profile '\(profile.name)': '\(both)' is both a debit and a credit mark", head, head.tokens[1])
        }
        if profile.dateColumn == nil { fail("csv profile '\(profile.name)' has no 'date COLUMN FORMAT' line", head, head.tokens[1]) }
        if profile.amount == nil && debit == nil && credit == nil {
            fail("csv profile '\(profile.name)' has no 'amount COLUMN' (or 'debit' and 'credit') line", head, head.tokens[1])
        }
        if profile.fileGlobs.isEmpty && profile.headerMatches.isEmpty {
            fail("csv profile '\(profile.name)' never applies: add 'match-file GLOB' or 'match-header TEXT'", head, head.tokens[1])
        }
        return profile
    }

    mutating func column(_ token: RuleToken, _ line: RuleLine) -> CSVProfile.Column? {
        if token.kind == .word, let index = Int(token.text) {
            guard index >= 1 else {
                fail("columns are numbered from 1", line, token)
                return nil
            }
            return .index(index)
        }
        return .header(token.text)
    }

    /// `3 + 4` or `"Descrição" + 5`.
    mutating func columnList(_ values: [RuleToken], _ line: RuleLine, _ key: RuleToken) -> [CSVProfile.Column]? {
        var columns: [CSVProfile.Column] = []
        var expectColumn = true
        for token in values {
            if expectColumn {
                guard let column = column(token, line) else { return nil }
                columns.append(column)
                expectColumn = false
            } else if token.text == "+" {
                expectColumn = true
            } else {
                fail("expected '+' between description columns", line, token)
                return nil
            }
        }
        if columns.isEmpty || expectColumn {
            fail("expected 'description COLUMN [+ COLUMN ...]'", line, values.last ?? key)
            return nil
        }
        return columns
    }

    static func delimiter(_ text: String) -> UInt8? {
        switch text {
        case "tab", "\\t": return 0x09
        case ",", "comma": return UInt8(ascii: ",")
        case "semicolon": return UInt8(ascii: ";")
        default:
            guard text.utf8.count == 1, let byte = text.utf8.first, byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { return nil }
            return byte
        }
    }

    static func encoding(_ text: String) -> CSVProfile.Encoding? {
        switch text.lowercased() {
        case "utf-8", "utf8": .utf8
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1": .latin1
        case "windows-1252", "cp1252", "win1252": .windows1252
        case "windows-1251", "cp1251", "win1251": .windows1251
        case "utf-16", "utf16": .utf16
        default: nil
        }
    }
}

/// A `csv` block as read so far: the profile, and the settings that go into it only once
/// the whole block is read (the debit and credit columns, the amount format's parts).
struct CSVProfileDraft {
    /// The profile, with every other setting read so far.
    var profile: CSVProfile
    /// The `debit` column.
    var debit: CSVProfile.Column?
    /// The `credit` column.
    var credit: CSVProfile.Column?
    /// The `decimal-mark`.
    var decimalMark: Character = "."
    /// The `thousands-separator`: unset, none (`.some(nil)`) or a character.
    var separator: Character??
    /// The `amount-unit`.
    var unit: String?
}
