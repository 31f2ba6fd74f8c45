public import PennyCore

/// Penny's own top-level comment lines in the ledger, in one place: each renders its line
/// and parses it back, so changing the format means changing this file. hledger and
/// ledger-cli skip them; Penny reads them for dedup, reconciliation, transfers and round-ups.
///
/// ```
/// ; statement-balance: ACCOUNT KIND DATE AMOUNT CODE id HEX source FILE:LINE
/// ; transfer-leg: ACCOUNT DATE AMOUNT CODE pairs ENTRY-HEX source FILE:LINE id LEG-HEX
/// ; roundup-apply: PROGRAM DATE id HEX
/// ```
public enum PennyComment: Sendable, Equatable {
    /// A balance a statement states (`kind` is `opening` or `closing`).
    case statementBalance(account: String, kind: String, balance: StatementBalance, id: UInt64, source: String)
    /// The second leg of a transfer, paired with the entry `pairs`.
    case transferLeg(account: String, date: LocalDate, amount: Money, pairs: UInt64, source: String, id: UInt64)
    /// A person's decision to sweep a round-up program's pot on a date.
    case roundUpApply(program: String, date: LocalDate, id: UInt64)

    /// A statement's balance line; its id comes from what it says, so the same balance
    /// from another download of the statement is recorded once.
    public static func statementBalance(account: String, kind: String, balance: StatementBalance, source: String) -> PennyComment {
        var hash = StableHash()
        hash.combine("statement-balance")
        hash.combine(account)
        hash.combine(kind)
        hash.combine(balance.date.description)
        hash.combine(balance.amount.minorUnits)
        hash.combine(balance.amount.currency.code)
        return .statementBalance(account: account, kind: kind, balance: balance, id: hash.value, source: source)
    }

    /// A sweep decision; its id comes from the program and the date, so applying twice
    /// records one decision.
    public static func roundUpApply(program: String, date: LocalDate) -> PennyComment {
        var hash = StableHash()
        hash.combine("comment")
        hash.combine("\(roundUpApplyPrefix)\(program) \(date)")
        return .roundUpApply(program: program, date: date, id: hash.value)
    }

    /// The three keywords, each with its `; KEYWORD: ` prefix.
    public static let statementBalancePrefix = "; statement-balance: "
    /// `; transfer-leg: `.
    public static let transferLegPrefix = "; transfer-leg: "
    /// `; roundup-apply: `.
    public static let roundUpApplyPrefix = "; roundup-apply: "

    /// The line, without its line end.
    public var line: String {
        switch self {
        case .statementBalance(let account, let kind, let balance, let id, let source):
            return "\(Self.statementBalancePrefix)\(account) \(kind) \(balance.date) \(balance.amount) id \(StableHash.hex(id)) source \(source)"
        case .transferLeg(let account, let date, let amount, let pairs, let source, let id):
            return "\(Self.transferLegPrefix)\(account) \(date) \(amount) pairs \(StableHash.hex(pairs)) source \(source) id \(StableHash.hex(id))"
        case .roundUpApply(let program, let date, let id):
            return "\(Self.roundUpApplyPrefix)\(program) \(date) id \(StableHash.hex(id))"
        }
    }

    /// The id that makes the line unique in the ledger (re-imports skip what has it).
    public var id: UInt64 {
        switch self {
        case .statementBalance(_, _, _, let id, _), .transferLeg(_, _, _, _, _, let id), .roundUpApply(_, _, let id): id
        }
    }

    /// Parses one of Penny's comment lines; nil for any other line or one that does not
    /// follow the grammar (a hand edit), which Penny then leaves alone.
    public static func parse(_ line: some StringProtocol) -> PennyComment? {
        let text = String(line)
        if text.hasPrefix(statementBalancePrefix) {
            let words = text.dropFirst(statementBalancePrefix.count).split(separator: " ", omittingEmptySubsequences: false)
            guard words.count >= 9, words[5] == "id", words[7] == "source", let date = LocalDate(iso: words[2]),
                let amount = money(words[3], words[4]), let id = hex(words[6])
            else { return nil }
            return .statementBalance(
                account: String(words[0]), kind: String(words[1]), balance: StatementBalance(date: date, amount: amount), id: id,
                source: words[8...].joined(separator: " "))
        }
        if text.hasPrefix(transferLegPrefix) {
            let words = text.dropFirst(transferLegPrefix.count).split(separator: " ", omittingEmptySubsequences: false)
            guard words.count >= 10, words[4] == "pairs", words[6] == "source", words[words.count - 2] == "id", let date = LocalDate(iso: words[1]),
                let amount = money(words[2], words[3]), let pairs = hex(words[5]), let id = hex(words[words.count - 1])
            else { return nil }
            return .transferLeg(
                account: String(words[0]), date: date, amount: amount, pairs: pairs, source: words[7..<(words.count - 2)].joined(separator: " "), id: id)
        }
        if text.hasPrefix(roundUpApplyPrefix) {
            let words = text.dropFirst(roundUpApplyPrefix.count).split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 4, words[2] == "id", let date = LocalDate(iso: words[1]), let id = hex(words[3]) else { return nil }
            return .roundUpApply(program: String(words[0]), date: date, id: id)
        }
        return nil
    }

    /// True when a line may be one of Penny's comments (a cheap test for scanners).
    public static func mayBe(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count > 16 && line[0] == UInt8(ascii: ";") && line[1] == 0x20
            && (line[2] == UInt8(ascii: "s") || line[2] == UInt8(ascii: "t") || line[2] == UInt8(ascii: "r"))
    }

    private static func money(_ number: Substring, _ code: Substring) -> Money? {
        guard let currency = Currency(code: String(code)), let units = try? AmountParser.parse(number, format: .standard, exponent: currency.exponent) else { return nil }
        return Money(minorUnits: units, currency: currency)
    }

    private static func hex(_ text: Substring) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return UInt64(text, radix: 16)
    }
}
