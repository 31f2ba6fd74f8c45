import Foundation
import PennyCore

/// Parses a CSV file with libcsv on a thread of its own while the caller maps its records:
/// on two cores, tokenizing the file and reading its rows overlap (a re-import of known rows
/// spent most of its time on the thread that did both).
///
/// The caller sees the same records in the same order as from a `CSVRecordCollector` of its
/// own, and the parse's error after every record before it. Once the caller's `handle` says
/// the data ended, or throws, the parse is stopped and its later records and error are
/// dropped, as a parse that stops at that record never meets them. Memory is bounded by
/// `batchesInFlight` batches of `RecordBatch.capacity` records.
enum CSVParseAhead {
    /// Batches the parse may be ahead of the caller.
    static let batchesInFlight = 16

    /// Runs `parse` (which feeds the file to a parser built on the collector it is given and
    /// returns the file's last byte) on another thread, and lends each record to `handle` on
    /// this one until it returns false; returns what `parse` returned.
    static func read(
        fileName: String, handle: (CSVRecord) throws(PennyError) -> Bool,
        parse: @escaping @Sendable (CSVRecordCollector) throws(PennyError) -> UInt8?
    ) throws(PennyError) -> UInt8? {
        let queue = HandOffQueue<RecordBatch>(depth: batchesInFlight, backlog: batchesInFlight)
        let lastByte = LastByte()
        let thread = Thread {
            var batch = RecordBatch(reserving: true)
            let collector = CSVRecordCollector(fileName: fileName) { (record) throws(PennyError) in
                batch.append(record)
                guard batch.isFull else { return true }
                queue.put(&batch)
                // Thrown, not returned: the file is then not read on to its end.
                if queue.isCancelled { throw Stopped.error }
                return true
            }
            do throws(PennyError) {
                lastByte.value = try parse(collector)
                queue.put(&batch)
                queue.finish(nil)
            } catch {
                queue.put(&batch)
                queue.finish(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        var ended = false
        do throws(PennyError) {
            while !ended, var batch = queue.take() {
                ended = !(try batch.forEach(handle))
                queue.recycle(&batch)
            }
        } catch {
            queue.cancel()
            queue.waitUntilFinished()
            throw error
        }
        // Once the data ended, what the parse met after it (an error too) is not the caller's.
        if ended { queue.cancel() }
        queue.waitUntilFinished()
        if !ended, let error = queue.producerError { throw error }
        return lastByte.value
    }
}

/// The caller stopped the parse (never reaches it: the queue drops a cancelled parse's error).
private enum Stopped {
    static let error = PennyError.badInput("the parse stopped")
}

/// The file's last byte, set on the parsing thread before it finishes and read after.
private final class LastByte: @unchecked Sendable {
    var value: UInt8?
}
