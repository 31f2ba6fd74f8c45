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
    /// `alias WORD, ...`: short names `penny add` understands (`visa`, `cartão`).
    public var aliases: [String] = []

    /// What a person may call the account instead of its full name, lower-cased: its
    /// aliases and the last part of its name (`checking` for `assets:bank:checking`). Inbox
    /// folders, `--account` and `penny add` all go by these.
    public var shortNames: [String] {
        (aliases + [String(name.split(separator: ":").last ?? "")]).map { $0.lowercased() }
    }

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

    /// How strongly this account claims a statement's identifier: its best match over the
    /// declared ids (see `AccountIdentifier`), or nil when none matches.
    public func claim(_ statementID: String) -> AccountIdentifier.Claim? {
        identifiers.compactMap { AccountIdentifier(declared: $0).claim(statementID) }.max()
    }
}
