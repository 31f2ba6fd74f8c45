internal import CPennySupport
import Foundation

/// Writes full buffers to a file descriptor on a thread of its own, in order, so the
/// importer renders the next megabyte while the kernel copies the last one.
///
/// At most two buffers are in flight (`submit` waits for room). After each write the disk
/// is asked to start on the written pages (`penny_start_writeback`), so the commit's fsync
/// waits for little. A write error is kept
/// and thrown by the next `submit` or `drain`; `drain` also waits until every byte
/// submitted is written, and must come before anything else touches the descriptor.
final class BackgroundWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let condition = NSCondition()
    private var pending: [[UInt8]] = []
    /// Written buffers, emptied, for `submit` to hand back.
    private var spares: [[UInt8]] = []
    private var writing = false
    private var failure: String?
    private var stopped = false
    private var started = false

    /// A writer to `descriptor`; its thread starts with the first buffer and runs until
    /// `stop`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Queues `buffer`'s bytes and leaves `buffer` empty to fill next (with the capacity
    /// of one written before). Throws the reason of an earlier failed write.
    func submit(_ buffer: inout [UInt8]) throws(WriteFailure) {
        let failed: String? = condition.withLock {
            while pending.count >= 2 && failure == nil { condition.wait() }
            if failure == nil { pending.append(buffer) }
            // Replaced under the lock, so the queued buffer is the writer's alone when it
            // empties it (a second reference made `removeAll` allocate a new buffer).
            buffer = spares.popLast() ?? []
            condition.broadcast()
            return failure
        }
        if let failed { throw WriteFailure(reason: failed) }
        if !started {
            started = true
            let thread = Thread { self.loop() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Waits until everything submitted is written; throws the reason of a failed write.
    func drain() throws(WriteFailure) {
        let failed: String? = condition.withLock {
            while (!pending.isEmpty || writing) && failure == nil { condition.wait() }
            return failure
        }
        if let failed { throw WriteFailure(reason: failed) }
    }

    /// Ends the thread once what is queued is written (call before the descriptor closes).
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while started && (writing || (!pending.isEmpty && failure == nil)) { condition.wait() }
        }
    }

    private func loop() {
        while true {
            let next: [UInt8]? = condition.withLock {
                while pending.isEmpty && !stopped { condition.wait() }
                guard !pending.isEmpty, failure == nil else { return nil }
                writing = true
                return pending.removeFirst()
            }
            guard var bytes = next else { return }
            let reason = Self.write(descriptor, bytes)
            // The disk starts on these pages now instead of at the commit's fsync.
            if reason == nil { _ = penny_start_writeback(descriptor) }
            bytes.removeAll(keepingCapacity: true)
            condition.withLock {
                writing = false
                if let reason, failure == nil { failure = reason }
                // Every buffer is kept (at most four exist: one filling, two queued, one
                // written): a buffer dropped here was made again, and its pages faulted in again.
                spares.append(bytes)
                condition.broadcast()
            }
        }
    }

    /// Writes all of `bytes`; the reason when it cannot.
    private static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> String? {
        var written = 0
        while written < bytes.count {
            let n = FaultInjection.fails(.write) ? -1 : bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n <= 0 { return String(cString: strerror(errno)) }
            written += n
        }
        return nil
    }
}

/// A write of `BackgroundWriter` failed, for this reason (`strerror`).
struct WriteFailure: Error {
    let reason: String
}
