import Foundation
import Synchronization
import PennyCore
import PennyLedger
import PennyRules

/// Runs a statement reader on a thread of its own while the caller imports what it read:
/// on two cores, parsing the file and filing its rows overlap.
///
/// The reader's events go through a bounded queue in batches (a lent run of rows is
/// copied into its batch, so the rows stay lent only for the consumer's call). The consumer sees the events in file order; an error of the reader reaches it
/// after every event before it, as it would without the pipe. When the consumer throws,
/// the reader is stopped at its next event and the pipe returns only once its thread has
/// ended. Memory is bounded by `batchesInFlight` batches.
public enum EventPipe {
    /// Events per batch.
    static let batchSize = 4096
    /// Batches the reader may be ahead of the consumer.
    static let batchesInFlight = 4
    /// Batches waiting for the consumer from which the reader folds and categorizes rows for it.
    static let helpingBacklog = 2

    /// Reads with `produce` on another thread and hands each event to `consume` on this one;
    /// that thread also folds each plain row's description (`PlainRow.foldedDescription`)
    /// and, with `categorizer`, finds the rules' verdict when no own account is needed for
    /// it (`Categorizer.accountFreeVerdict`, `PlainRows.verdict`).
    ///
    /// `wantsVerdicts`, asked on this thread after each batch, tells whether the rules'
    /// verdicts of the last batch's rows were of use (false when none of its rows was new:
    /// a re-import of known rows); while it says no, that thread only folds, and leaves the
    /// cores to the threads whose work is needed.
    ///
    /// With `filingAccount`, that thread also hashes the folded rows' content keys for the
    /// account the consumer last published (`PlainRows.keyedAccount`, `PlainRows.keys`).
    public static func run(
        produce: @escaping @Sendable (_ emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) -> Void,
        categorizer: Categorizer? = nil,
        filingAccount: FilingAccount? = nil,
        wantsVerdicts: () -> Bool = { true },
        consume: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let queue = BatchQueue()
        let verdictsWanted = VerdictsWanted()
        let rules = categorizer.map(RulesBox.init)
        let thread = Thread {
            var batch = EventBatch()
            var scratch = Categorizer.MatchScratch()
            var prefixes = ContentKeyPrefix()
            // Rows are folded and given their verdicts here only while the importer is the
            // slower side (batches wait for it); when it keeps up (a re-import of known
            // rows), this thread leaves that work to it. Either way the importer files the
            // same rows the same way.
            var helps = true
            do throws(PennyError) {
                try produce { (event) throws(PennyError) in
                    let help = helps ? EventBatch.Help(rules: verdictsWanted.value ? rules : nil, keyedAccount: filingAccount?.value) : nil
                    batch.append(event, help: help, scratch: &scratch, prefixes: &prefixes)
                    if batch.isFull {
                        if queue.isCancelled { throw PipeCancelled.error }
                        helps = queue.put(&batch)
                    }
                }
                queue.put(&batch)
                queue.finish(nil)
            } catch {
                queue.put(&batch)
                queue.finish(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        defer { queue.waitUntilFinished() }
        while var batch = queue.take() {
            do throws(PennyError) { try batch.forEach(consume) } catch {
                queue.cancel()
                throw error
            }
            queue.recycle(&batch)
            verdictsWanted.value = wantsVerdicts()
        }
        if let error = queue.error { throw error }
    }
}

/// The rules, held by reference: the reader's thread borrows them per row.
private final class RulesBox: Sendable {
    let categorizer: Categorizer

    init(_ categorizer: Categorizer) { self.categorizer = categorizer }
}

/// Whether the reader's thread should find the rules' verdicts (set by the consumer's
/// thread, read by the reader's).
private final class VerdictsWanted: Sendable {
    private let flag = Atomic<Bool>(true)

    var value: Bool {
        get { flag.load(ordering: .relaxed) }
        set { flag.store(newValue, ordering: .relaxed) }
    }
}

/// The reader was stopped because the consumer failed (never reaches the consumer).
private enum PipeCancelled {
    static let error = PennyError.badInput("the import stopped")
}

/// Events of one batch, rows owned (descriptions copied into `arena`, each followed by its
/// folded form) and grouped into runs handed on as one `.rows` event.
private struct EventBatch: @unchecked Sendable {
    private enum Item {
        case event(StatementEvent)
        /// Rows `rows[range]`, all in `currency`, their content keys hashed for `keyedAccount`
        /// if not nil.
        case rows(Range<Int>, Currency, keyedAccount: String?)
    }

    /// What the reader's thread does for the importer with a run of rows: it folds their
    /// descriptions, and finds their verdicts with `rules` and hashes their content keys for
    /// `keyedAccount` when those are given.
    struct Help {
        let rules: RulesBox?
        let keyedAccount: String?
    }

    private var items: [Item] = []
    private var rows: [PlainRows.Item] = []
    /// The rows' content keys, by row: as far as the last keyed run (a run without a keyed
    /// account has none, and unkeyed rows before a keyed one hold zeros).
    private var keys: [RowContentKey] = []
    /// The rows of the run being keyed that have a folded description.
    private var folded: [Int] = []
    private var arena: [UInt8] = []
    /// The file of the batch's rows (a run of another file goes as `.transaction`s).
    private var file: String?
    /// How many events (each row counts one).
    private var count = 0

    /// An empty batch; with `reserving`, with room for a full batch's rows.
    init(reserving: Bool = true) {
        guard reserving else { return }
        items.reserveCapacity(64)
        rows.reserveCapacity(EventPipe.batchSize)
        keys.reserveCapacity(EventPipe.batchSize)
    }

    var isFull: Bool { count >= EventPipe.batchSize }

    /// Empties the batch and keeps its storage, for the reader's next batch: a batch taken
    /// fresh each time grew its storage again, and the freed storage went back to the
    /// system and was faulted in again (half the reader's page faults of a re-import).
    mutating func empty() {
        items.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        file = nil
        count = 0
    }

    /// What an event counts toward `batchSize`: a whole event (a `Transaction` with its
    /// strings, about 0.7 KB) as much as 16 rows, whose text goes to the arena; so a batch of
    /// CAMT transactions holds 256 and the queue about 1,000, not 16,000 (12 MB at 500 MiB).
    static func weight(of event: StatementEvent) -> Int {
        if case .rows(let rows) = event { return rows.count }
        return 16
    }

    /// Appends an event; a run of plain rows is copied (and, with `help`, worked on for the
    /// importer).
    mutating func append(_ event: StatementEvent, help: Help?, scratch: inout Categorizer.MatchScratch, prefixes: inout ContentKeyPrefix) {
        count += Self.weight(of: event)
        guard case .rows(let run) = event else { return items.append(.event(event)) }
        append(run, help: help, scratch: &scratch, prefixes: &prefixes)
    }

    /// Appends a run of rows lent by the reader (a run of another file goes as transactions).
    private mutating func append(_ run: PlainRows, help: Help?, scratch: inout Categorizer.MatchScratch, prefixes: inout ContentKeyPrefix) {
        guard run.count > 0 else { return }
        if file == nil { file = run.file }
        guard file == run.file else {
            for index in 0..<run.count { items.append(.event(.transaction(run[index].transaction()))) }
            return
        }
        // The run's text and rows are copied whole, the rows' ranges moved to the arena.
        let base = arena.count
        arena.append(contentsOf: run.text)
        let first = rows.count
        rows.append(contentsOf: run.items)
        for index in first..<rows.count {
            let d = rows[index].description
            rows[index].description = d.lowerBound + base..<d.upperBound + base
        }
        var keyedAccount: String?
        if let help {
            self.help(rows: first..<rows.count, run: run, rules: help.rules, scratch: &scratch)
            if let account = help.keyedAccount {
                hashKeys(rows: first..<rows.count, currency: run.currency, account: account, prefixes: &prefixes)
                keyedAccount = account
            }
        }
        if case .rows(let range, let last, let keyed)? = items.last, range.upperBound == first, last == run.currency, keyed == keyedAccount {
            items[items.count - 1] = .rows(range.lowerBound..<rows.count, run.currency, keyedAccount: keyedAccount)
        } else {
            items.append(.rows(first..<rows.count, run.currency, keyedAccount: keyedAccount))
        }
    }

    /// Hashes the content keys and first ids (`DedupID.contentKey`) of the folded rows of
    /// `rows[range]` for `account`, four rows side by side.
    private mutating func hashKeys(rows range: Range<Int>, currency: Currency, account: String, prefixes: inout ContentKeyPrefix) {
        keys.append(contentsOf: repeatElement(RowContentKey(key: 0, first: 0), count: range.upperBound - keys.count))
        folded.removeAll(keepingCapacity: true)
        for index in range where rows[index].folded != nil { folded.append(index) }
        arena.withUnsafeBufferPointer { text in
            DedupID.contentKeys(count: folded.count, currency: currency) { index in
                let row = rows[folded[index]]
                return (prefixes.hash(account: account, date: row.date), row.minorUnits, UnsafeBufferPointer(rebasing: text[row.folded!]))
            } found: { index, key, first in
                keys[folded[index]] = RowContentKey(key: key, first: first.value)
            }
        }
    }

    /// Folds the descriptions of `rows[range]` (each folded text after the arena's end) and
    /// gives them the rules' account-free verdict.
    private mutating func help(rows range: Range<Int>, run: PlainRows, rules: RulesBox?, scratch: inout Categorizer.MatchScratch) {
        if let rules {
            // The rules borrowed once for the run (reading them through the box per row copied them).
            let categorizer = rules.categorizer
            help(rows: range, run: run, scratch: &scratch) { row, folded, scratch in
                categorizer.accountFreeVerdict(row: row, foldedDescription: folded, scratch: &scratch)
            }
        } else {
            help(rows: range, run: run, scratch: &scratch, verdict: nil)
        }
    }

    /// `help` with the verdict to ask (nil: fold only).
    private mutating func help(
        rows range: Range<Int>, run: PlainRows, scratch: inout Categorizer.MatchScratch,
        verdict: ((PlainRow, UnsafeBufferPointer<UInt8>, inout Categorizer.MatchScratch) -> RowVerdict?)?
    ) {
        var row = run[0]
        // Doubling: an exact reservation per run copied the arena once per run.
        let needed = arena.count + run.text.count
        if arena.capacity < needed { arena.reserveCapacity(max(needed, 2 * arena.capacity)) }
        for index in range {
            let description = rows[index].description
            let count = description.count
            let at = arena.count
            arena.appendZeros(count)
            let length = arena.withUnsafeMutableBufferPointer { bytes in
                TextKey.foldLatin(UnsafeBufferPointer(rebasing: bytes[description]), into: bytes.baseAddress! + at)
            }
            arena.removeLast(count - (length ?? 0))
            guard let length else { continue }
            let folded = at..<at + length
            rows[index].folded = folded
            guard let verdict else { continue }
            // Rows given verdicts are new ones (`wantsVerdicts`): their entries are written.
            rows[index].descriptionAsIs = arena.withUnsafeBufferPointer { JournalWriter.writesAsIs(UnsafeBufferPointer(rebasing: $0[description])) }
            run.load(index - range.lowerBound, into: &row)
            let found = arena.withUnsafeBufferPointer { bytes in verdict(row, UnsafeBufferPointer(rebasing: bytes[folded]), &scratch) }
            rows[index].verdict = PackedVerdict(found)
        }
    }

    /// Hands each event to `body` in order, each run of rows as one `.rows`, lent from the
    /// batch.
    func forEach(_ body: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        try arena.withUnsafeBufferPointer { (arena) throws(PennyError) in
            try keys.withUnsafeBufferPointer { (keys) throws(PennyError) in
                try forEach(arena: arena, keys: keys, body)
            }
        }
    }

    /// `forEach` with the arena and keys borrowed.
    private func forEach(
        arena: UnsafeBufferPointer<UInt8>, keys: UnsafeBufferPointer<RowContentKey>, _ body: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        try rows.withUnsafeBufferPointer { (rows) throws(PennyError) in
            for item in items {
                switch item {
                case .event(let event):
                    try body(event)
                case .rows(let range, let currency, let keyedAccount):
                    let run = PlainRows(
                        file: file!, currency: currency, items: UnsafeBufferPointer(rebasing: rows[range]), text: arena, keyedAccount: keyedAccount,
                        keys: keyedAccount == nil ? UnsafeBufferPointer(start: nil, count: 0) : UnsafeBufferPointer(rebasing: keys[range]))
                    try body(.rows(run))
                }
            }
        }
    }
}

/// A bounded queue of batches between one producer thread and one consumer.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [EventBatch] = []
    /// Batches the consumer emptied, for the producer to fill again (never more than
    /// `batchesInFlight` + 2 exist: those queued, the one filling and the one being filed).
    private var spares: [EventBatch] = []
    private var finished = false
    private var done = false
    private var cancelled = false
    private(set) var error: PennyError?

    /// True once the consumer gave up.
    var isCancelled: Bool { condition.withLock { cancelled } }

    /// Waits for room, then queues a batch (dropped once cancelled). True when the consumer
    /// is the slower side: it has at least `EventPipe.helpingBacklog` batches waiting. (Asked
    /// per batch, this steers the reader's help so both sides stay about equally busy.)
    /// `batch` is replaced by an emptied one (or a new one) under the lock, so the queued
    /// batch is the consumer's alone (a second reference made emptying it copy it).
    @discardableResult
    func put(_ batch: inout EventBatch) -> Bool {
        condition.withLock {
            while batches.count >= EventPipe.batchesInFlight && !cancelled { condition.wait() }
            if !cancelled { batches.append(batch) }
            batch = spares.popLast() ?? EventBatch()
            condition.broadcast()
            return batches.count >= EventPipe.helpingBacklog
        }
    }

    /// Empties a consumed batch and keeps it for the producer's next `put` (`batch` is left
    /// empty without storage, so the kept batch is the producer's alone).
    func recycle(_ batch: inout EventBatch) {
        batch.empty()
        condition.withLock {
            spares.append(batch)
            batch = EventBatch(reserving: false)
        }
    }

    /// The producer is done, with its error if it failed.
    func finish(_ error: PennyError?) {
        condition.withLock {
            self.error = cancelled ? nil : error
            finished = true
            done = true
            condition.broadcast()
        }
    }

    /// The next batch, or nil when the producer finished and everything was taken.
    func take() -> EventBatch? {
        condition.withLock {
            while batches.isEmpty && !finished { condition.wait() }
            guard !batches.isEmpty else { return nil }
            condition.broadcast()
            return batches.removeFirst()
        }
    }

    /// Stops the producer at its next event.
    func cancel() {
        condition.withLock {
            cancelled = true
            batches.removeAll()
            condition.broadcast()
        }
    }

    /// Returns once the producer's thread has finished.
    func waitUntilFinished() {
        condition.withLock {
            while !done { condition.wait() }
        }
    }
}
