public import PennyCore

/// A content key's first parts, the account's prefix (`DedupID.contentPrefix`) with the
/// row's date mixed in, kept per date for the rows to come: most rows follow one of the same
/// account and day, and an unordered statement's rows come back to the same few hundred
/// days, whose parts are then not hashed again (a date's bytes cost about 140 instructions
/// to mix, a row of a shuffled statement a date each). Both the importer (`DedupIDAssigner`)
/// and the reader's thread (`EventPipe`, hashing keys ahead) start their keys here.
public struct ContentKeyPrefix: Sendable {
    /// Dates kept: direct-mapped by day, so about two and a half years of consecutive days
    /// never push each other out.
    private static let slots = 1 << 10
    /// The account whose `DedupID.contentPrefix` is `prefix`.
    private var account: String?
    private var prefix = StableHash()
    /// Per slot, the date it holds (`packed`, or `Int.min` for none) and its dated prefix.
    private var dates = [Int](repeating: .min, count: ContentKeyPrefix.slots)
    private var hashes = [StableHash](repeating: StableHash(), count: ContentKeyPrefix.slots)

    /// Nothing hashed yet.
    public init() {}

    /// The hash of `account`'s content prefix with `date` mixed in.
    public mutating func hash(account: String, date: LocalDate) -> StableHash {
        if self.account != account {
            self.account = account
            prefix = DedupID.contentPrefix(account: account)
            for slot in dates.indices { dates[slot] = .min }
        }
        let packed = date.year << 9 | date.month << 5 | date.day
        let slot = (date.year &* 372 &+ date.month &* 31 &+ date.day) & (Self.slots - 1)
        if dates[slot] == packed { return hashes[slot] }
        var hash = prefix
        hash.combine(date)
        dates[slot] = packed
        hashes[slot] = hash
        return hash
    }
}
