import Foundation
import PennyCore

/// Runs a statement reader on a thread of its own while the caller imports what it read:
/// on two cores, parsing the file and filing its rows overlap.
///
/// The reader's events go through a bounded queue in batches (a lent `PlainRow`'s
/// description is copied into its batch, so the row stays lent only for the consumer's
/// call). The consumer sees the events in file order; an error of the reader reaches it
/// after every event before it, as it would without the pipe. When the consumer throws,
/// the reader is stopped at its next event and the pipe returns only once its thread has
/// ended. Memory is bounded by `batchesInFlight` batches.
public enum EventPipe {
    /// Events per batch.
    static let batchSize = 4096
    /// Batches the reader may be ahead of the consumer.
    static let batchesInFlight = 4

    /// Reads with `produce` on another thread and hands each event to `consume` on this one.
    public static func run(
        produce: @escaping @Sendable (_ emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) -> Void,
        consume: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let queue = BatchQueue()
        let thread = Thread {
            var batch = EventBatch()
            do throws(PennyError) {
                try produce { (event) throws(PennyError) in
                    if queue.isCancelled { throw PipeCancelled.error }
                    batch.append(event)
                    if batch.isFull {
                        queue.put(batch)
                        batch = EventBatch()
                    }
                }
                queue.put(batch)
                queue.finish(nil)
            } catch {
                queue.put(batch)
                queue.finish(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        defer { queue.waitUntilFinished() }
        while let batch = queue.take() {
            do throws(PennyError) { try batch.forEach(consume) } catch {
                queue.cancel()
                throw error
            }
        }
        if let error = queue.error { throw error }
    }
}

/// The reader was stopped because the consumer failed (never reaches the consumer).
private enum PipeCancelled {
    static let error = PennyError.badInput("the import stopped")
}

/// Events of one batch, rows owned (descriptions copied into `arena`).
private struct EventBatch: @unchecked Sendable {
    private enum Item {
        case event(StatementEvent)
        case row(date: LocalDate, amount: Money, description: Range<Int>, line: Int, balance: Money?)
    }

    private var items: [Item] = []
    private var arena: [UInt8] = []
    /// The file of the batch's rows (a row from another file starts a new batch).
    private var file: String?

    init() { items.reserveCapacity(EventPipe.batchSize) }

    var isFull: Bool { items.count >= EventPipe.batchSize }

    mutating func append(_ event: StatementEvent) {
        guard case .row(let row) = event else { return items.append(.event(event)) }
        if file == nil { file = row.file }
        guard file == row.file else { return items.append(.event(.transaction(row.transaction()))) }
        let start = arena.count
        arena.append(contentsOf: row.description)
        items.append(.row(date: row.date, amount: row.amount, description: start..<arena.count, line: row.line, balance: row.balance))
    }

    /// Hands each event to `body` in order, rows lent from the batch's arena.
    func forEach(_ body: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        try arena.withUnsafeBufferPointer { (arena) throws(PennyError) in
            for item in items {
                switch item {
                case .event(let event):
                    try body(event)
                case .row(let date, let amount, let description, let line, let balance):
                    let text = UnsafeBufferPointer(rebasing: arena[description])
                    try body(.row(PlainRow(date: date, amount: amount, description: text, file: file!, line: line, balance: balance)))
                }
            }
        }
    }
}

/// A bounded queue of batches between one producer thread and one consumer.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [EventBatch] = []
    private var finished = false
    private var done = false
    private var cancelled = false
    private(set) var error: PennyError?

    /// True once the consumer gave up.
    var isCancelled: Bool { condition.withLock { cancelled } }

    /// Waits for room, then queues a batch (dropped once cancelled).
    func put(_ batch: EventBatch) {
        condition.withLock {
            while batches.count >= EventPipe.batchesInFlight && !cancelled { condition.wait() }
            if !cancelled { batches.append(batch) }
            condition.broadcast()
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
