import Foundation
import PennyCore

/// Gathers libcsv's fields into records and counts physical lines.
///
/// Fields live in one reused byte buffer, so a record costs no allocation once the
/// buffer has grown to the longest record.
final class CSVRecordCollector {
    /// The file name used in locations.
    let fileName: String
    /// Called for each non-empty record; throwing stops the parse, and so does returning
    /// false (the data ended before the file did).
    private let onRecord: (CSVRecord) throws(PennyError) -> Bool

    // Touched for every field of every row, only from libcsv's callbacks on this thread:
    // memory of its own (no uniqueness or capacity checks per field) and no dynamic
    // exclusivity check on each access.
    @exclusivity(unchecked) private var bytes = GrowingBuffer<UInt8>()
    @exclusivity(unchecked) private var fieldEnds = GrowingBuffer<Int>()
    @exclusivity(unchecked) private var newlinesInRecord = 0
    /// The line end that ended the last record (-1 before the first).
    private(set) var lastTerminator: Int32 = -1
    /// How many records (bare line ends included) have ended.
    private(set) var recordsEnded = 0
    private var storedError: PennyError?
    /// False once a record threw or the data ended: later records are not handed on. (A
    /// flag, not `storedError == nil`, which copied the optional error at every record.)
    private var handsOn = true
    /// True once the data ended: later bytes are not parsed.
    private(set) var isStopped = false
    /// The line the record being read started on.
    private(set) var recordStartLine = 1

    init(fileName: String, onRecord: @escaping (CSVRecord) throws(PennyError) -> Bool) {
        self.fileName = fileName
        self.onRecord = onRecord
    }

    deinit {
        bytes.deallocate()
        fieldEnds.deallocate()
    }

    /// True once a field of the record being read may hold a line end (a quoted one, or
    /// any from libcsv): only then does `endRecord` look for them.
    @exclusivity(unchecked) private var recordMayHoldLineEnds = false

    /// Adds a field to the record being read; `mayHoldLineEnd` false for a field known to
    /// have none (an unquoted field ends at a line end).
    @inline(__always)
    func appendField(_ field: UnsafeRawBufferPointer, mayHoldLineEnd: Bool = true) {
        bytes.appendBytes(field)
        fieldEnds.append(bytes.count)
        recordMayHoldLineEnds = recordMayHoldLineEnds || mayHoldLineEnd
    }

    func endRecord(terminator: Int32) {
        defer {
            lastTerminator = terminator
            recordsEnded &+= 1
        }
        if fieldEnds.isEmpty {
            // A bare line end: the LF of a CRLF pair adds no line.
            if !(terminator == 0x0A && lastTerminator == 0x0D) { recordStartLine += 1 }
            return
        }
        // Line ends inside quoted fields: one search over the record's bytes (a field
        // cannot hold one otherwise).
        let contents = bytes.contents
        if recordMayHoldLineEnds, let base = contents.baseAddress, memchr(base, 0x0A, contents.count) != nil {
            for b in contents where b == 0x0A { newlinesInRecord += 1 }
        }
        if handsOn {
            let record = CSVRecord(bytes: bytes.contents, fieldEnds: fieldEnds.contents, line: recordStartLine, lineCount: newlinesInRecord + 1)
            do throws(PennyError) { isStopped = !(try onRecord(record)) } catch {
                storedError = error
                handsOn = false
            }
            if isStopped { handsOn = false }
        }
        recordStartLine += newlinesInRecord + 1
        newlinesInRecord = 0
        recordMayHoldLineEnds = false
        bytes.removeAll()
        fieldEnds.removeAll()
    }

    /// Forgets the fields of a record not yet ended (`CSVSimpleRecords` hands it to libcsv).
    func discardOpenRecord() {
        recordMayHoldLineEnds = false
        bytes.removeAll()
        fieldEnds.removeAll()
    }

    /// False once a record threw or the data ended: later records change nothing.
    var takesRecords: Bool { handsOn }

    /// Fields of the record being read so far, for the column of a parse error.
    var fieldsInRecord: Int { fieldEnds.count }

    func rethrowStoredError() throws(PennyError) {
        if let storedError { throw storedError }
    }
}

extension GrowingBuffer where Element == UInt8 {
    /// Appends a field's bytes: up to 32 bytes (most fields, descriptions among them) by two
    /// overlapping loads and stores within the field, longer ones by `memmove` (a call per
    /// field was a sixth of the parsing thread's time).
    @inline(__always)
    mutating func appendBytes(_ field: UnsafeRawBufferPointer) {
        let n = field.count
        guard let source = field.baseAddress, n > 0 else { return }
        let target = UnsafeMutableRawPointer(reserve(n))
        switch n {
        case 17...32:
            target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            (target + (n - 16)).storeBytes(of: source.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        case 8...16:
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + (n - 8)).storeBytes(of: source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), as: UInt64.self)
        case 4..<8:
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (target + (n - 4)).storeBytes(of: source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), as: UInt32.self)
        case 1..<4:
            for k in 0..<n { target.storeBytes(of: source.load(fromByteOffset: k, as: UInt8.self), toByteOffset: k, as: UInt8.self) }
        default:
            target.copyMemory(from: source, byteCount: n)
        }
        added(n)
    }
}

/// Elements in memory this value allocates and grows (freed by `CSVRecordCollector`'s
/// `deinit`): appending is a capacity check and a copy.
struct GrowingBuffer<Element: BitwiseCopyable> {
    private var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private var capacity = 64
    /// How many elements.
    private(set) var count = 0

    /// The elements, valid until the next append.
    var contents: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        if count + elements.count > capacity { grow(to: count + elements.count) }
        if let source = elements.baseAddress { (base + count).update(from: source, count: elements.count) }
        count += elements.count
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    var isEmpty: Bool { count == 0 }

    /// Room for `extra` more elements.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<Element> {
        if count + extra > capacity { grow(to: count + extra) }
        return base + count
    }

    /// Counts `extra` elements written at `reserve`'s pointer.
    @inline(__always)
    mutating func added(_ extra: Int) { count += extra }

    mutating func removeAll() { count = 0 }

    private mutating func grow(to needed: Int) {
        let size = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: size)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = size
    }

    /// Frees the memory (the owner calls this once).
    func deallocate() { base.deallocate() }
}

/// One CSV record: its raw field bytes and the physical line it starts on, lent by the
/// collector for the moment of one call (the bytes are its reused buffers).
struct CSVRecord {
    let bytes: UnsafeBufferPointer<UInt8>
    let fieldEnds: UnsafeBufferPointer<Int>
    /// The 1-based line the record starts on.
    let line: Int
    /// How many physical lines the record spans (quoted fields may hold line ends).
    var lineCount = 1

    /// How many fields the record has.
    var count: Int { fieldEnds.count }

    /// The raw bytes of field `index` (0-based).
    func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : fieldEnds[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<fieldEnds[index]])
    }

    /// True when every field is empty or white space.
    var isBlank: Bool { bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
}
