import PennyCore

extension RulesParser {
    /// Parses a `csv NAME` block into a profile.
    mutating func csv(_ head: RuleLine, _ body: [RuleLine]) {
        guard head.tokens.count == 2 else {
            fail("expected 'csv NAME'", head, head.tokens.last!)
            return
        }
        var profile = CSVProfile(name: head.tokens[1].text, location: head.location())
        var debit: CSVProfile.Column?
        var credit: CSVProfile.Column?
        var decimalMark: Character = "."
        var separator: Character??
        var unit: String?
        for line in body {
            let key = line.tokens[0]
            let values = Array(line.tokens.dropFirst())
            func single() -> RuleToken? {
                if values.count == 1 { return values[0] }
                fail("expected '\(key.text)' followed by one value", line, values.count > 1 ? values[1] : key)
                return nil
            }
            guard let setting = CSVSetting(rawValue: key.text) else {
                fail("unknown csv setting '\(key.text)'\(Suggestion.hint(for: key.text, in: Self.csvKeys)); expected one of \(Self.csvKeys.joined(separator: ", "))", line, key)
                continue
            }
            switch setting {
            case .matchFile:
                guard let value = single() else { continue }
                profile.fileGlobs.append(value.text)
            case .matchHeader:
                guard !values.isEmpty else { fail("expected 'match-header TEXT'", line, key); continue }
                profile.headerMatches.append(values.map(\.text).joined(separator: " "))
            case .account:
                guard let value = single(), checkAccountName(value, line) else { continue }
                profile.account = value.text
            case .delimiter:
                guard let value = single() else { continue }
                guard let byte = Self.delimiter(value.text) else {
                    fail("unknown delimiter '\(value.text)': expected one character such as ; , | or the word tab", line, value)
                    continue
                }
                profile.delimiter = byte
            case .encoding:
                guard let value = single() else { continue }
                let names = CSVProfile.Encoding.allCases.map(\.rawValue)
                guard let encoding = Self.encoding(value.text) else {
                    fail("unknown encoding '\(value.text)'\(Suggestion.hint(for: value.text, in: names)); expected one of \(names.joined(separator: ", "))", line, value)
                    continue
                }
                profile.encoding = encoding
            case .headerLines:
                guard let value = single() else { continue }
                guard let count = Int(value.text), count >= 0 else {
                    fail("expected 'header-lines' followed by a whole number (0 when the file has no header)", line, value)
                    continue
                }
                profile.headerLines = count
            case .date:
                guard let first = values.first, let column = column(first, line) else {
                    fail("expected 'date COLUMN [FORMAT]', like: date 1 %d-%m-%Y", line, key)
                    continue
                }
                profile.dateColumn = column
                if values.count >= 2 {
                    let pattern = values.dropFirst().map(\.text).joined(separator: " ")
                    guard let format = DateFormat(pattern) else {
                        fail("cannot use date format '\(pattern)': expected %Y or %y, %m or %b, and %d, like %d/%m/%Y", line, values[1])
                        continue
                    }
                    profile.dateFormat = format
                }
            case .description:
                profile.descriptionColumns = columnList(values, line, key) ?? []
            case .amount: profile.amount = single().flatMap { column($0, line) }.map { .signed($0) }
            case .debit: debit = single().flatMap { column($0, line) }
            case .credit: credit = single().flatMap { column($0, line) }
            case .balance: profile.balanceColumn = single().flatMap { column($0, line) }
            case .id: profile.idColumn = single().flatMap { column($0, line) }
            case .currency: profile.currencyColumn = single().flatMap { column($0, line) }
            case .payee: profile.payeeColumn = single().flatMap { column($0, line) }
            case .memo: profile.memoColumn = single().flatMap { column($0, line) }
            case .iban: profile.ibanColumn = single().flatMap { column($0, line) }
            case .counterparty: profile.counterpartyColumn = single().flatMap { column($0, line) }
            case .type: profile.typeColumn = single().flatMap { column($0, line) }
            case .indicator, .debitMarks, .creditMarks, .skipRow, .endRow, .endAtBlankLine, .detailRows, .extraFields, .quotes:
                csvShapeSetting(&profile, key, values, line)
            case .decimalMark:
                guard let value = single() else { continue }
                guard value.text == "." || value.text == "," else {
                    fail("expected 'decimal-mark .' or 'decimal-mark ,'", line, value)
                    continue
                }
                decimalMark = Character(value.text)
            case .thousandsSeparator:
                guard let value = single() else { continue }
                switch value.text {
                case ".", ",", "'": separator = .some(Character(value.text))
                case "space": separator = .some(" ")
                case "none": separator = .some(nil)
                default:
                    fail("expected 'thousands-separator' followed by . , ' space or none", line, value)
                }
            case .amountUnit:
                guard let value = single() else { continue }
                guard !value.text.isEmpty, !value.text.contains(where: { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "," || $0 == "." || $0.isWhitespace }) else {
                    fail("expected 'amount-unit' followed by the text the bank writes beside each amount, like: amount-unit kr", line, value)
                    continue
                }
                unit = value.text
            case .negate:
                if values.count > 0 { fail("'negate' takes no value", line, values[0]) }
                profile.negate = true
            }
        }
        profile.amountFormat = AmountFormat(decimalMark: decimalMark, thousandsSeparator: separator)
        profile.amountFormat.unit = unit
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
        ruleSet.csvProfiles.append(profile)
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
    private mutating func columnList(_ values: [RuleToken], _ line: RuleLine, _ key: RuleToken) -> [CSVProfile.Column]? {
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
