/// One movement of money on a statement, as a reader found it, before categorization.
public struct Transaction: Sendable {
    /// The booking date as written in the file.
    public var date: LocalDate
    /// The amount; negative leaves the account.
    public var amount: Money
    /// The bank's text: CSV description columns, OFX NAME, CAMT remittance text.
    public var description: String
    /// The payee when the source names one separately.
    public var payee: String?
    /// A free-text memo.
    public var memo: String?
    /// The other party's name.
    public var counterpartyName: String?
    /// The other party's IBAN.
    public var counterpartyIBAN: String?
    /// The bank's own id for the transaction (FITID, AcctSvcrRef, CSV id column).
    public var bankID: String?
    /// The bank's transaction type (OFX TRNTYPE, CSV type column).
    public var type: String?
    /// True for pending (not yet booked) items, which Penny skips by default.
    public var isPending: Bool
    /// The running balance after this transaction, when the statement gives one.
    public var balance: Money?
    /// Where the transaction was read.
    public var location: SourceLocation
    /// The amount in the currency the purchase was made in, when the statement gives it.
    public var original: OriginalAmount?
    /// The value date (interest from), when the statement gives one other than `date`
    /// (MT940's `:61:` value date when its entry date differs).
    public var valueDate: LocalDate?

    /// The longest text field Penny writes: a description is a line of a statement, not a
    /// document. A longer one (a 200 MB field once made a 200 MB ledger line and took 1 GB)
    /// rejects the file at its location (`StatementImporter`).
    public static let maximumFieldBytes = 4096

    /// Makes a transaction; only date, amount, description and location are required. Text
    /// fields are cleaned of control and bidirectional-override characters (`TextSanitizer`).
    public init(
        date: LocalDate, amount: Money, description: String, location: SourceLocation,
        payee: String? = nil, memo: String? = nil, counterpartyName: String? = nil,
        counterpartyIBAN: String? = nil, bankID: String? = nil, type: String? = nil,
        isPending: Bool = false, balance: Money? = nil
    ) {
        // Every reader makes its transactions here: the one place statement text is cleaned.
        self.date = date
        self.amount = amount
        self.description = TextSanitizer.clean(description)
        self.location = location
        self.payee = TextSanitizer.clean(payee)
        self.memo = TextSanitizer.clean(memo)
        self.counterpartyName = TextSanitizer.clean(counterpartyName)
        self.counterpartyIBAN = TextSanitizer.clean(counterpartyIBAN)
        self.bankID = TextSanitizer.clean(bankID)
        self.type = TextSanitizer.clean(type)
        self.isPending = isPending
        self.balance = balance
    }
}

/// A balance a statement states on a date (OFX LEDGERBAL, CAMT OPBD/CLBD).
public struct StatementBalance: Sendable, Equatable {
    /// The date the balance is as of.
    public var date: LocalDate
    /// The balance; negative means owed.
    public var amount: Money

    /// Makes a balance.
    public init(date: LocalDate, amount: Money) {
        self.date = date
        self.amount = amount
    }
}

/// The header of one statement inside a file: whose account, which currency, balances.
public struct StatementHeader: Sendable {
    /// The own-account identifier the file carries (IBAN, ACCTID, `*1234`), if any.
    public var accountIdentifier: String?
    /// An own account the reader already knows (a CSV profile names it), if any.
    public var accountName: String?
    /// The statement currency.
    public var currency: Currency
    /// Where the statement starts.
    public var location: SourceLocation
    /// The opening balance the statement gives, if any.
    public var opening: StatementBalance?
    /// The closing balance the statement gives, if any.
    public var closing: StatementBalance?

    /// Makes a header.
    public init(
        accountIdentifier: String?, accountName: String?, currency: Currency, location: SourceLocation,
        opening: StatementBalance? = nil, closing: StatementBalance? = nil
    ) {
        self.accountIdentifier = accountIdentifier
        self.accountName = accountName
        self.currency = currency
        self.location = location
        self.opening = opening
        self.closing = closing
    }
}

/// What a reader emits, in file order: a header, then that statement's transactions.
public enum StatementEvent: Sendable {
    /// A new statement begins.
    indirect case statement(StatementHeader)
    /// A transaction of the current statement (boxed: the event stays small to copy).
    indirect case transaction(Transaction)
    /// Consecutive plain transactions of the current statement, lent for this call only (a
    /// reader sends them instead of `.transaction`s when `ReaderConfiguration.lendsRows`
    /// allows; `EventPipe` hands them on in runs).
    case rows(PlainRows)
    /// The current statement's closing balance, known only at its end (a CSV's last
    /// running balance).
    case closing(StatementBalance)
    /// Something the reader left out or read leniently, for a person to check; the import
    /// goes on (`import` prints it as `file:line: warning: ...`).
    case warning(String, SourceLocation)
    /// Rows the file holds that are not transactions (a profile's `skip-row`: pending rows,
    /// balance lines), counted: how many, the pattern that named the first, and its place.
    case skippedRows(count: Int, pattern: String, first: SourceLocation)
}

/// A `; NAME: VALUE` tag a rule puts on a transaction.
public struct Tag: Sendable, Equatable {
    /// Letters, digits, `-` and `_`.
    public var name: String
    /// The value, if any.
    public var value: String?

    /// Makes a tag.
    public init(name: String, value: String? = nil) {
        self.name = name
        self.value = value
    }
}

/// What the rules decided for a transaction: category, payee, tags and flags.
public struct Categorization: Sendable, Equatable {
    /// The other posting's account, e.g. `expenses:food:groceries`.
    public var category: String
    /// A cleaner payee name set by a rule.
    public var payee: String?
    /// The rule that set the category; nil when the default category for the sign applied.
    public var ruleName: String?
    /// Tags set by the rules that applied.
    public var tags: [Tag]
    /// A note set by a rule.
    public var note: String?
    /// True when a rule said `skip`: the transaction is not imported.
    public var skips: Bool
    /// True when a rule said `no-roundup`.
    public var excludesRoundUp: Bool
    /// Set when a rule's regular expression gave up on this transaction (it backtracked
    /// past its bound): the decision is not to be trusted, and the caller reports this error.
    public var matchFailure: PennyError?

    /// Makes a categorization.
    public init(
        category: String, payee: String? = nil, ruleName: String? = nil, tags: [Tag] = [], note: String? = nil,
        skips: Bool = false, excludesRoundUp: Bool = false
    ) {
        self.category = category
        self.payee = payee
        self.ruleName = ruleName
        self.tags = tags
        self.note = note
        self.skips = skips
        self.excludesRoundUp = excludesRoundUp
    }
}
