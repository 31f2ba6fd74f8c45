/// An own account declared in the rules: its ledger name and how statements identify it.
public struct AccountDeclaration: Sendable {
    /// What kind of account; card accounts are liabilities.
    public enum Kind: String, Sendable, CaseIterable {
        case checking, savings, card, cash
    }

    /// The ledger account name, e.g. `assets:bank:checking`.
    public var name: String
    /// Identifiers statements use for it: IBAN, OFX ACCTID, `*1234` for the last digits.
    public var identifiers: [String]
    /// The account's currency; nil means the default currency.
    public var currency: Currency?
    /// The kind of account.
    public var kind: Kind
    /// The balance on a date before the first statement.
    public var opening: (date: LocalDate, amount: Money)?
    /// Where the block starts.
    public var location: SourceLocation
    /// `transfer-window N`: days two legs of a transfer may be apart (default 3).
    public var transferWindow: Int?
    /// `transfer-window N ACCOUNT`: the window with one other own account.
    public var transferWindows: [String: Int] = [:]
    /// `closing-day N` for cards: the day a statement cycle ends.
    public var closingDay: Int?
    /// `due-day N` for cards: the day the amount due must be paid.
    public var dueDay: Int?

    /// Makes a declaration.
    public init(
        name: String, identifiers: [String] = [], currency: Currency? = nil, kind: Kind = .checking,
        opening: (date: LocalDate, amount: Money)? = nil, location: SourceLocation
    ) {
        self.name = name
        self.identifiers = identifiers
        self.currency = currency
        self.kind = kind
        self.opening = opening
        self.location = location
    }

    /// True when a statement's account identifier names this account.
    ///
    /// Spaces are ignored and case folded (`PT50 0036 ...` matches `pt500036...`); an
    /// identifier `*1234` matches any identifier ending in `1234`.
    public func isIdentified(by statementID: String) -> Bool {
        let candidate = Self.compact(statementID)
        return identifiers.contains { declared in
            let compact = Self.compact(declared)
            if compact.hasPrefix("*") { return candidate.hasSuffix(compact.dropFirst()) }
            return compact == candidate
        }
    }

    private static func compact(_ text: String) -> String {
        String(text.uppercased().filter { $0 != " " })
    }
}
