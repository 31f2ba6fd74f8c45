import Foundation

/// What a first pass learns of a list of entries without keeping them.
struct JSONListFacts {
    /// The first entry.
    var first: ExactJSON?
    /// True when an entry has both `transaction_id` and `account_id` (Plaid).
    var hasPlaidEntry = false
    /// The first entry of each account the entries name (`account_id`, "" for none), in
    /// the order the accounts first appear.
    var accounts: [JSONEntrySummary] = []
    private var seen: Set<String> = []
    /// The account of the entry added last.
    private var lastAccount: String?

    /// Adds the list's first entry.
    mutating func add(first entry: ExactJSON) {
        if first == nil { first = entry }
        add(JSONEntrySummary(entry))
    }

    /// Adds an entry.
    mutating func add(_ entry: JSONEntrySummary) {
        if !hasPlaidEntry, entry.hasTransactionID, entry.hasAccountID { hasPlaidEntry = true }
        // The account of the entry before (of nearly every entry) is seen without hashing.
        if let last = lastAccount, last == entry.account { return }
        lastAccount = entry.account
        if seen.insert(entry.account).inserted { accounts.append(entry) }
    }
}

/// What an outline keeps of an entry: whether it is Plaid's, its account, and what Plaid's
/// reader takes from an account's first entry (`ExactJSON`'s subscript: a name's first
/// member).
struct JSONEntrySummary {
    /// The members read.
    enum Key: UInt8 {
        case transactionID = 1, accountID = 2, isoCurrency = 4, unofficialCurrency = 8

        /// The key a member name is, if any.
        init?(name: UnsafeBufferPointer<UInt8>) {
            switch name.count {
            case 14 where Self.equal(name, "transaction_id"): self = .transactionID
            case 10 where Self.equal(name, "account_id"): self = .accountID
            case 17 where Self.equal(name, "iso_currency_code"): self = .isoCurrency
            case 24 where Self.equal(name, "unofficial_currency_code"): self = .unofficialCurrency
            default: return nil
            }
        }

        /// True when `name` is `text`'s bytes (of the same length).
        private static func equal(_ name: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
            memcmp(name.baseAddress!, text.utf8Start, name.count) == 0
        }
    }

    /// The line the entry's object starts on (0 for another value).
    var line = 0
    /// True when it has `transaction_id`.
    var hasTransactionID = false
    /// True when it has `account_id`.
    var hasAccountID = false
    /// The text of `account_id`, "" for none.
    var account = ""
    /// The text of `iso_currency_code`.
    var isoCurrency: String?
    /// The text of `unofficial_currency_code`.
    var unofficialCurrency: String?

    /// Nothing known yet, of an entry starting on `line`.
    init(line: Int = 0) { self.line = line }

    /// The summary of a whole entry.
    init(_ entry: ExactJSON) {
        line = entry.line
        hasTransactionID = entry["transaction_id"] != nil
        hasAccountID = entry["account_id"] != nil
        account = entry["account_id"]?.text ?? ""
        isoCurrency = entry["iso_currency_code"]?.text
        unofficialCurrency = entry["unofficial_currency_code"]?.text
    }

    /// Takes the first member of a key.
    mutating func take(_ key: Key, _ value: ExactJSON) {
        switch key {
        case .transactionID: hasTransactionID = true
        case .accountID:
            hasAccountID = true
            account = value.text ?? ""
        case .isoCurrency: isoCurrency = value.text
        case .unofficialCurrency: unofficialCurrency = value.text
        }
    }
}
