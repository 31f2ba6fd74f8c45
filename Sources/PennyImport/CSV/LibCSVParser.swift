internal import CLibCSV
import Foundation
import PennyCore

/// One libcsv parser, owned by this object and freed in `deinit`.
///
/// Bytes go in with `feed`; complete records come out through `collector`, with the
/// physical line each record starts on. libcsv keeps only the current field in memory.
/// The common records, which need no quote handling, are read by `CSVSimpleRecords`
/// without libcsv, with the same result (a 1M-row re-import went from 1.93× to 1.28× the
/// libcsv-only parse).
final class LibCSVParser {
    private var parser = csv_parser()
    let collector: CSVRecordCollector
    /// Bytes since the last line end: a line longer than `maximumLineBytes` is refused
    /// before libcsv gathers it into one field in memory.
    private var lineLength = 0
    /// Reads the simple records while libcsv is between records.
    private let simpleRecords: CSVSimpleRecords
    /// False only in tests, to read every record with libcsv for comparison.
    private let readsSimpleRecords: Bool
    /// True while libcsv holds no part of a record (its last line feed ended one).
    private var betweenRecords = true
    /// A statement's line is at most this long (1 MiB).
    static let maximumLineBytes = 1 << 20

    /// Sets up a parser that reports every line end. Strict (bad quoting is an error) unless
    /// `strict` is false: then a quote inside an unquoted field (`Firma";`) is text, for
    /// `quotes lenient`, whose quoted fields `LenientQuotes` has already made strict. A
    /// quoted field the file leaves open is an error either way.
    init(delimiter: UInt8, collector: CSVRecordCollector, strict: Bool = true, readsSimpleRecords: Bool = true) throws(PennyError) {
        self.collector = collector
        self.readsSimpleRecords = readsSimpleRecords
        simpleRecords = CSVSimpleRecords(delimiter: delimiter)
        let options = UInt8((strict ? CSV_STRICT : 0) | CSV_REPALL_NL | CSV_STRICT_FINI)
        guard csv_init(&parser, options) == 0 else {
            throw .badInput("cannot start the CSV parser (out of memory)")
        }
        csv_set_delim(&parser, delimiter)
    }

    deinit { csv_free(&parser) }

    /// Parses a chunk; records completed by it are handed to the collector. Simple records
    /// are read by `CSVSimpleRecords` while libcsv is between records; libcsv reads the
    /// rest a line at a time, so that the simple reader takes over again at the next line
    /// that starts a record.
    func feed(_ bytes: UnsafeRawBufferPointer) throws(PennyError) {
        guard let base = bytes.baseAddress, bytes.count > 0, !collector.isStopped else { return }
        try checkLineLengths(bytes)
        if !readsSimpleRecords { return try parseWithLibCSV(bytes) }
        var offset = 0
        while offset < bytes.count && collector.takesRecords {
            if betweenRecords {
                offset = simpleRecords.take(bytes, from: offset, into: collector)
                if offset == bytes.count || !collector.takesRecords { break }
            }
            let lineEnd = memchr(base + offset, 0x0A, bytes.count - offset).map { UnsafeRawPointer($0) - base + 1 } ?? bytes.count
            try parseWithLibCSV(UnsafeRawBufferPointer(rebasing: bytes[offset..<lineEnd]))
            offset = lineEnd
        }
        try collector.rethrowStoredError()
    }

    /// Hands libcsv bytes; notes whether libcsv is then between records. With simple records
    /// read, `feed` hands it at most one line feed, as the last byte: if a record ended at a
    /// line feed, it ended there.
    private func parseWithLibCSV(_ bytes: UnsafeRawBufferPointer) throws(PennyError) {
        let endedBefore = collector.recordsEnded
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let consumed = csv_parse(&parser, bytes.baseAddress, bytes.count, fieldCallback, recordCallback, context)
        try collector.rethrowStoredError()
        if consumed != bytes.count && !collector.isStopped { throw parseError() }
        betweenRecords = collector.recordsEnded != endedBefore && collector.lastTerminator == 0x0A
    }

    /// Ends the input: a last record without a line end is completed, an open quote is an error.
    func finish() throws(PennyError) {
        if collector.isStopped { return }
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let status = csv_fini(&parser, fieldCallback, recordCallback, context)
        try collector.rethrowStoredError()
        if status != 0 && !collector.isStopped { throw parseError() }
    }

    private func checkLineLengths(_ bytes: UnsafeRawBufferPointer) throws(PennyError) {
        guard let base = bytes.baseAddress else { return }
        // A chunk no longer than the limit holds no whole line past it: only the line
        // continued from the last chunk and the one it leaves open count.
        if bytes.count <= Self.maximumLineBytes {
            guard let first = memchr(base, 0x0A, bytes.count) else {
                lineLength += bytes.count
                return try checkOpenLine()
            }
            lineLength += UnsafeRawPointer(first) - base
            try checkOpenLine()
            var last = bytes.count - 1
            while bytes[last] != 0x0A { last -= 1 }
            lineLength = bytes.count - last - 1
            return try checkOpenLine()
        }
        var start = 0
        while start < bytes.count {
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                lineLength += bytes.count - start
                break
            }
            let end = UnsafeRawPointer(found) - base
            lineLength += end - start
            if lineLength > Self.maximumLineBytes { break }
            lineLength = 0
            start = end + 1
        }
        try checkOpenLine()
    }

    private func checkOpenLine() throws(PennyError) {
        if lineLength > Self.maximumLineBytes {
            throw .badInput(
                "a line longer than \(Self.maximumLineBytes / 1024) KiB: this is not a bank statement's line",
                at: SourceLocation(file: collector.fileName, line: collector.recordStartLine))
        }
    }

    private func parseError() -> PennyError {
        let code = csv_error(&parser)
        let reason =
            code == CSV_EPARSE
            ? "malformed CSV: a quoted field is not closed, or a quote is followed by text other than a delimiter"
            : String(cString: csv_strerror(code))
        return .badInput(reason, at: SourceLocation(file: collector.fileName, line: collector.recordStartLine, column: collector.fieldsInRecord + 1))
    }
}

// The parser holds the collector for the whole parse: the callbacks borrow it without a
// retain and release per field.
private func fieldCallback(_ field: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    Unmanaged<CSVRecordCollector>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.appendField(UnsafeRawBufferPointer(start: field, count: length)) }
}

private func recordCallback(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    Unmanaged<CSVRecordCollector>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.endRecord(terminator: terminator) }
}
