import PennyCore

/// Splits QIF text into its transaction sections and records, skipping what Penny does
/// not import: `!Account` blocks, `!Option:`/`!Clear:` switches, and lists of other types
/// (`!Type:Security`, `!Type:Prices`, `!Type:Cat`, ...). An investment section
/// (`!Type:Invst`) with records refuses the file, which would otherwise lose them.
///
/// Split lines (`S`, `E`, `$`, `%`), address lines (`A`), the cleared flag (`C`) and
/// codes Penny does not use are ignored: the record's amount is its `T`.
///
/// - Complexity: O(n) in the length of the text.
struct QIFParser {
    /// The `!Type:` names whose records are bank movements.
    static let transactionTypes: Set<String> = ["bank", "ccard", "cash", "oth a", "oth l"]

    let fileName: String

    private enum Section {
        case none, transactions, skipped, account
        /// `!Type:Memorized`: Quicken's templates for payments, not movements.
        case memorized
        /// `!Type:Invst`: an investment account's actions (shares bought, sold, dividends).
        case investment
    }

    /// The transaction sections of `text`, and the memorized transactions it holds (skipped).
    func parse(_ text: String) throws(PennyError) -> (sections: [QIFSection], memorized: QIFSkippedList?) {
        var sections: [QIFSection] = []
        var memorized: QIFSkippedList?
        var accounts = QIFAccountContext()
        var section = Section.none
        var record: QIFRecord?
        var lineNumber = 0
        var lastLine = 1
        // An investment section with records refuses the file (`checkEnd`).
        var investment: (line: Int, records: Int)?
        // A CRLF file split at "\n" alone was one line, refused as having no !Type section.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: LineEnds.isLineEnd) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            lastLine = lineNumber
            if trimmed.hasPrefix("!") {
                if let open = record, section == .transactions, !open.isEmpty {
                    throw .badInput("the record that starts on line \(open.line) has no closing '^' before this header", at: at(lineNumber))
                }
                record = nil
                accounts.header(trimmed.lowercased())
                section = try header(trimmed, lineNumber, &sections)
                if section == .transactions { sections[sections.count - 1].account = accounts.current }
                if section == .investment, investment == nil { investment = (lineNumber, 0) }
                if section == .memorized, memorized == nil { memorized = QIFSkippedList(header: trimmed, line: lineNumber) }
                continue
            }
            switch section {
            case .none:
                throw .badInput("expected a QIF header such as '!Type:Bank' before the first record", at: at(lineNumber))
            case .account:
                accounts.line(trimmed[...], number: lineNumber)
            case .skipped:
                continue
            case .investment, .memorized:
                guard trimmed.hasPrefix("^") else { continue }
                if section == .investment { investment?.records += 1 } else { memorized?.records += 1 }
            case .transactions:
                if trimmed == "^" || trimmed.hasPrefix("^") {
                    if let done = record, !done.isEmpty { sections[sections.count - 1].records.append(done) }
                    record = nil
                    continue
                }
                var current = record ?? QIFRecord(line: lineNumber)
                Self.apply(code: line.first ?? " ", value: String(line.dropFirst()), line: lineNumber, to: &current)
                record = current
            }
        }
        try checkEnd(open: record, lastLine: lastLine, investment: investment)
        return (sections, memorized)
    }

    /// Refuses a file whose last record is not closed, or whose investment section holds
    /// records (its cash side would be dropped without a word, and the file's sum with it).
    private func checkEnd(open record: QIFRecord?, lastLine: Int, investment: (line: Int, records: Int)?) throws(PennyError) {
        if let open = record, !open.isEmpty {
            throw .badInput("the last record (line \(open.line)) has no closing '^': the file may be cut off", at: at(lastLine))
        }
        if let investment, investment.records > 0 {
            throw .badInput(
                "an investment account's section (!Type:Invst) holds \(investment.records) record\(investment.records == 1 ? "" : "s") Penny cannot book (shares bought and sold, their cash among them): nothing of the file is imported, so none of its money is dropped; export the bank or card account alone",
                at: at(investment.line))
        }
    }

    private func header(_ text: String, _ lineNumber: Int, _ sections: inout [QIFSection]) throws(PennyError) -> Section {
        let lowered = text.lowercased()
        if lowered.hasPrefix("!type:") {
            let name = String(text.dropFirst(6)).trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "invst" { return .investment }
            if name.lowercased() == "memorized" { return .memorized }
            guard Self.transactionTypes.contains(name.lowercased()) else { return .skipped }
            sections.append(QIFSection(type: name, line: lineNumber))
            return .transactions
        }
        if lowered == "!account" { return .account }
        if lowered.hasPrefix("!option:") || lowered.hasPrefix("!clear:") { return .skipped }
        throw .badInput("unknown QIF header '\(text)': expected !Type:, !Account, !Option: or !Clear:", at: at(lineNumber))
    }

    private static func apply(code: Character, value: String, line: Int, to record: inout QIFRecord) {
        let text = value.trimmingCharacters(in: .whitespaces)
        switch code {
        case "D": record.date = QIFRecord.Field(text: text, line: line)
        case "T": record.amount = QIFRecord.Field(text: text, line: line)
        case "U": if record.amount == nil { record.amount = QIFRecord.Field(text: text, line: line) }
        case "P": record.payee = text
        case "M": record.memo = text
        case "L": record.category = text
        case "N": record.number = text
        default: break
        }
    }

    private func at(_ line: Int) -> SourceLocation { SourceLocation(file: fileName, line: line) }
}
