import PennyCore

/// Dedup ids added during one update (and, when the ledger had to be read, the ledger's),
/// in bounded memory: the newest in an `IDSet`; when it holds `memoryLimit`, its keys are
/// sorted and written as a run to a scratch file, with a Bloom filter over every spilled
/// key in front. A filter hit is checked in the runs (a fence key per 4 KiB page in memory,
/// then one page read), so answers are exact.
///
/// Every id is also logged in insertion order (in memory, then the scratch file), which
/// gives `ids(from:)` and `rollback(to:)`.
/// - Complexity: `contains`/`insert` O(1) expected in memory, plus one page read per run (at
///   most `maximumRuns`, four by default: more are merged) on a filter hit (under 1% of
///   misses up to about 7 million spilled ids, more past them); memory about 16 bytes per
///   id up to the limit, then 1.5–3 bytes per spilled id (the filter) up to 10 MiB, and 8
///   bytes per 512 (the fences).
final class SpillingIDSet {
    private struct Run {
        /// The run's first word in `runs`.
        let start: Int
        let count: Int
        /// Every `pageKeys`-th key of the run.
        let fences: [UInt64]
    }

    static let pageKeys = 512
    private static let bitsPerKey = 12
    /// More runs than this are merged into one, so a filter hit reads at most this many pages.
    private let maximumRuns: Int
    private let memoryLimit: Int
    /// False for a set that is only asked and added to (`ids(from:)` and `rollback(to:)` are
    /// then not available): nothing is logged.
    private let logs: Bool
    /// The most bytes the filter takes (`defaultFilterByteLimit`).
    private let filterByteLimit: Int
    private let nearPath: String
    private var memory = IDSet()
    private var runs: [Run] = []
    private var runFile: ScratchFile?
    private var spilled = 0
    private var filter: OwnedBloomFilter? {
        didSet { filterView = filter?.filter }
    }
    /// `filter`'s view (pointers into memory `filter` keeps): the per-id lookups read it
    /// without a retain and release each.
    private var filterView: BlockedBloomFilter?
    private var filterCapacity = 0
    /// Ids in insertion order (memory, then a scratch file); empty without `logs`.
    private var log: WordLog
    /// The log's length when the last run was spilled: a rollback to a point after it only
    /// touches memory.
    private var logAtLastSpill = 0
    /// True once the runs' scratch file, or the log's, could not be written or read.
    private var runsFailed = false
    /// True once a scratch file failed: the caller stops trusting the set.
    var failed: Bool { runsFailed || log.failed }

    /// How many ids the set holds.
    private(set) var count = 0
    /// The filter's bytes now (0 without one).
    var filterByteCount: Int { (filter?.wordCount ?? 0) * 8 }
    /// How many ids were ever inserted and not rolled back (the log's length).
    var logCount: Int { log.count }

    /// Ids kept in memory before a spill: as many as an `IDSet` of 2¹⁹ slots holds without
    /// doubling (4 MiB; one more id would make it 8 MiB, and 12 MiB while it doubles).
    static let defaultMemoryLimit = IDSet.capacity(slots: 1 << 19)

    /// The filter's bytes at most: 10 MiB, about 7 million keys at 12 bits each. Past that
    /// it keeps its size and grows less selective (a miss then reads a page of the runs more
    /// often), so memory stays flat however many ids there are; it grew by up to 3 bytes per id.
    /// The worst 10M-row shape (shuffled, two own accounts, two round-up programs) holds two
    /// such sets, an unordered file's counts and the update's ids: at 16 MiB it peaked at
    /// 95.2 MiB by hand and 101 MB in a `make bench` run; at 10 MiB 86.3 MiB, the import
    /// 17.6 → 18.1 s. A million rows' filters stay far below either limit.
    static let defaultFilterByteLimit = 10 << 20

    /// A set whose scratch files go beside `nearPath`; `memoryLimit` ids in memory at most.
    /// Without `logs`, the ids are not logged (the set cannot list or roll back its ids).
    /// More than `maximumRuns` runs are merged into one.
    init(
        near nearPath: String, memoryLimit: Int = defaultMemoryLimit, logLimit: Int = 1 << 18,
        filterByteLimit: Int = defaultFilterByteLimit, logs: Bool = true, maximumRuns: Int = 4
    ) {
        self.nearPath = nearPath
        self.maximumRuns = max(1, maximumRuns)
        self.logs = logs
        self.memoryLimit = max(1, memoryLimit)
        self.log = WordLog(near: nearPath, memoryLimit: logLimit)
        self.filterByteLimit = max(64, filterByteLimit)
    }

    /// True when the set holds `id`.
    func contains(_ id: UInt64) -> Bool {
        if memory.contains(id) { return true }
        guard spilled > 0 else { return false }
        let key = IDKey.of(id)
        // Without a filter (only after `dropFilter`) every run is asked.
        if let filter = filterView, !filter.mayContain(key) { return false }
        return runsContain(key)
    }

    /// Brings what `contains(id)` reads first into the cache (a hint).
    @inline(__always) func prefetch(_ id: UInt64) {
        memory.prefetch(id)
        if spilled > 0, let filter = filterView { filter.prefetch(IDKey.of(id)) }
    }

    /// Brings the in-memory slot where adding `id` starts looking into the cache (a hint for
    /// `insertAbsent`, which reads neither the filter nor the runs).
    @inline(__always) func prefetchSlot(_ id: UInt64) { memory.prefetch(id) }

    /// Adds `id`; false when it was there already.
    @discardableResult
    func insert(_ id: UInt64) -> Bool {
        guard !contains(id) else { return false }
        // Logged first: a spill `place` makes then counts this id as spilled.
        if logs { log.append(id) }
        place(id)
        return true
    }

    /// Adds `id`, known to be absent (just asked).
    func insertAbsent(_ id: UInt64) {
        if logs { log.append(id) }
        place(id)
    }

    private func place(_ id: UInt64) {
        memory.insert(id)
        count += 1
        if memory.count >= memoryLimit { spill() }
    }

    /// Writes the in-memory ids as a sorted run and empties memory.
    func spill() {
        guard memory.count > 0 else { return }
        // The table is read where it is (a copy of it would make `removeAll` copy it again).
        guard addSortedRun(count: memory.count, { body in self.memory.forEach(body) }) else { return }
        memory.removeAll()
        logAtLastSpill = logCount
    }

    /// Adds `count` ids, distinct and not in the set, that `forEach` gives (it is asked
    /// twice), straight as a sorted run, without passing through memory. Only for a set
    /// that logs nothing (its log would miss them).
    func spillAbsent(count n: Int, _ forEach: (_ body: (UInt64) -> Void) -> Void) {
        precondition(!logs, "a logged set's ids go through insert")
        guard n > 0, addSortedRun(count: n, forEach) else { return }
        count += n
    }

    /// Writes the `count` ids `ids` gives (it is asked twice) as a sorted run of their keys
    /// (`SpreadKeySort.withSorted`), then merges the runs past `maximumRuns` and rebuilds
    /// the filter when it has no room for them; false (the set failed) when the run could
    /// not be written.
    private func addSortedRun(count n: Int, _ ids: (_ body: (UInt64) -> Void) -> Void) -> Bool {
        var wrote = false
        withoutActuallyEscaping(ids) { ids in
            SpreadKeySort.withSorted(count: n, { body in ids { body(IDKey.of($0)) } }) { keys in
                wrote = addRun(keys)
            }
        }
        guard wrote else {
            runsFailed = true
            return false
        }
        if runs.count > maximumRuns { mergeRuns() }
        if spilled > filterCapacity { rebuildFilter() }
        return true
    }

    /// Writes sorted `keys` as a run, with its fences, and adds them to the filter when it
    /// has room for them (`addSortedRun` rebuilds it otherwise); false when the run could not
    /// be written.
    private func addRun(_ keys: UnsafeBufferPointer<UInt64>) -> Bool {
        if runFile == nil { runFile = ScratchFile(near: nearPath) }
        guard let runFile, runFile.append(keys) else { return false }
        let fences = stride(from: 0, to: keys.count, by: Self.pageKeys).map { keys[$0] }
        runs.append(Run(start: runFile.count - keys.count, count: keys.count, fences: fences))
        spilled += keys.count
        if spilled <= filterCapacity, let filter {
            for key in keys { filter.filter.insert(key) }
        }
        return true
    }

    /// Merges every run into one, in a new scratch file (the old one is then dropped).
    private func mergeRuns() {
        guard let merged = ScratchFile(near: nearPath) else {
            runsFailed = true
            return
        }
        var keys = KeyMerge(runStreams(chunk: 1 << 12))
        var out: [UInt64] = []
        out.reserveCapacity(1 << 15)
        var fences: [UInt64] = []
        var total = 0
        while let key = keys.next() {
            if total % Self.pageKeys == 0 { fences.append(key) }
            out.append(key)
            total += 1
            if out.count == out.capacity {
                guard out.withUnsafeBufferPointer({ merged.append($0) }) else {
                    runsFailed = true
                    return
                }
                out.removeAll(keepingCapacity: true)
            }
        }
        guard !keys.failed, out.withUnsafeBufferPointer({ merged.append($0) }), total == spilled else {
            runsFailed = true
            return
        }
        runFile = merged
        runs = [Run(start: 0, count: total, fences: fences)]
    }

    private func runStreams(chunk: Int) -> [WordStream] {
        guard let runFile else { return [] }
        return runs.map { run in WordStream(range: run.start..<(run.start + run.count), chunk: chunk) { runFile.read(at: $1, into: $0) } }
    }

    /// A filter with room for twice as many keys as are spilled, filled from the
    /// runs. The old filter goes first, so the two never take memory at once (the spilled
    /// keys are all in the runs).
    /// At `filterByteLimit` the filter is made for the keys that fit, and kept from then on
    /// (the later spills' keys are added to it).
    private func rebuildFilter() {
        // Twice: each rebuild reads every spilled key again, and at a quarter more an
        // unordered file's counts (2¹⁷ ids a run) were rebuilt five times in a million rows.
        filterCapacity = max(2 * spilled, 2 * memoryLimit)
        let keysThatFit = filterByteLimit * 8 / Self.bitsPerKey
        let sized = min(filterCapacity, keysThatFit)
        if sized < filterCapacity { filterCapacity = .max }
        filter = nil
        let fresh = OwnedBloomFilter(keys: sized, bitsPerKey: Self.bitsPerKey)
        forEachRunKey { fresh.filter.insert($0) }
        filter = fresh
    }

    /// Calls `body` with every spilled key, run after run.
    private func forEachRunKey(_ body: (UInt64) -> Void) {
        guard let runFile else { return }
        for run in runs {
            var stream = WordStream(range: run.start..<(run.start + run.count)) { runFile.read(at: $1, into: $0) }
            while let key = stream.pop() { body(key) }
            if stream.failed { runsFailed = true }
        }
    }

    private func runsContain(_ key: UInt64) -> Bool {
        guard let runFile else { return false }
        var page = [UInt64](repeating: 0, count: Self.pageKeys)
        for run in runs {
            // The last page whose first key is at most `key`.
            var low = 0, high = run.fences.count
            while low < high {
                let mid = (low + high) / 2
                if run.fences[mid] <= key { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { continue }
            let first = (low - 1) * Self.pageKeys
            let n = min(Self.pageKeys, run.count - first)
            let found = page.withUnsafeMutableBufferPointer { buffer -> Bool in
                let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
                guard runFile.read(at: run.start + first, into: slice) else {
                    runsFailed = true
                    return false
                }
                var lo = 0, hi = n
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if slice[mid] < key { lo = mid + 1 } else { hi = mid }
                }
                return lo < n && slice[lo] == key
            }
            if found { return true }
        }
        return false
    }

    /// The ids inserted since the log had `start` entries, in insertion order.
    func ids(from start: Int) -> [UInt64] {
        var out: [UInt64] = []
        forEachID(from: start) { out.append($0) }
        return out
    }

    /// Calls `body` with each id inserted since the log had `start` entries, in order.
    func forEachID(from start: Int, _ body: (UInt64) -> Void) {
        precondition(logs, "an unlogged set has no ids to list")
        forEachLogged(from: start, to: logCount, body)
    }

    private func forEachLogged(from start: Int, to end: Int, _ body: (UInt64) -> Void) {
        let read = log.forEach(in: start..<end) {
            body($0)
            return true
        }
        if !read { runsFailed = true }
    }

    /// Forgets the ids inserted after the log had `start` entries.
    func rollback(to start: Int) {
        precondition(logs, "an unlogged set cannot roll back")
        let end = logCount
        guard start < end else { return }
        if start >= logAtLastSpill {
            // Only ids still in memory: remove them.
            forEachLogged(from: start, to: end) { memory.remove($0) }
            count -= end - start
        } else {
            // Some were spilled: rebuild from the log's first `start` ids.
            memory = IDSet()
            runs = []
            runFile?.truncate(to: 0)
            spilled = 0
            filter = nil
            filterCapacity = 0
            count = 0
            logAtLastSpill = 0
            forEachLogged(from: 0, to: start) { place($0) }
        }
        log.truncate(to: start)
        logAtLastSpill = min(logAtLastSpill, start)
    }

    /// Every key the set holds as sorted runs: memory is spilled first. Each stream yields
    /// ascending keys; together they hold each key once.
    func sortedRuns() -> [WordStream] {
        // Only merged from now on: the last spill neither feeds nor rebuilds the filter.
        dropFilter()
        spill()
        return runStreams(chunk: 1 << 13)
    }

    /// Frees the filter: from now on the set is merged, and a lookup reads the runs.
    func dropFilter() {
        filter = nil
        filterCapacity = .max
    }
}
