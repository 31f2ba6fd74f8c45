public import PennyCore

/// A content key's first parts, the account's prefix (`DedupID.contentPrefix`) with the
/// row's date mixed in, kept for the next row: most rows follow one of the same account
/// and day, whose parts are then not hashed again. Both the importer (`DedupIDAssigner`)
/// and the reader's thread (`EventPipe`, hashing keys ahead) start their keys here.
public struct ContentKeyPrefix: Sendable {
    /// The account whose `DedupID.contentPrefix` is `prefix`.
    private var account: String?
    private var prefix = StableHash()
    /// The prefix with the last row's date mixed in, and that date.
    private var dated: (date: LocalDate, hash: StableHash)?

    /// Nothing hashed yet.
    public init() {}

    /// The hash of `account`'s content prefix with `date` mixed in.
    public mutating func hash(account: String, date: LocalDate) -> StableHash {
        if self.account != account {
            self.account = account
            prefix = DedupID.contentPrefix(account: account)
            dated = nil
        }
        if let dated, dated.date == date { return dated.hash }
        var hash = prefix
        hash.combine(date)
        dated = (date, hash)
        return hash
    }
}
