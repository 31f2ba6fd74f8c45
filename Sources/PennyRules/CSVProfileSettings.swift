import PennyCore

/// The setting lines of a `csv` block: where the profile applies, how the file is read,
/// which column holds what, and how its amounts are written.
extension RulesParser {
    /// Parses one setting line of a `csv` block into the draft.
    mutating func csvSetting(_ setting: CSVSetting, _ values: [RuleToken], _ line: RuleLine, _ draft: inout CSVProfileDraft) {
        let key = line.tokens[0]
        switch setting {
        case .matchFile:
            guard let value = single(values, line) else { return }
            draft.profile.fileGlobs.append(value.text)
        case .matchHeader:
            guard !values.isEmpty else { return fail("expected 'match-header TEXT'", line, key) }
            draft.profile.headerMatches.append(values.map(\.text).joined(separator: " "))
        case .account:
            guard let value = single(values, line), checkAccountName(value, line) else { return }
            draft.profile.account = value.text
        case .delimiter, .encoding, .headerLines:
            csvFileSetting(setting, values, line, &draft.profile)
        case .date, .description, .amount, .debit, .credit, .balance, .id, .currency, .payee, .memo, .iban, .counterparty, .type:
            csvColumnSetting(setting, values, line, &draft)
        case .indicator, .debitMarks, .creditMarks, .skipRow, .endRow, .endAtBlankLine, .detailRows, .extraFields, .quotes:
            csvShapeSetting(&draft.profile, key, values, line)
        case .decimalMark, .thousandsSeparator, .amountUnit:
            csvAmountSetting(setting, values, line, &draft)
        case .negate:
            if values.count > 0 { fail("'negate' takes no value", line, values[0]) }
            draft.profile.negate = true
        }
    }

    /// The one value a setting takes; nil, failed, when there are none or several.
    private mutating func single(_ values: [RuleToken], _ line: RuleLine) -> RuleToken? {
        if values.count == 1 { return values[0] }
        let key = line.tokens[0]
        fail("expected '\(key.text)' followed by one value", line, values.count > 1 ? values[1] : key)
        return nil
    }

    /// `delimiter`, `encoding` or `header-lines`: how the file is read.
    private mutating func csvFileSetting(_ setting: CSVSetting, _ values: [RuleToken], _ line: RuleLine, _ profile: inout CSVProfile) {
        guard let value = single(values, line) else { return }
        switch setting {
        case .delimiter:
            guard let byte = Self.delimiter(value.text) else {
                return fail("unknown delimiter '\(value.text)': expected one character such as ; , | or the word tab", line, value)
            }
            profile.delimiter = byte
        case .encoding:
            let names = CSVProfile.Encoding.allCases.map(\.rawValue)
            guard let encoding = Self.encoding(value.text) else {
                return fail("unknown encoding '\(value.text)'\(Suggestion.hint(for: value.text, in: names)); expected one of \(names.joined(separator: ", "))", line, value)
            }
            profile.encoding = encoding
        default:
            guard let count = Int(value.text), count >= 0 else {
                return fail("expected 'header-lines' followed by a whole number (0 when the file has no header)", line, value)
            }
            profile.headerLines = count
        }
    }

    /// The settings that name a column: `date` (with its format), `description`, the
    /// amount's columns and the optional ones.
    private mutating func csvColumnSetting(_ setting: CSVSetting, _ values: [RuleToken], _ line: RuleLine, _ draft: inout CSVProfileDraft) {
        let key = line.tokens[0]
        switch setting {
        case .date:
            guard let first = values.first, let column = column(first, line) else {
                return fail("expected 'date COLUMN [FORMAT]', like: date 1 %d-%m-%Y", line, key)
            }
            draft.profile.dateColumn = column
            if values.count >= 2 {
                let pattern = values.dropFirst().map(\.text).joined(separator: " ")
                guard let format = DateFormat(pattern) else {
                    return fail("cannot use date format '\(pattern)': expected %Y or %y, %m or %b, and %d, like %d/%m/%Y", line, values[1])
                }
                draft.profile.dateFormat = format
            }
        case .description: draft.profile.descriptionColumns = columnList(values, line, key) ?? []
        case .amount: draft.profile.amount = single(values, line).flatMap { column($0, line) }.map { .signed($0) }
        case .debit: draft.debit = single(values, line).flatMap { column($0, line) }
        case .credit: draft.credit = single(values, line).flatMap { column($0, line) }
        case .balance: draft.profile.balanceColumn = single(values, line).flatMap { column($0, line) }
        case .id: draft.profile.idColumn = single(values, line).flatMap { column($0, line) }
        case .currency: draft.profile.currencyColumn = single(values, line).flatMap { column($0, line) }
        case .payee: draft.profile.payeeColumn = single(values, line).flatMap { column($0, line) }
        case .memo: draft.profile.memoColumn = single(values, line).flatMap { column($0, line) }
        case .iban: draft.profile.ibanColumn = single(values, line).flatMap { column($0, line) }
        case .counterparty: draft.profile.counterpartyColumn = single(values, line).flatMap { column($0, line) }
        default: draft.profile.typeColumn = single(values, line).flatMap { column($0, line) }
        }
    }

    /// `decimal-mark`, `thousands-separator` or `amount-unit`: how the amounts are written
    /// (made into the profile's amount format at the block's end).
    private mutating func csvAmountSetting(_ setting: CSVSetting, _ values: [RuleToken], _ line: RuleLine, _ draft: inout CSVProfileDraft) {
        guard let value = single(values, line) else { return }
        switch setting {
        case .decimalMark:
            guard value.text == "." || value.text == "," else { return fail("expected 'decimal-mark .' or 'decimal-mark ,'", line, value) }
            draft.decimalMark = Character(value.text)
        case .thousandsSeparator:
            switch value.text {
            case ".", ",", "'": draft.separator = .some(Character(value.text))
            case "space": draft.separator = .some(" ")
            case "none": draft.separator = .some(nil)
            default: fail("expected 'thousands-separator' followed by . , ' space or none", line, value)
            }
        default:
            guard !value.text.isEmpty, !value.text.contains(where: { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "," || $0 == "." || $0.isWhitespace }) else {
                return fail("expected 'amount-unit' followed by the text the bank writes beside each amount, like: amount-unit kr", line, value)
            }
            draft.unit = value.text
        }
    }
}
