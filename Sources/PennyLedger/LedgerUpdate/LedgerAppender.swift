import Foundation
import PennyCore

/// What an update appends after the ledger's bytes in its temporary file: rendered into a
/// buffer that a `BackgroundWriter` writes a megabyte at a time (the next one is rendered
/// meanwhile), its line ends counted as they are written, and rolled back by truncation.
struct LedgerAppender {
    /// The ledger the temporary file replaces (named by errors).
    let ledgerPath: String
    /// The temporary file beside the ledger.
    let path: String
    /// True when nothing is written at all.
    let isDryRun: Bool
    /// The temporary file and its putting in the ledger's place (nil for a dry run).
    private var replacement: FileReplacement?
    /// The temporary file, open for writing (-1 for a dry run, or once closed).
    var descriptor: Int32 { replacement?.descriptor ?? -1 }
    /// Writes full buffers to `descriptor` on its own thread (started by the first flush).
    private var writer: BackgroundWriter?
    private var buffer: [UInt8] = []
    /// Where `buffer`'s first byte goes in the file.
    private(set) var offset = 0
    /// The existing ledger's length: where the appended text starts.
    private(set) var start = 0
    /// Line ends written after the ledger's bytes (flushed), and the last byte written.
    private(set) var flushedNewlines = 0
    /// Line ends in `buffer` (counted as it is written, not by scanning it again).
    private var bufferNewlines = 0
    private(set) var lastWrittenByte: UInt8?
    /// True when the existing ledger ends its lines with CRLF: appended text follows it.
    private(set) var writesCRLF = false

    /// An appender to the temporary file beside `ledgerPath` (not yet created).
    init(ledgerPath: String, dryRun: Bool) {
        self.ledgerPath = ledgerPath
        self.path = FileReplacement.temporaryPath(for: ledgerPath)
        self.isDryRun = dryRun
    }

    /// Creates the temporary file (nothing for a dry run); refuses a read-only ledger.
    mutating func create() throws(PennyError) {
        guard !isDryRun else { return }
        replacement = try FileReplacement(replacing: ledgerPath, flags: O_RDWR, wording: Self.wording(path: path, ledgerPath: ledgerPath))
    }

    /// The errors of a replacement of the ledger by the file at `path`.
    static func wording(path: String, ledgerPath: String) -> (FileReplacement.Failure) -> PennyError {
        { failure in
            let message =
                switch failure.step {
                case .create: "cannot create \(path): \(failure.reason); the ledger was not changed"
                case .sync: "cannot sync \(path): \(failure.reason); the ledger was not changed"
                case .rename: "cannot replace the ledger: \(failure.reason); the ledger was not changed"
                case .folderSync:
                    "the ledger was written, but its folder could not be synced (\(failure.reason)): a power cut now could undo the change; nothing else was done"
                }
            return PennyError(.ledgerUnavailable, message, at: SourceLocation(file: ledgerPath))
        }
    }

    /// Where the next byte appended goes in the file.
    var end: Int { offset + buffer.count }

    /// Line ends appended so far (flushed or not).
    var newlines: Int { flushedNewlines + bufferNewlines }

    /// How many `\n` bytes `bytes` has (eight at a time, `ByteLanes`).
    static func newlines(in raw: UnsafeRawBufferPointer) -> Int {
        var n = 0, i = 0
        while i + 8 <= raw.count {
            n += ByteLanes.bytes(0x0A, in: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)).nonzeroBitCount
            i += 8
        }
        while i < raw.count {
            if raw[i] == 0x0A { n += 1 }
            i += 1
        }
        return n
    }

    /// Sets the appender to write after the ledger's `length` bytes, ending its last line first.
    mutating func prepare(length: Int, lastByte: UInt8, crlf: Bool) throws(PennyError) {
        start = length
        offset = length
        if !isDryRun {
            guard lseek(descriptor, off_t(length), SEEK_SET) >= 0 else { throw unwritable("cannot write \(path)") }
        }
        // A ledger saved with Windows line endings keeps them: what Penny appends follows suit.
        writesCRLF = crlf
        if lastByte != 0x0A && !isDryRun {
            // As if the ledger's last byte were still in the buffer: a CR there needs no other.
            buffer.append(contentsOf: writesCRLF && lastByte != 0x0D ? [0x0D, 0x0A] : [0x0A])
            bufferNewlines += 1
        }
    }

    /// Appends `bytes`, their line ends made CRLF when the ledger's are.
    mutating func write(_ bytes: [UInt8]) throws(PennyError) {
        guard !isDryRun else { return }
        bufferNewlines += bytes.withUnsafeBytes { Self.newlines(in: $0) }
        if writesCRLF {
            for byte in bytes {
                if byte == 0x0A && buffer.last != 0x0D { buffer.append(0x0D) }
                buffer.append(byte)
            }
        } else {
            buffer.append(contentsOf: bytes)
        }
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Appends what `render` writes: into the buffer, or line ends made CRLF first.
    mutating func writeRendered(_ render: (inout [UInt8]) -> Void) throws(PennyError) {
        try writeRendered { (out: inout [UInt8]) -> Int? in
            render(&out)
            return nil
        }
    }

    /// `writeRendered` of a `render` that returns how many line ends it wrote (nil: count them).
    @inline(__always)
    mutating func writeRendered(_ render: (inout [UInt8]) -> Int?) throws(PennyError) {
        if writesCRLF {
            var lines: [UInt8] = []
            _ = render(&lines)
            try write(lines)
        } else if !isDryRun {
            let start = buffer.count
            let written = render(&buffer)
            let counted = written ?? buffer.withUnsafeBytes { Self.newlines(in: UnsafeRawBufferPointer(rebasing: $0[start...])) }
            assert(counted == buffer.withUnsafeBytes { Self.newlines(in: UnsafeRawBufferPointer(rebasing: $0[start...])) }, "line ends miscounted")
            bufferNewlines += counted
            if buffer.count >= 1 << 20 { try flush() }
        }
    }

    /// Hands the buffer to the writer thread (the next megabyte is rendered meanwhile).
    private mutating func flush() throws(PennyError) {
        guard !isDryRun, !buffer.isEmpty else { return }
        flushedNewlines += bufferNewlines
        bufferNewlines = 0
        lastWrittenByte = buffer.last
        offset += buffer.count
        if writer == nil { writer = BackgroundWriter(descriptor: descriptor) }
        do throws(WriteFailure) { try writer?.submit(&buffer) } catch { throw writeFailed(error) }
    }

    /// Flushes and waits until every byte is in the file: before the descriptor is used
    /// directly (a rollback's truncation, the commit's sync).
    mutating func settle() throws(PennyError) {
        try flush()
        do throws(WriteFailure) { try writer?.drain() } catch { throw writeFailed(error) }
    }

    /// Settles and stops the writer thread: the file is the descriptor's alone.
    mutating func stopWriter() throws(PennyError) {
        try settle()
        writer?.stop()
        writer = nil
    }

    /// The bytes written from `from` to the end, a run of whole lines at a time (about a
    /// megabyte each; the last run may end without a line end): memory stays at one run
    /// however much a failed file wrote (a million rows wrote 236 MB, held whole before).
    func forEachWrittenRun(from: Int, _ body: ([UInt8]) throws(PennyError) -> Void) throws(PennyError) {
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw unwritable("cannot read \(path)") }
        defer { Foundation.close(input) }
        var at = from
        var carry: [UInt8] = []
        while at < offset {
            var chunk = [UInt8](repeating: 0, count: min(1 << 20, offset - at))
            let n = chunk.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, off_t(at)) }
            guard n == chunk.count else { throw unwritable("cannot read \(path)") }
            at += n
            guard let lastEnd = chunk.lastIndex(of: 0x0A) else {
                carry += chunk
                continue
            }
            try body(carry + chunk[...lastEnd])
            carry = Array(chunk[(lastEnd + 1)...])
        }
        if !carry.isEmpty { try body(carry) }
    }

    /// Cuts the file back to `mark` bytes, `newlines` line ends appended before it (settled
    /// first). False when the byte before the mark could not be read back.
    mutating func truncate(to mark: Int, newlines: Int) throws(PennyError) -> Bool {
        guard ftruncate(descriptor, off_t(mark)) == 0, lseek(descriptor, off_t(mark), SEEK_SET) >= 0 else {
            throw unwritable("cannot roll back \(path)")
        }
        offset = mark
        flushedNewlines = newlines
        lastWrittenByte = nil
        guard mark > start else { return true }
        var byte: UInt8 = 0
        guard pread(descriptor, &byte, 1, off_t(mark - 1)) == 1 else { return false }
        lastWrittenByte = byte
        return true
    }

    /// Puts the temporary file in the ledger's place (`FileReplacement.commit`: fsync,
    /// `beforeRename`, rename, folder sync) once the writer is stopped; returns the
    /// identity of the file synced.
    func commit(exchanging: Bool = false, beforeRename: () throws(PennyError) -> Void) throws(PennyError) -> FileIdentity? {
        try replacement?.commit(exchanging: exchanging, beforeRename: beforeRename)
    }

    /// True once the commit swapped the temporary file with the ledger: the old ledger is
    /// now at `path`.
    var exchanged: Bool { replacement?.exchanged ?? false }

    /// Copies what was appended (the bytes after the ledger's) to the same offsets of
    /// `output` (the kept base the commit writes instead: `LedgerBase`); the writer is stopped.
    func copyAppended(into output: Int32, at outputPath: String) throws(PennyError) {
        try LedgerCopy.copyRange(from: descriptor, to: output, range: start..<offset) { (failure: LedgerCopy.RangeFailure) -> PennyError in
            unwritable(failure == .read ? "cannot read \(path)" : "cannot write \(outputPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Stops the writer and closes the file, and removes it unless it was renamed over the ledger.
    mutating func discard() {
        writer?.stop()
        writer = nil
        replacement?.discard()
    }

    private func writeFailed(_ failure: WriteFailure) -> PennyError {
        unwritable("cannot write \(path): \(failure.reason); the ledger was not changed")
    }

    /// A ledger that cannot be written, located at the ledger.
    func unwritable(_ message: String) -> PennyError {
        PennyError(.ledgerUnavailable, message, at: SourceLocation(file: ledgerPath))
    }
}
