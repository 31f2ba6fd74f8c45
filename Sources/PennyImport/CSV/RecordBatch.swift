import PennyCore

/// Records copied out of libcsv's collector on the parsing thread, for `CSVReader` to map on
/// its own: each record's bytes back to back, its field ends, and its lines.
///
/// Kept small, since the queue's memory buys how far the parse may run ahead: a record's
/// field ends are 16-bit offsets into it, and where it lies is 24 bytes. A record longer
/// than a 16-bit offset reaches (a quoted field over many lines) is kept whole on its own.
struct RecordBatch: HandOffBatch, @unchecked Sendable {
    /// Where one record lies in the batch.
    private struct Place {
        /// The end of its bytes in `bytes`, and of its field ends in `fieldEnds`
        /// (`Place.long` for a record kept in `long`).
        var bytesEnd: UInt32, fieldsEnd: UInt32
        var lineCount: UInt32
        var line: Int

        static let long = UInt32.max
    }

    /// Records per batch at most.
    static let capacity = 2048
    /// Bytes a batch may hold before it is handed on (its text, field ends and places):
    /// the queue's memory stays bounded however long the records are.
    static let maximumBytes = 160 << 10

    private var bytes: [UInt8] = []
    private var fieldEnds: [UInt16] = []
    private var places: [Place] = []
    /// The records too long for 16-bit offsets, by their index in `places`.
    private var long: [Int: (bytes: [UInt8], fieldEnds: [Int], lineCount: Int)] = [:]
    private var longBytes = 0

    /// An empty batch; with `reserving`, with room for a full batch's records.
    init(reserving: Bool) {
        guard reserving else { return }
        // Room for a full batch of ordinary rows, so that growing by doubling (which may
        // leave half of an array unused) is rare.
        places.reserveCapacity(Self.capacity)
        bytes.reserveCapacity(Self.capacity * 64)
        fieldEnds.reserveCapacity(Self.capacity * 8)
    }

    /// True when the batch should be handed on.
    var isFull: Bool {
        places.count >= Self.capacity
            || bytes.count + longBytes + fieldEnds.count * MemoryLayout<UInt16>.stride + places.count * MemoryLayout<Place>.stride >= Self.maximumBytes
    }

    /// Empties the batch and keeps its storage.
    mutating func empty() {
        bytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        long.removeAll()
        longBytes = 0
    }

    /// Copies a record lent by the collector.
    mutating func append(_ record: CSVRecord) {
        guard record.bytes.count <= Int(UInt16.max) else {
            long[places.count] = (Array(record.bytes), Array(record.fieldEnds), record.lineCount)
            longBytes += record.bytes.count + record.fieldEnds.count * MemoryLayout<Int>.stride
            return places.append(Place(bytesEnd: Place.long, fieldsEnd: Place.long, lineCount: 0, line: record.line))
        }
        // (A record of at most 65,535 bytes has at most 65,536 lines and fields.)
        let lineCount = UInt32(record.lineCount)
        bytes.append(contentsOf: record.bytes)
        for end in record.fieldEnds { fieldEnds.append(UInt16(truncatingIfNeeded: end)) }
        places.append(Place(bytesEnd: UInt32(bytes.count), fieldsEnd: UInt32(fieldEnds.count), lineCount: lineCount, line: record.line))
    }

    /// Lends each record to `body` in order until it returns false; false when it did.
    func forEach(_ body: (CSVRecord) throws(PennyError) -> Bool) throws(PennyError) -> Bool {
        var ends: [Int] = []
        return try bytes.withUnsafeBufferPointer { (bytes) throws(PennyError) in
            var bytesStart = 0, fieldsStart = 0
            for (index, place) in places.enumerated() {
                if place.bytesEnd == Place.long {
                    let (recordBytes, recordEnds, lineCount) = long[index]!
                    let goesOn = try recordBytes.withUnsafeBufferPointer { (b) throws(PennyError) in
                        try recordEnds.withUnsafeBufferPointer { (e) throws(PennyError) in
                            try body(CSVRecord(bytes: b, fieldEnds: e, line: place.line, lineCount: lineCount))
                        }
                    }
                    guard goesOn else { return false }
                    continue
                }
                let (bytesEnd, fieldsEnd) = (Int(place.bytesEnd), Int(place.fieldsEnd))
                ends.removeAll(keepingCapacity: true)
                for k in fieldsStart..<fieldsEnd { ends.append(Int(fieldEnds[k])) }
                let goesOn = try ends.withUnsafeBufferPointer { (e) throws(PennyError) in
                    try body(
                        CSVRecord(bytes: UnsafeBufferPointer(rebasing: bytes[bytesStart..<bytesEnd]), fieldEnds: e, line: place.line, lineCount: Int(place.lineCount)))
                }
                guard goesOn else { return false }
                (bytesStart, fieldsStart) = (bytesEnd, fieldsEnd)
            }
            return true
        }
    }
}
