import Foundation
import PennyCore

/// One journal line as the loop hands it to a reading: its bytes (without the line end),
/// its 1-based number and its kind, classified once.
struct ClassifiedLine {
    /// The line's bytes, valid only during the call.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The line's 1-based number in its file.
    let number: Int
    /// What the line is.
    let kind: JournalLine
}

/// The one loop over a journal's lines, for every reading of a journal (the report's
/// postings, the check, the transaction scanner, the id scan, the beancount export, the
/// declarations): each line is numbered, classified once by `JournalLine`, its `include`
/// target noted, and handed to the reading. Fed a file by path (`read`) or chunks of one
/// (`feed`, the import's copy pass).
/// - Complexity: O(bytes); a line cut by a chunk boundary is the only copy.
struct JournalLines {
    private var splitter = LineSplitter()
    /// Lines read so far.
    private(set) var count = 0
    /// The targets of the `include` lines read so far, with their line numbers.
    private(set) var includes: [(String, Int)] = []

    /// An empty loop, nothing read yet.
    init() {}

    /// Numbers, classifies and hands over one line.
    @inline(__always)
    private mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ reading: (ClassifiedLine) throws(PennyError) -> Void) throws(PennyError) {
        count += 1
        let kind = JournalLine.classify(line)
        if case .include = kind, let target = JournalLine.includeTarget(line) { includes.append((target, count)) }
        try reading(ClassifiedLine(bytes: line, number: count, kind: kind))
    }

    /// Reads a chunk: `reading` gets each complete line; the first error stops the read.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ reading: (ClassifiedLine) throws(PennyError) -> Void) throws(PennyError) {
        var failure: PennyError?
        var splitter = LineSplitter()
        swap(&splitter, &self.splitter)
        _ = splitter.feed(chunk) { line in
            do throws(PennyError) { try take(line, reading) } catch {
                failure = error
                return false
            }
            return true
        }
        swap(&splitter, &self.splitter)
        if let failure { throw failure }
    }

    /// Ends the input: `reading` gets the last line when it had no line end.
    mutating func finish(_ reading: (ClassifiedLine) throws(PennyError) -> Void) throws(PennyError) {
        var failure: PennyError?
        var splitter = LineSplitter()
        swap(&splitter, &self.splitter)
        splitter.finish { line in
            do throws(PennyError) { try take(line, reading) } catch { failure = error }
            return true
        }
        swap(&splitter, &self.splitter)
        if let failure { throw failure }
    }

    /// Reads the journal file at `path` (not its includes: the loop's `includes` name them
    /// for `JournalInclude.follow`), after checking it is text Penny reads; the first error
    /// `reading` throws stops the read.
    /// Inlined into each reading, so its line handling is compiled into the loop.
    @inline(__always)
    static func read(path: String, _ reading: (ClassifiedLine) throws(PennyError) -> Void) throws(PennyError) -> JournalLines {
        try LedgerText.check(path)
        var lines = JournalLines()
        var failure: PennyError?
        let opened = LineReader.forEachLine(path: path) { line, _ in lines.take(line, reading, failure: &failure) }
        guard opened else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        if let failure { throw failure }
        return lines
    }

    /// Reads the `bytes` of a journal file open as `fd`: one part of a split read
    /// (`JournalSplit`), its lines numbered from the part's start; the caller checked the
    /// file's text. The first error `reading` throws stops the read.
    @inline(__always)
    static func read(part bytes: Range<Int>, of fd: Int32, _ reading: (ClassifiedLine) throws(PennyError) -> Void) throws(PennyError) -> JournalLines {
        var lines = JournalLines()
        var failure: PennyError?
        LineReader.forEachLine(in: fd, bytes: bytes) { line, _ in lines.take(line, reading, failure: &failure) }
        if let failure { throw failure }
        return lines
    }

    /// Hands over one line; false (the error kept in `failure`) when `reading` throws.
    @inline(__always)
    private mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ reading: (ClassifiedLine) throws(PennyError) -> Void, failure: inout PennyError?) -> Bool {
        do throws(PennyError) { try take(line, reading) } catch {
            failure = error
            return false
        }
        return true
    }
}
