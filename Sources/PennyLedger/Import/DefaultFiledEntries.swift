import Foundation
import PennyCore

/// The entries only the default category filed on the own accounts a transfer leg can name
/// (`TransferIndex`): a leg whose rule names such an account pairs with one of them. A
/// large ledger holds millions, so they are kept in bounded memory: the newest in a
/// dictionary by (account, amount, currency), the rest spilled to sorted runs in a scratch
/// file (`ScratchFile`, four words a record) with the first record of every page in memory.
/// A lookup reads the pages of each run that can hold the key's records within the days
/// asked.
final class DefaultFiledEntries {
    /// What a leg is matched on: the account, and the amount there.
    struct Key: Hashable {
        let account: String
        let units: Int64
        let currency: String
    }

    /// Records a page of a run holds (4 KiB of words per read at four words a record).
    static let pageRecords = 128
    /// Entries kept in the dictionary before they are spilled.
    static let defaultMemoryLimit = 1 << 18

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

    private var memory: [Key: [(id: UInt64, day: Int32)]] = [:]
    private(set) var memoryCount = 0
    private let memoryLimit: Int
    private let makeScratch: () -> ScratchFile?
    /// The scratch file of the runs spilled by this run.
    private(set) var runFile: ScratchFile?
    /// The sidecar's runs (oldest first), then those spilled.
    private(set) var runs: [Run] = []
    /// Account and currency names by the numbers the runs' records use.
    private(set) var accountNumbers: [String: UInt64] = [:]
    private(set) var currencyNumbers: [String: UInt64] = [:]
    /// Ids forgotten (`remove`) that a run may still hold, with how many runs there were
    /// then: the records of those runs are gone, those of later runs (the same entry read
    /// again after its file was read a second time) stand.
    private(set) var removed: [UInt64: Int] = [:]
    /// True once the scratch file refused a write: the runs are then incomplete, and
    /// `lookup` says so (the import then stops with an error, not a wrong pairing).
    private(set) var failed = false

    /// An empty store whose scratch file goes beside `nearPath` (else in the temporary
    /// folder); at most `memoryLimit` entries in memory.
    init(near nearPath: String, memoryLimit: Int = defaultMemoryLimit) {
        self.makeScratch = { ScratchFile(near: nearPath) }
        self.memoryLimit = max(1, memoryLimit)
    }

    /// A store whose scratch file comes from `makeScratch` (tests give one that fails).
    init(memoryLimit: Int, makeScratch: @escaping () -> ScratchFile?) {
        self.makeScratch = makeScratch
        self.memoryLimit = max(1, memoryLimit)
    }

    /// Keeps an entry.
    func add(_ key: Key, id: UInt64, day: Int32) {
        memory[key, default: []].append((id, day))
        memoryCount += 1
        if memoryCount >= memoryLimit { spill() }
    }

    /// The entries of `key` whose day is in `days` (in no particular order), or nil when the
    /// scratch file could not be read or written.
    func lookup(_ key: Key, days: ClosedRange<Int>) -> [(id: UInt64, day: Int32)]? {
        var found = (memory[key] ?? []).filter { days.contains(Int($0.day)) }
        guard !runs.isEmpty, let account = accountNumbers[key.account], let currency = currencyNumbers[key.currency] else {
            return failed ? nil : found
        }
        let low: SortKey = (account << 32 | currency, Self.word(key.units), Self.word(Int64(days.lowerBound)))
        let high: SortKey = (low.0, low.1, Self.word(Int64(days.upperBound)))
        var page = [UInt64](repeating: 0, count: Self.pageRecords * 4)
        for (runIndex, run) in runs.enumerated() {
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
                    self.read(run, at: run.start + first * 4, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(n * 4)]))
                }
                guard read else {
                    failed = true
                    return nil
                }
                for r in 0..<n {
                    let record: SortKey = (page[r * 4], page[r * 4 + 1], page[r * 4 + 2])
                    if record < low { continue }
                    if record > high { break reading }
                    let id = page[r * 4 + 3]
                    if isKept(id, inRun: runIndex) { found.append((id, Int32(Self.value(record.2)))) }
                }
                pageIndex += 1
            }
        }
        return failed ? nil : found
    }

    /// Forgets the entries with these ids (those a failed file wrote).
    func remove(_ ids: Set<UInt64>) {
        guard !ids.isEmpty else { return }
        for key in memory.keys {
            memory[key]!.removeAll { ids.contains($0.id) }
        }
        memoryCount = memory.values.reduce(0) { $0 + $1.count }
        if !runs.isEmpty { for id in ids { removed[id] = runs.count } }
    }

    /// Whether the record of `id` in the run at `runIndex` still stands (not forgotten since).
    func isKept(_ id: UInt64, inRun runIndex: Int) -> Bool {
        guard let before = removed[id] else { return true }
        return runIndex >= before
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
        accountNumbers = Dictionary(uniqueKeysWithValues: accounts.enumerated().map { ($1, UInt64($0)) })
        currencyNumbers = Dictionary(uniqueKeysWithValues: currencies.enumerated().map { ($1, UInt64($0)) })
        runs = files.map { Run(start: TransferRunFile.headerWords, count: $0.count, fences: $0.fences, file: $0) }
    }

    /// Writes the dictionary's entries as one sorted run and empties it.
    func spill() {
        var records: [(SortKey, UInt64)] = []
        records.reserveCapacity(memoryCount)
        for (key, entries) in memory {
            let account = number(of: key.account, in: &accountNumbers)
            let currency = number(of: key.currency, in: &currencyNumbers)
            for entry in entries {
                records.append(((account << 32 | currency, Self.word(key.units), Self.word(Int64(entry.day))), entry.id))
            }
        }
        records.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        if runFile == nil { runFile = makeScratch() }
        guard let runFile else {
            failed = true
            return
        }
        let start = runFile.count
        // Written a page at a time (no second copy of the run in memory).
        var words: [UInt64] = []
        words.reserveCapacity(Self.pageRecords * 4)
        for first in stride(from: 0, to: records.count, by: Self.pageRecords) {
            words.removeAll(keepingCapacity: true)
            for record in records[first..<min(first + Self.pageRecords, records.count)] {
                words.append(record.0.0)
                words.append(record.0.1)
                words.append(record.0.2)
                words.append(record.1)
            }
            guard words.withUnsafeBufferPointer({ runFile.append($0) }) else {
                failed = true
                return
            }
        }
        let fences = stride(from: 0, to: records.count, by: Self.pageRecords).map { records[$0].0 }
        runs.append(Run(start: start, count: records.count, fences: fences, file: nil))
        memory.removeAll()
        memoryCount = 0
    }

    private func number(of name: String, in numbers: inout [String: UInt64]) -> UInt64 {
        if let known = numbers[name] { return known }
        let next = UInt64(numbers.count)
        numbers[name] = next
        return next
    }

    /// A signed value as a word that sorts as the value does.
    static func word(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) ^ (1 << 63) }

    private static func value(_ word: UInt64) -> Int64 { Int64(bitPattern: word ^ (1 << 63)) }
}
