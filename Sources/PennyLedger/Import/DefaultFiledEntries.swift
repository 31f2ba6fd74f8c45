import Foundation
import PennyCore

/// Entries by (account, amount, currency) and day, in bounded memory, for `TransferIndex`:
/// the entries only the default category filed on the own accounts a transfer leg can name
/// (a leg whose rule names such an account pairs with one of them), and the transfer
/// entries (by their other account; `extra` numbers the account that wrote them). A large
/// ledger holds millions: the newest are kept in a dictionary, the rest spilled to sorted
/// runs in a scratch file (`ScratchFile`, five words a record) with the first record of
/// every page in memory. A lookup reads the pages of each run that can hold the key's
/// records within the days asked.
final class DefaultFiledEntries {
    /// What a leg is matched on: the account, and the amount there.
    struct Key: Hashable {
        let account: String
        let units: Int64
        let currency: String
    }

    /// Records a page of a run holds (5 KiB of words per read).
    static let pageRecords = 128
    /// Words a record takes: its sort key (three), its id and its extra word.
    static let recordWords = 5

    /// An entry found: its id, day and extra word.
    typealias Found = (id: UInt64, day: Int32, extra: UInt64)
    /// Entries kept in the dictionary before they are spilled.
    static let defaultMemoryLimit = 1 << 16

    /// A record's sort key in words: (account and currency numbers, amount, day).
    typealias SortKey = (UInt64, UInt64, UInt64)

    /// A sorted run of records: in the scratch file, or a file of the transfer sidecar.
    struct Run {
        /// The run's first word in its file.
        let start: Int
        /// Records in the run.
        let count: Int
        /// The sort key of every `pageRecords`-th record.
        let fences: [SortKey]
        /// The sidecar's file holding the run; nil for the scratch file.
        let file: TransferRunFile?
    }

    private var memory = RecentEntries()
    /// How many entries are in memory (not yet spilled).
    var memoryCount: Int { memory.count }
    /// True when the store holds no entry, in memory or in a run.
    var isEmpty: Bool { memory.count == 0 && runs.isEmpty }
    private let memoryLimit: Int
    private let makeScratch: () -> ScratchFile?
    /// The scratch file of the runs spilled by this run.
    private(set) var runFile: ScratchFile?
    /// The sidecar's runs (oldest first), then those spilled.
    private(set) var runs: [Run] = []
    /// Account and currency names by the numbers the runs' records use.
    private(set) var accountNumbers: [String: UInt64] = [:]
    private(set) var currencyNumbers: [String: UInt64] = [:]
    /// Account and currency names in the order of their numbers.
    private(set) var accountNames: [String] = []
    private(set) var currencyNames: [String] = []
    /// Ids forgotten (`remove`) that a run may still hold, with how many runs there were
    /// then: the records of those runs are gone, those of later runs (the same entry read
    /// again after its file was read a second time) stand. One set per removal (a file's
    /// readings taken back: a few at most).
    private(set) var removals: [(ids: ScratchIDSet, runCount: Int)] = []
    /// Whether each run has a filter of its keys (a store asked once per row keeps them,
    /// so that a key no run holds reads no page).
    private let filtersKeys: Bool
    /// The filter of each run's keys (`filtersKeys`), in the order of `runs`.
    private var runFilters: [OwnedBloomFilter] = []
    /// True once the scratch file refused a write: the runs are then incomplete, and
    /// `lookup` says so (the import then stops with an error, not a wrong pairing).
    private(set) var failed = false

    /// An empty store whose scratch file goes beside `nearPath` (else in the temporary
    /// folder); at most `memoryLimit` entries in memory.
    init(near nearPath: String, memoryLimit: Int = defaultMemoryLimit, filtersKeys: Bool = false) {
        self.makeScratch = { ScratchFile(near: nearPath) }
        self.memoryLimit = max(1, memoryLimit)
        self.filtersKeys = filtersKeys
    }

    /// A store whose scratch file comes from `makeScratch` (tests give one that fails).
    init(memoryLimit: Int, makeScratch: @escaping () -> ScratchFile?) {
        self.makeScratch = makeScratch
        self.memoryLimit = max(1, memoryLimit)
        self.filtersKeys = false
    }

    /// Keeps an entry.
    func add(_ key: Key, id: UInt64, day: Int32, extra: UInt64 = 0) {
        let head = accountNumber(key.account) << 32 | number(of: key.currency, in: &currencyNumbers, &currencyNames)
        memory.add(RecentEntries.Key(head: head, units: key.units), id: id, day: day, extra: extra)
        if memory.count >= memoryLimit { spill() }
    }

    /// The entries of `key` whose day is in `days` (in no particular order), or nil when the
    /// scratch file could not be read or written.
    func lookup(_ key: Key, days: ClosedRange<Int>) -> [Found]? {
        guard let account = accountNumbers[key.account], let currency = currencyNumbers[key.currency] else { return failed ? nil : [] }
        var found: [Found] = []
        memory.forEach(RecentEntries.Key(head: account << 32 | currency, units: key.units)) { if days.contains(Int($0.day)) { found.append($0) } }
        guard !runs.isEmpty else { return failed ? nil : found }
        let low: SortKey = (account << 32 | currency, Self.word(key.units), Self.word(Int64(days.lowerBound)))
        let high: SortKey = (low.0, low.1, Self.word(Int64(days.upperBound)))
        let scanned = scan(from: low, through: high, filterKey: Self.filterKey(low)) { record, id, extra in
            found.append((id, Int32(Self.value(record.2)), extra))
        }
        return scanned && !failed ? found : nil
    }

    /// The entries on `account` in any amount and any currency but `except` whose day is
    /// in `days`, with their keys; nil when the scratch file could not be read. Each other
    /// currency's records of the account are read whole (a leg that may be an exchange).
    func lookup(account: String, days: ClosedRange<Int>, except: String) -> [(key: Key, entry: Found)]? {
        guard let number = accountNumbers[account] else { return failed ? nil : [] }
        var found: [(key: Key, entry: Found)] = []
        for key in memory.keys(ofAccount: number) {
            let currency = currencyNames[Int(key.head & 0xFFFF_FFFF)]
            guard currency != except else { continue }
            memory.forEach(key) { if days.contains(Int($0.day)) { found.append((Key(account: account, units: key.units, currency: currency), $0)) } }
        }
        guard !runs.isEmpty else { return failed ? nil : found }
        for (currencyNumber, currency) in currencyNames.enumerated() where currency != except {
            let head = number << 32 | UInt64(currencyNumber)
            let scanned = scan(from: (head, 0, 0), through: (head, .max, .max)) { record, id, extra in
                let day = Int(Self.value(record.2))
                guard days.contains(day) else { return }
                found.append((Key(account: account, units: Self.value(record.1), currency: currency), (id, Int32(day), extra)))
            }
            if !scanned { return nil }
        }
        return failed ? nil : found
    }

    /// Calls `body` with each record standing in a run between `low` and `high` (sort keys,
    /// inclusive); false (and `failed`) when a run could not be read.
    private func scan(from low: SortKey, through high: SortKey, filterKey: UInt64? = nil, _ body: (SortKey, UInt64, UInt64) -> Void) -> Bool {
        let width = Self.recordWords
        var page = [UInt64](repeating: 0, count: Self.pageRecords * width)
        for (runIndex, run) in runs.enumerated() {
            if let filterKey, runIndex < runFilters.count, !runFilters[runIndex].filter.mayContain(filterKey) { continue }
            // The last page whose first record sorts before `low`: `low`'s records start there.
            var lo = 0, hi = run.fences.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if run.fences[mid] < low { lo = mid + 1 } else { hi = mid }
            }
            var pageIndex = max(0, lo - 1)
            reading: while pageIndex < run.fences.count {
                let first = pageIndex * Self.pageRecords
                let n = min(Self.pageRecords, run.count - first)
                let read = page.withUnsafeMutableBufferPointer { buffer in
                    self.read(run, at: run.start + first * width, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(n * width)]))
                }
                guard read else {
                    failed = true
                    return false
                }
                for r in 0..<n {
                    let record: SortKey = (page[r * width], page[r * width + 1], page[r * width + 2])
                    if record < low { continue }
                    if record > high { break reading }
                    let id = page[r * width + 3]
                    if isKept(id, inRun: runIndex) { body(record, id, page[r * width + 4]) }
                }
                pageIndex += 1
            }
        }
        return true
    }

    /// Forgets the entries with these ids (those a failed file wrote).
    func remove(_ ids: ScratchIDSet) {
        guard !ids.isEmpty else { return }
        memory.remove(ids)
        if !runs.isEmpty { removals.append((ids, runs.count)) }
        // Answers from a set whose scratch file failed are not to be trusted.
        if ids.failed { failed = true }
    }

    /// Whether the record of `id` in the run at `runIndex` still stands (not forgotten since).
    func isKept(_ id: UInt64, inRun runIndex: Int) -> Bool {
        for removal in removals where runIndex < removal.runCount {
            if removal.ids.contains(id) { return false }
            if removal.ids.failed { failed = true }
        }
        return true
    }

    /// Reads words of `run` from its file.
    func read(_ run: Run, at index: Int, into buffer: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        if let file = run.file { return file.read(at: index, into: buffer) }
        return runFile?.read(at: index, into: buffer) ?? false
    }

    /// Starts from the sidecar's runs, whose records number accounts and currencies as
    /// `accounts` and `currencies` list them. Only on an empty store.
    func attach(_ files: [TransferRunFile], accounts: [String], currencies: [String]) {
        precondition(runs.isEmpty && memoryCount == 0, "runs are attached to an empty store")
        for name in accounts { _ = number(of: name, in: &accountNumbers, &accountNames) }
        for name in currencies { _ = number(of: name, in: &currencyNumbers, &currencyNames) }
        runs = files.map { Run(start: TransferRunFile.headerWords, count: $0.count, fences: $0.fences, file: $0) }
        if filtersKeys {
            runFilters = files.map { file in
                guard let filter = Self.keyFilter(of: file) else {
                    failed = true
                    return OwnedBloomFilter(keys: 0, bitsPerKey: 10)
                }
                return filter
            }
        }
    }

    /// Writes the dictionary's entries as one sorted run and empties it.
    func spill() {
        var records: [(SortKey, UInt64, UInt64)] = []
        records.reserveCapacity(memory.count)
        memory.forEachEntry { key, entry in records.append(((key.head, Self.word(key.units), Self.word(Int64(entry.day))), entry.id, entry.extra)) }
        records.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        if runFile == nil { runFile = makeScratch() }
        guard let runFile else {
            failed = true
            return
        }
        let start = runFile.count
        // Written a page at a time (no second copy of the run in memory).
        var words: [UInt64] = []
        words.reserveCapacity(Self.pageRecords * Self.recordWords)
        for first in stride(from: 0, to: records.count, by: Self.pageRecords) {
            words.removeAll(keepingCapacity: true)
            for record in records[first..<min(first + Self.pageRecords, records.count)] {
                words += [record.0.0, record.0.1, record.0.2, record.1, record.2]
            }
            guard words.withUnsafeBufferPointer({ runFile.append($0) }) else {
                failed = true
                return
            }
        }
        let fences = stride(from: 0, to: records.count, by: Self.pageRecords).map { records[$0].0 }
        runs.append(Run(start: start, count: records.count, fences: fences, file: nil))
        if filtersKeys {
            let filter = OwnedBloomFilter(keys: records.count, bitsPerKey: 10)
            for record in records { filter.filter.insert(Self.filterKey(record.0)) }
            runFilters.append(filter)
        }
        memory.removeAll()
    }

    /// The number the runs' records give `account` (a new one for a new name).
    func accountNumber(_ account: String) -> UInt64 { number(of: account, in: &accountNumbers, &accountNames) }

    private func number(of name: String, in numbers: inout [String: UInt64], _ names: inout [String]) -> UInt64 {
        if let known = numbers[name] { return known }
        let next = UInt64(names.count)
        numbers[name] = next
        names.append(name)
        return next
    }

    /// The filter's key of a record's (account, currency, amount), well mixed.
    static func filterKey(_ key: SortKey) -> UInt64 { IDKey.of(IDKey.remix(key.0) ^ key.1) }

    /// The filter of a sidecar run's keys, read through once; nil when it cannot be read.
    private static func keyFilter(of file: TransferRunFile) -> OwnedBloomFilter? {
        let filter = OwnedBloomFilter(keys: file.count, bitsPerKey: 10)
        var words = file.words()
        while let a = words.pop(), let b = words.pop(), words.pop() != nil, words.pop() != nil, words.pop() != nil {
            filter.filter.insert(filterKey((a, b, 0)))
        }
        return words.failed ? nil : filter
    }

    /// A signed value as a word that sorts as the value does.
    static func word(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) ^ (1 << 63) }

    private static func value(_ word: UInt64) -> Int64 { Int64(bitPattern: word ^ (1 << 63)) }
}
