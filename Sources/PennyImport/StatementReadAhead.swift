import Foundation
import PennyCore

/// Runs a reader on a thread of its own while the caller's thread takes its events, so
/// parsing a statement overlaps with importing it (two cores: libxml2 and the CAMT parser
/// on one, dedup, categorizing and the ledger on the other).
///
/// Events travel in batches through a bounded queue (`maximumBatches` of `batchSize`), so
/// memory stays flat whatever the file's size. Order is kept: the consumer sees every event
/// the reader emitted before its error, then the error; an error of the consumer stops the
/// reader (its next batch is refused) and is thrown once the reader's thread has ended.
/// Nothing outlives the call.
final class StatementReadAhead: @unchecked Sendable {
    /// Events handed over at a time.
    static let batchSize = 256
    /// Batches waiting at most; the reader waits when the consumer is this far behind.
    static let maximumBatches = 4

    /// What `produce` may emit with: the consumer's side of the queue.
    typealias Emit = (StatementEvent) throws(PennyError) -> Void

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var batches: [[StatementEvent]] = []
    private var readerEnded = false
    private var readerError: PennyError?
    private var isCancelled = false

    private init() {}

    /// Calls `produce` on a new thread and `consume` here with each event it emits, in order;
    /// returns when both are done, throwing the first error in event order.
    static func run(produce: @escaping @Sendable (_ emit: Emit) throws(PennyError) -> Void, consume: Emit) throws(PennyError) {
        let queue = StatementReadAhead()
        let thread = Thread { queue.produce(produce) }
        thread.name = "penny-read-ahead"
        thread.start()
        do {
            while let batch = queue.take() {
                for event in batch { try consume(event) }
            }
        } catch {
            queue.cancelAndWait()
            throw error
        }
        if let error = queue.readerError { throw error }
    }

    /// The reader's thread: emits into batches, hands each over, then marks the end.
    private func produce(_ produce: (_ emit: Emit) throws(PennyError) -> Void) {
        var batch: [StatementEvent] = []
        batch.reserveCapacity(Self.batchSize)
        var failure: PennyError?
        do {
            try produce { (event) throws(PennyError) in
                batch.append(event)
                if batch.count == Self.batchSize {
                    try self.put(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        } catch {
            failure = error
        }
        condition.lock()
        if !batch.isEmpty && !isCancelled { batches.append(batch) }
        readerError = isCancelled ? nil : failure
        readerEnded = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for room in the queue; throws (to stop the reader) once the consumer has failed.
    private func put(_ batch: [StatementEvent]) throws(PennyError) {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.maximumBatches && !isCancelled { condition.wait() }
        if isCancelled { throw .badInput("the import stopped") }
        batches.append(batch)
        condition.broadcast()
    }

    /// The next batch, or nil once the reader has ended and everything was taken.
    private func take() -> [StatementEvent]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !readerEnded { condition.wait() }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Tells the reader to stop and waits until its thread has ended.
    private func cancelAndWait() {
        condition.lock()
        defer { condition.unlock() }
        isCancelled = true
        batches.removeAll()
        condition.broadcast()
        while !readerEnded { condition.wait() }
    }
}
