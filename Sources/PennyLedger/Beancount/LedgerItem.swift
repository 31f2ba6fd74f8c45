public import PennyCore

/// One posting of a transaction read for an export: the account as written, its amount
/// (nil when elided) and the cost written after it (`@ PRICE` per unit, `@@ TOTAL`).
public struct LedgerPosting: Sendable {
    /// The account, without the brackets of a virtual posting.
    public var account: String
    /// The amount; nil when elided.
    public var amount: Money?
    /// `@@ TOTAL` or `@ PRICE`, as `TOTAL CODE` / `PRICE CODE` text (exact decimals).
    public var cost: (text: String, isTotal: Bool)?
    /// True for `(account)`: a posting that need not balance.
    public var isUnbalancedVirtual = false
}

/// A transaction read for an export, with every tag it carries.
public struct LedgerTransaction: Sendable {
    /// The date.
    public var date: LocalDate
    /// `*`, `!` or a space (no mark).
    public var mark: Character
    /// The description line (`payee | note` when Penny wrote a payee).
    public var description: String
    /// The tags in order (`; NAME: VALUE` lines; a value may be empty).
    public var tags: [(name: String, value: String)] = []
    /// The postings in order.
    public var postings: [LedgerPosting] = []
    /// File and line of the header.
    public var location: SourceLocation
}

/// What a journal holds that an export writes.
public enum LedgerItem: Sendable {
    /// A transaction.
    case transaction(LedgerTransaction)
    /// A `P` line.
    case price(ExchangeRate)
    /// A top-level comment line of Penny's (`; statement-balance: …`).
    case comment(PennyComment)
}
