import Foundation
import PennyCore

/// A file (or bytes held in memory) read forward through one buffer, for the OFX and JSON
/// tokenizers: the buffer keeps only what the token being read still needs, so memory is
/// one chunk (and the longest token) whatever the file's size. A UTF-8 byte-order mark at
/// the start is dropped. Owns the buffer and the file descriptor and frees them in `deinit`.
final class ChunkedInput {
    /// Bytes read at a time.
    static let chunkSize = 1 << 16

    /// The buffer; bytes `0..<end` are valid.
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes of the buffer are valid.
    private(set) var end = 0
    /// The offset in the text (after a byte-order mark) of the buffer's first byte.
    private(set) var offset = 0
    /// True once the whole text has been read into the buffer.
    private(set) var isAtEnd = false
    private let descriptor: Int32
    private let memory: [UInt8]
    private var memoryPosition = 0
    private var isFirstRead = true
    private let displayName: String

    /// Opens a file.
    init(url: URL, displayName: String) throws(PennyError) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .badInput("cannot read file: \(String(cString: strerror(errno)))", at: SourceLocation(file: displayName)) }
        descriptor = fd
        memory = []
        self.displayName = displayName
        capacity = Self.chunkSize * 2
        bytes = .allocate(capacity: capacity)
    }

    /// Reads bytes held in memory (a document inside a JSON wrapper).
    init(bytes source: [UInt8], displayName: String) {
        descriptor = -1
        memory = source
        self.displayName = displayName
        capacity = Self.chunkSize * 2
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads more text: the bytes from `keep` on move to the buffer's start (the buffer
    /// grows when they fill it) and more are read after them. Returns `keep`, the distance
    /// every index into the buffer moved back, or nil at the end of the text.
    func refill(keeping keep: Int) throws(PennyError) -> Int? {
        guard !isAtEnd else { return nil }
        let kept = end - keep
        if keep > 0 { bytes.update(from: bytes + keep, count: kept) }
        offset += keep
        end = kept
        if capacity - end < Self.chunkSize {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: bytes, count: end)
            bytes.deallocate()
            bytes = grown
            capacity *= 2
        }
        let count = try read(into: bytes + end, Self.chunkSize)
        if count == 0 { isAtEnd = true }
        end += count
        if isFirstRead {
            isFirstRead = false
            if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                bytes.update(from: bytes + 3, count: end - 3)
                end -= 3
            }
        }
        return keep
    }

    private func read(into target: UnsafeMutablePointer<UInt8>, _ count: Int) throws(PennyError) -> Int {
        guard descriptor >= 0 else {
            let n = min(count, memory.count - memoryPosition)
            guard n > 0 else { return 0 }
            memory.withUnsafeBufferPointer { source in target.update(from: source.baseAddress! + memoryPosition, count: n) }
            memoryPosition += n
            return n
        }
        return try DescriptorFill.fill(descriptor, into: target, count: count, displayName: displayName)
    }
}
