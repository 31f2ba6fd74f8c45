import Foundation
import PennyCore

/// How a ledger's lines end, for a rewrite that writes every line again (recategorize, the
/// refiling): with the first line's end (`\r\n` for a ledger saved with Windows line
/// endings, else `\n`), and a line end after the last line only when the file had one, as
/// `JournalBlocks.text` writes.
struct LedgerLineEnds {
    /// The line end to write.
    let bytes: [UInt8]
    /// True when the file ends with a line end.
    let atEnd: Bool

    /// Looks at the file at `path`: up to its first line end, and its last byte.
    init(path: String) throws(PennyError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        var previous: UInt8 = 0
        var crlf = false
        search: while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            for byte in chunk[0..<count] {
                if byte == 0x0A {
                    crlf = previous == 0x0D
                    break search
                }
                previous = byte
            }
            offset += off_t(count)
        }
        bytes = crlf ? [0x0D, 0x0A] : [0x0A]
        atEnd = Self.endsWithNewline(descriptor)
    }

    /// Whether the file at `path` ends with a line end (false when it cannot be read).
    static func endsWithNewline(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return endsWithNewline(descriptor)
    }

    private static func endsWithNewline(_ descriptor: Int32) -> Bool {
        var status = stat()
        var last: UInt8 = 0
        guard fstat(descriptor, &status) == 0, status.st_size > 0, pread(descriptor, &last, 1, off_t(status.st_size - 1)) == 1 else { return false }
        return last == 0x0A
    }
}
