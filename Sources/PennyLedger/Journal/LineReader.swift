import Foundation
import PennyCore

/// Splits chunks of bytes into lines (without `\n`, or `\r\n`: a ledger saved with
/// Windows line endings reads exactly like one with LF), keeping a line cut by a chunk
/// boundary until the next chunk completes it. Lines are found with `memchr` and handed
/// over in place; only a cut line is copied.
struct LineSplitter {
    private var partial: [UInt8] = []

    /// The line without a final carriage return.
    private static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let last = line.last, last == 0x0D else { return line }
        return UnsafeBufferPointer(rebasing: line[0..<(line.count - 1)])
    }

    /// Feeds a chunk; `body` gets each complete line and returns false to stop.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard let base = chunk.baseAddress else { return true }
        var start = 0
        while start < chunk.count {
            guard let found = memchr(base + start, 0x0A, chunk.count - start) else {
                partial.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
                return true
            }
            let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            let keepGoing: Bool
            if partial.isEmpty {
                keepGoing = body(Self.trimmed(UnsafeBufferPointer(rebasing: chunk[start..<end])))
            } else {
                partial.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
                keepGoing = partial.withUnsafeBufferPointer { body(Self.trimmed($0)) }
                partial.removeAll(keepingCapacity: true)
            }
            if !keepGoing { return false }
            start = end + 1
        }
        return true
    }

    /// The last line when the input did not end with `\n`.
    mutating func finish(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        guard !partial.isEmpty else { return }
        _ = partial.withUnsafeBufferPointer { body(Self.trimmed($0)) }
        partial.removeAll()
    }
}

/// Reads a file line by line in 1 MiB chunks, so memory stays flat however large the
/// ledger (a memory-mapped file would count its pages in the process's peak).
enum LineReader {
    /// Calls `body` with each line (without its `\n` or `\r\n`) and its 1-based number;
    /// stops early when `body` returns false. Returns false when the file cannot be opened.
    static func forEachLine(path: String, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        forEachChunkLine(read: { read(fd, $0, $1) }, body)
        return true
    }

    /// The same for `bytes` of the file open as `fd`, read with `pread` (the descriptor's
    /// offset untouched, so two threads may each read a part of one file, `JournalSplit`):
    /// a part that starts at a line's start and ends after a line end reads as its lines,
    /// numbered from its start.
    static func forEachLine(in fd: Int32, bytes: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        var offset = bytes.lowerBound
        forEachChunkLine(
            read: { buffer, count in
                let n = pread(fd, buffer, min(count, bytes.upperBound - offset), off_t(offset))
                if n > 0 { offset += n }
                return n
            }, body)
    }

    /// The lines of the chunks `read(buffer, capacity)` gives until it returns 0 or less.
    private static func forEachChunkLine(read: (UnsafeMutableRawPointer?, Int) -> Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        let chunkSize = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var splitter = LineSplitter()
        var number = 0
        func deliver(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            number += 1
            return body(line, number)
        }
        while true {
            let n = buffer.withUnsafeMutableBytes { read($0.baseAddress, chunkSize) }
            if n <= 0 { break }
            let keepGoing = buffer.withUnsafeBufferPointer { splitter.feed(UnsafeBufferPointer(rebasing: $0[0..<n]), deliver) }
            if !keepGoing { return }
        }
        splitter.finish(deliver)
    }
}
