import Foundation
import PennyCore

/// Where a journal file can be cut in two parts that read as the whole does: at the start
/// of a transaction's date line (an unindented date, `JournalLine.transactionHead`) right
/// after an empty line, near the middle. Every reading state is settled there: the blank
/// line ended any transaction, and the date line starts a new one whatever came before.
enum JournalSplit {
    /// How far past the middle the cut is looked for.
    static let window = 1 << 20

    /// The byte offset of the second part's first line in the regular file open as `fd`,
    /// nil when the file is smaller than `minimumSize` or no cut is found near its middle.
    static func point(in fd: Int32, minimumSize: Int) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size >= max(minimumSize, 2) else { return nil }
        // From the byte before the middle, so a line end there counts.
        let start = size / 2 - 1
        var buffer = [UInt8](repeating: 0, count: min(window, size - start))
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
        guard count > 0 else { return nil }
        return buffer.withUnsafeBufferPointer { cut(in: UnsafeBufferPointer(rebasing: $0[..<count])) }.map { start + $0 }
    }

    /// The offset in `bytes` of the first date line after an empty line (`\n\n` or
    /// `\n\r\n`) whose whole line is in `bytes`.
    static func cut(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while let newline = bytes[i...].firstIndex(of: 0x0A) {
            i = newline + 1
            var head = i
            if head < bytes.count, bytes[head] == 0x0D { head += 1 }
            guard head < bytes.count, bytes[head] == 0x0A else { continue }
            head += 1
            guard let end = bytes[head...].firstIndex(of: 0x0A) else { return nil }
            if case .transactionHead = JournalLine.classify(UnsafeBufferPointer(rebasing: bytes[head..<end])) { return head }
        }
        return nil
    }
}
