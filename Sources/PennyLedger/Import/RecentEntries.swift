/// The newest entries of a `DefaultFiledEntries`, before they are spilled: one array of
/// entries chained per key, the keys by number (account and currency numbers, amount), so
/// an entry costs about 56 bytes and no string of its own.
struct RecentEntries {
    /// An entry's key by number: `head` is the account's number << 32 | the currency's.
    struct Key: Hashable {
        let head: UInt64
        let units: Int64
    }

    /// Each key's newest entry.
    private var last: [Key: Int32] = [:]
    /// The entries, each pointing at its key's one before (-1: none).
    private var entries: [(id: UInt64, extra: UInt64, day: Int32, previous: Int32)] = []
    /// The keys by account number (for a scan of one account).
    private var keysByAccount: [UInt64: [Key]] = [:]

    /// How many entries.
    var count: Int { entries.count }

    /// Keeps an entry.
    mutating func add(_ key: Key, id: UInt64, day: Int32, extra: UInt64) {
        let previous = last[key]
        if previous == nil { keysByAccount[key.head >> 32, default: []].append(key) }
        last[key] = Int32(entries.count)
        entries.append((id, extra, day, previous ?? -1))
    }

    /// Calls `body` with each entry of `key`, newest first.
    func forEach(_ key: Key, _ body: (DefaultFiledEntries.Found) -> Void) {
        var at = last[key] ?? -1
        while at >= 0 {
            let entry = entries[Int(at)]
            body((entry.id, entry.day, entry.extra))
            at = entry.previous
        }
    }

    /// The keys of the account numbered `account`.
    func keys(ofAccount account: UInt64) -> [Key] { keysByAccount[account] ?? [] }

    /// Every entry with its key, in no order.
    func forEachEntry(_ body: (Key, DefaultFiledEntries.Found) -> Void) {
        for key in last.keys { forEach(key) { body(key, $0) } }
    }

    /// Forgets the entries with these ids. - Complexity: O(entries).
    mutating func remove(_ ids: ScratchIDSet) {
        var kept = RecentEntries()
        forEachEntry { key, entry in if !ids.contains(entry.id) { kept.add(key, id: entry.id, day: entry.day, extra: entry.extra) } }
        self = kept
    }

    /// Forgets every entry.
    mutating func removeAll() { self = RecentEntries() }
}
