import Foundation
import PennyCore

/// An OFX file read forward in parts through one buffer, from the start again as often as
/// the reader's passes need. Owns the descriptor and the buffer and frees them in `deinit`.
final class OFXFile {
    /// Bytes read at a time.
    static let chunkSize = 1 << 16

    private let descriptor: Int32
    private let displayName: String
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = OFXFile.chunkSize

    /// Opens the file at `path`; nil when it cannot be opened.
    init?(path: String, displayName: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.displayName = displayName
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        close(descriptor)
    }

    /// The next `count` bytes, fewer only at the end of the file; valid until the next read.
    func read(_ count: Int) throws(PennyError) -> UnsafeBufferPointer<UInt8> {
        if count > capacity {
            buffer.deallocate()
            capacity = count
            buffer = .allocate(capacity: capacity)
        }
        let filled = try DescriptorFill.fill(descriptor, into: buffer, count: count, displayName: displayName)
        return UnsafeBufferPointer(start: buffer, count: filled)
    }

    /// Goes back to the file's first byte.
    func rewind() throws(PennyError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw .badInput("cannot read file: \(String(cString: strerror(errno)))", at: SourceLocation(file: displayName))
        }
    }
}
