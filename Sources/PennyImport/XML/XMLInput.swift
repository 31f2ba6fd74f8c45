import Foundation

/// The bytes an `XMLStream` parses: a file read chunk by chunk, or bytes in memory.
final class XMLInput {
    private let descriptor: Int32
    private let memory: [UInt8]
    private var offset = 0

    /// Opens a file; nil when it cannot be opened.
    init?(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        memory = []
    }

    /// Bytes held in memory.
    init(bytes: [UInt8]) {
        descriptor = -1
        memory = bytes
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The next at most `count` bytes; empty at the end, nil when the file cannot be read.
    func next(_ count: Int) -> [UInt8]? {
        guard descriptor >= 0 else {
            let end = min(memory.count, offset + count)
            defer { offset = end }
            return Array(memory[offset..<end])
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The first at most `count` bytes, wherever reading has got to.
    func head(_ count: Int) -> [UInt8] {
        guard descriptor >= 0 else { return Array(memory.prefix(count)) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, count, 0) }
        return Array(bytes.prefix(max(0, n)))
    }
}
