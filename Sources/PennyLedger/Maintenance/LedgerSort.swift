import PennyCore

/// Puts a ledger's entries in date order (`penny ledger sort`), for hledger's
/// `check ordereddates`: an import appends in the order of the statements, and statements
/// overlap in time.
///
/// The text is cut into units at blank lines and at each dated line (a transaction, a `P`
/// line); one of Penny's comment lines (`; statement-balance: …`) is dated by its own date;
/// any other line without a date (a comment, a directive) stays with the unit before it.
/// Before the first dated unit is the head, which stays first; Penny's own includes
/// (declarations, round-ups, prices) move into it, the declarations first, so ledger-cli
/// reads the declarations before any entry. Units of one date keep their order.
public enum LedgerSort {
    /// A unit of lines and the date it sorts by (nil: it stays with the one before).
    struct Unit {
        var lines: [Substring]
        var date: LocalDate?
    }

    /// The sorted text of `text`, or nil when that is `text` as it is.
    public static func sorted(_ text: String, ledgerName: String) -> String? {
        let crlf = text.contains("\r\n")
        var head: [Substring] = []
        var includes: [Substring] = []
        var units: [Unit] = []
        // "\r\n" is one Character in Swift: split on either line end.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let bare = line.hasSuffix("\r") ? line.dropLast() : line
            if isPennyInclude(bare, ledgerName: ledgerName) {
                includes.append(line)
            } else if units.isEmpty, date(of: bare) == nil {
                head.append(line)
            } else if bare.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !(units.last?.lines.isEmpty ?? true) { units.append(Unit(lines: [], date: nil)) }
            } else if let date = date(of: bare) {
                if units.last?.lines.isEmpty ?? false { units.removeLast() }
                units.append(Unit(lines: [line], date: date))
            } else {
                units[units.count - 1].lines.append(line)
            }
        }
        units.removeAll { $0.lines.isEmpty }
        let sorted = render(head: head, includes: includes, units: orderedIndexes(units).map { units[$0] }, ledgerName: ledgerName, crlf: crlf)
        return sorted == text ? nil : sorted
    }

    /// The units' indexes in date order; an undated unit follows the one before it.
    static func orderedIndexes(_ units: [Unit]) -> [Int] {
        var keyed: [(date: LocalDate, index: Int)] = []
        var current = LocalDate(year: 1, month: 1, day: 1)!
        for (index, unit) in units.enumerated() {
            if let date = unit.date { current = date }
            keyed.append((current, index))
        }
        return keyed.sorted { ($0.date, $0.index) < ($1.date, $1.index) }.map(\.index)
    }

    private static func render(head: [Substring], includes: [Substring], units: [Unit], ledgerName: String, crlf: Bool) -> String {
        let end = crlf ? "\r\n" : "\n"
        var headLines = head
        while let last = headLines.last, last.allSatisfy({ $0 == "\r" || $0 == " " || $0 == "\t" }) { headLines.removeLast() }
        // Blank lines left where an include was.
        headLines = headLines.enumerated().filter { i, line in !(isBlank(line) && i > 0 && isBlank(headLines[i - 1])) }.map(\.element)
        let declarations = LedgerDeclarations.includeName(forLedger: ledgerName)
        let sortedIncludes = includes.sorted { a, b in a.contains(declarations) && !b.contains(declarations) }
        var out = headLines.map { strip($0) + end }.joined()
        for include in sortedIncludes { out += end + strip(include) + end }
        for unit in units { out += end + unit.lines.map { strip($0) + end }.joined() }
        return out
    }

    private static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == "\r" || $0 == " " || $0 == "\t" } }

    private static func strip(_ line: Substring) -> Substring { line.hasSuffix("\r") ? line.dropLast() : line }

    /// The date a line starts a unit with: a transaction's or a `P` line's, or the date
    /// in one of Penny's comment lines.
    static func date(of line: Substring) -> LocalDate? {
        guard let first = line.first else { return nil }
        if first.isASCII, first.isNumber { return transactionDate(line) }
        if first == "P", line.hasPrefix("P ") { return journalDate(line.dropFirst(2)) }
        guard first == ";", let comment = PennyComment.parse(line) else { return nil }
        switch comment {
        case .statementBalance(_, _, let balance, _, _): return balance.date
        case .transferLeg(_, let date, _, _, _, _), .roundUpApply(_, let date, _): return date
        }
    }

    /// The date of a transaction's first line, read as the journal reader reads it
    /// (`JournalLine`): nil for a line it does not take for a transaction.
    static func transactionDate(_ line: Substring) -> LocalDate? {
        if case .transactionHead(let date) = JournalLine.classify(String(line)) { return date }
        return nil
    }

    /// The date at the start of `text` (`YYYY-MM-DD`, or with `/` or `.`, the same twice),
    /// as the journal reader reads a date.
    static func journalDate(_ text: Substring) -> LocalDate? {
        var text = String(text)
        return text.withUTF8 { JournalReader.parseDate($0) }
    }

    /// An `include` of one of the files Penny keeps beside the ledger.
    static func isPennyInclude(_ line: Substring, ledgerName: String) -> Bool {
        guard line.first == "i", let name = JournalLine.includeTarget(line) else { return false }
        return [".declarations.journal", ".roundups.journal", ".prices.journal"].contains { name == ledgerName + $0 }
    }
}
