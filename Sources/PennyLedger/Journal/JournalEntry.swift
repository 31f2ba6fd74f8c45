public import PennyCore

/// One transaction as Penny writes it: two postings (own account and category) and tags.
public struct JournalEntry: Sendable {
    /// The transaction date.
    public var date: LocalDate
    /// The description line: `payee | bank text` when a rule set a payee.
    public var description: String
    /// The own account, e.g. `assets:bank:checking`.
    public var account: String
    /// The other posting's account, e.g. `expenses:food:groceries`.
    public var category: String
    /// The amount on the own account; the category gets the opposite.
    public var amount: Money
    /// The stable dedup id.
    public var id: DedupID
    /// `file:line` it came from, when it came from a statement (or the file alone, with
    /// the line in `sourceLine`: an import makes no string per row for it).
    public var source: String?
    /// The line of `source`, written after it as `:LINE`, when `source` is the file alone.
    public var sourceLine: Int?
    /// The rule that categorized it (`default` when the default category applied); nil
    /// for entries no rules decided (opening balances).
    public var rule: String?

    /// The `rule:` value of a transaction no rule categorized. `penny uncategorized` and
    /// `penny recategorize` look for it; a rule may not be named so.
    public static let defaultRule = "default"

    /// The `rule:` value of an entry Penny refiled as a transfer when its other leg arrived.
    /// A rule may not be named so; `recategorize` leaves such entries alone.
    public static let transferRule = "transfer"
    /// Tags the rules set, a note, and whether round-ups skip it.
    public var tags: [Tag] = []
    /// A note a rule set.
    public var note: String?
    /// True when a rule said `no-roundup`.
    public var excludesRoundUp = false

    /// Makes an entry.
    public init(date: LocalDate, description: String, account: String, category: String, amount: Money, id: DedupID, source: String?, rule: String?) {
        self.date = date
        self.description = description
        self.account = account
        self.category = category
        self.amount = amount
        self.id = id
        self.source = source
        self.rule = rule
    }
}

extension JournalEntry {
    /// A description as Penny writes it, split: `PAYEE | BANK TEXT` (hledger's payee/note
    /// convention) gives both; a description without ` | ` is the bank text, and its payee.
    public static func split(description: String) -> (payee: String, bankText: String) {
        guard let bar = bar(in: description) else { return (description, description) }
        return (String(description[..<bar.lowerBound]), String(description[bar.upperBound...]))
    }

    /// The first ` | ` of `description`: found on its bytes when it is ASCII (where the
    /// bytes are the characters), else by Foundation, which never splits a character.
    private static func bar(in description: String) -> Range<String.Index>? {
        let utf8 = description.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }), let found = utf8.withContiguousStorageIfAvailable({ barOffset(in: $0) }) else {
            return description.range(of: " | ")
        }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0)..<utf8.index(utf8.startIndex, offsetBy: $0 + 3) }
    }

    /// The offset of the first ` | ` in `bytes`, nil when there is none.
    public static func barOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i + 3 <= bytes.count {
            if bytes[i] == 0x20, bytes[i + 1] == UInt8(ascii: "|"), bytes[i + 2] == 0x20 { return i }
            i += 1
        }
        return nil
    }
}
