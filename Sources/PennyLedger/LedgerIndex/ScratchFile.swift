import Foundation

/// An unnamed temporary file of 64-bit words: created beside the ledger (or in the temporary
/// folder when that is read-only) and unlinked at once, so a killed run leaves nothing.
public final class ScratchFile {
    private let descriptor: Int32
    /// Words in the file.
    public private(set) var count = 0

    /// A new empty file near `nearPath`; nil when no folder takes one.
    public init?(near nearPath: String) {
        let folders = [URL(fileURLWithPath: nearPath).deletingLastPathComponent().path, NSTemporaryDirectory()]
        var opened: Int32 = -1
        for folder in folders {
            var template = Array((folder + "/.penny-ids-XXXXXX").utf8CString)
            opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if opened >= 0 {
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
                break
            }
        }
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Appends words; false when the disk refuses them.
    public func append(_ words: UnsafeBufferPointer<UInt64>) -> Bool {
        guard WordIO.write(descriptor, at: count, words) else { return false }
        count += words.count
        return true
    }

    /// Reads `into.count` words from word `at`; false on a short read.
    public func read(at index: Int, into buffer: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        WordIO.read(descriptor, at: index, into: buffer)
    }

    /// Forgets the words from `index` on.
    public func truncate(to index: Int) {
        count = min(count, index)
        _ = ftruncate(descriptor, off_t(count * 8))
    }
}

/// Reads a run of words from a file in chunks, one word at a time (a merge's input).
struct WordStream {
    private let next: (UnsafeMutableBufferPointer<UInt64>, Int) -> Bool
    private var buffer: [UInt64]
    private var position = 0
    private var filled = 0
    private var start: Int
    private let end: Int
    /// True once the source could not be read: what was popped is not the whole run.
    private(set) var failed = false

    /// Words `range` of a source read by `read(buffer, at)`.
    init(range: Range<Int>, chunk: Int = 1 << 15, read: @escaping (UnsafeMutableBufferPointer<UInt64>, Int) -> Bool) {
        self.next = read
        self.start = range.lowerBound
        self.end = range.upperBound
        self.buffer = [UInt64](repeating: 0, count: min(chunk, max(1, range.count)))
    }

    /// The next word, or nil at the end (or when the source cannot be read).
    mutating func pop() -> UInt64? {
        if position == filled {
            guard start < end else { return nil }
            let n = min(buffer.count, end - start)
            let ok = buffer.withUnsafeMutableBufferPointer { next(UnsafeMutableBufferPointer(rebasing: $0[0..<n]), start) }
            guard ok else {
                failed = true
                return nil
            }
            start += n
            position = 0
            filled = n
        }
        defer { position += 1 }
        return buffer[position]
    }
}
