import Foundation

/// A batch that a `HandOffQueue` carries: emptied and filled again rather than freed.
public protocol HandOffBatch {
    /// A new batch; `reserving` false makes a placeholder without storage.
    init(reserving: Bool)
    /// Empties the batch and keeps its storage.
    mutating func empty()
}

/// A bounded queue of batches from one producer thread to one consumer, with the batches the
/// consumer emptied handed back for the producer to fill again (so a long run allocates no
/// more than `depth` + 2 batches, and their storage is not faulted in again).
///
/// The producer `put`s, then `finish`es with its error if it failed; the consumer `take`s
/// until nil and `recycle`s each batch, or `cancel`s to stop the producer at its next `put`.
public final class HandOffQueue<Batch: HandOffBatch>: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    private let backlog: Int
    private var batches: [Batch] = []
    private var spares: [Batch] = []
    private var finished = false
    private var cancelled = false
    private var error: PennyError?

    /// A queue of at most `depth` batches; `put` tells the producer when `backlog` or more wait.
    public init(depth: Int, backlog: Int) {
        self.depth = depth
        self.backlog = backlog
    }

    /// True once the consumer gave up.
    public var isCancelled: Bool { condition.withLock { cancelled } }

    /// Waits for room, then queues a batch (dropped once cancelled). True when the consumer
    /// is the slower side: at least `backlog` batches wait for it. `batch` is replaced by an
    /// emptied one (or a new one) under the lock, so the queued batch is the consumer's alone.
    @discardableResult
    public func put(_ batch: inout Batch) -> Bool {
        condition.withLock {
            while batches.count >= depth && !cancelled { condition.wait() }
            if !cancelled { batches.append(batch) }
            batch = spares.popLast() ?? Batch(reserving: true)
            condition.broadcast()
            return batches.count >= backlog
        }
    }

    /// Empties a consumed batch and keeps it for the producer's next `put` (`batch` is left a
    /// placeholder without storage, so the kept batch is the producer's alone).
    public func recycle(_ batch: inout Batch) {
        batch.empty()
        condition.withLock {
            spares.append(batch)
            batch = Batch(reserving: false)
        }
    }

    /// The producer is done, with its error if it failed.
    public func finish(_ error: PennyError?) {
        condition.withLock {
            self.error = cancelled ? nil : error
            finished = true
            condition.broadcast()
        }
    }

    /// The next batch, or nil when the producer finished and everything was taken (then
    /// `producerError` tells whether it failed).
    public func take() -> Batch? {
        condition.withLock {
            while batches.isEmpty && !finished { condition.wait() }
            guard !batches.isEmpty else { return nil }
            condition.broadcast()
            return batches.removeFirst()
        }
    }

    /// The producer's error, once `take` returned nil.
    public var producerError: PennyError? { condition.withLock { error } }

    /// Stops the producer at its next `put` and drops what waits.
    public func cancel() {
        condition.withLock {
            cancelled = true
            batches.removeAll()
            condition.broadcast()
        }
    }

    /// Returns once the producer has finished.
    public func waitUntilFinished() {
        condition.withLock {
            while !finished { condition.wait() }
        }
    }
}
