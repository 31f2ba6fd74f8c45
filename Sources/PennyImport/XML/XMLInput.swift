internal import CLibXML2
import Foundation

/// The bytes an `XMLStream` parses: a file read chunk by chunk through libxml2's own input
/// buffer (so a gzip-compressed file is read as xmlTextReader read it), or bytes in memory.
/// Owns the buffer and frees it in `deinit`.
final class XMLInput {
    private let file: xmlParserInputBufferPtr?
    private let path: String?
    private let memory: [UInt8]
    private var offset = 0

    /// Opens a file; nil when it cannot be opened.
    init?(path: String) {
        guard let file = xmlParserInputBufferCreateFilename(path, XML_CHAR_ENCODING_NONE) else { return nil }
        self.file = file
        self.path = path
        memory = []
    }

    /// Bytes held in memory.
    init(bytes: [UInt8]) {
        file = nil
        path = nil
        memory = bytes
    }

    deinit { if let file { xmlFreeParserInputBuffer(file) } }

    /// The next bytes (at most about `count`); empty at the end, nil when the file cannot be read.
    func next(_ count: Int) -> [UInt8]? {
        guard let file else {
            let end = min(memory.count, offset + count)
            defer { offset = end }
            return Array(memory[offset..<end])
        }
        guard xmlParserInputBufferRead(file, Int32(count)) >= 0, let buffer = file.pointee.buffer else { return nil }
        let used = xmlBufUse(buffer)
        guard used > 0, let content = xmlBufContent(buffer) else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: content, count: used))
        xmlBufShrink(buffer, used)
        return bytes
    }

    /// The file's first at most `count` bytes as they are on disk, wherever reading has got to.
    func head(_ count: Int) -> [UInt8] {
        guard let path else { return Array(memory.prefix(count)) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: count)) ?? Data())
    }
}
