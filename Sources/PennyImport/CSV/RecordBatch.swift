import PennyCore

/// Records copied out of libcsv's collector on the parsing thread, for `CSVReader` to map on
/// its own: each record's bytes back to back, its field ends, and its lines.
struct RecordBatch: HandOffBatch, @unchecked Sendable {
    /// Where one record lies in the batch.
    private struct Place {
        var bytesEnd: Int, fieldsEnd: Int, line: Int, lineCount: Int
    }

    /// Records per batch at most.
    static let capacity = 4096
    /// Bytes a batch may hold before it is handed on (its text, field ends and places):
    /// the queue's memory stays bounded however long the records are.
    static let maximumBytes = 256 << 10

    private var bytes: [UInt8] = []
    private var fieldEnds: [Int] = []
    private var places: [Place] = []

    /// An empty batch; with `reserving`, with room for a full batch's records.
    init(reserving: Bool) {
        guard reserving else { return }
        places.reserveCapacity(Self.capacity)
    }

    /// True when the batch should be handed on.
    var isFull: Bool {
        places.count >= Self.capacity
            || bytes.count + fieldEnds.count * MemoryLayout<Int>.stride + places.count * MemoryLayout<Place>.stride >= Self.maximumBytes
    }

    /// Empties the batch and keeps its storage.
    mutating func empty() {
        bytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
    }

    /// Copies a record lent by the collector.
    mutating func append(_ record: CSVRecord) {
        bytes.append(contentsOf: record.bytes)
        fieldEnds.append(contentsOf: record.fieldEnds)
        places.append(Place(bytesEnd: bytes.count, fieldsEnd: fieldEnds.count, line: record.line, lineCount: record.lineCount))
    }

    /// Lends each record to `body` in order until it returns false; false when it did.
    func forEach(_ body: (CSVRecord) throws(PennyError) -> Bool) throws(PennyError) -> Bool {
        try bytes.withUnsafeBufferPointer { (bytes) throws(PennyError) in
            try fieldEnds.withUnsafeBufferPointer { (fieldEnds) throws(PennyError) in
                var bytesStart = 0, fieldsStart = 0
                for place in places {
                    let record = CSVRecord(
                        bytes: UnsafeBufferPointer(rebasing: bytes[bytesStart..<place.bytesEnd]),
                        fieldEnds: UnsafeBufferPointer(rebasing: fieldEnds[fieldsStart..<place.fieldsEnd]), line: place.line, lineCount: place.lineCount)
                    guard try body(record) else { return false }
                    (bytesStart, fieldsStart) = (place.bytesEnd, place.fieldsEnd)
                }
                return true
            }
        }
    }
}
