import Foundation
import PennyCore

/// Reads a file line by line in 1 MiB chunks, so memory stays flat however large the
/// ledger (a memory-mapped file would count its pages in the process's peak).
enum LineReader {
    /// Calls `body` with each line (without its `\n` or `\r\n`) and its 1-based number;
    /// stops early when `body` returns false. Returns false when the file cannot be opened.
    static func forEachLine(path: String, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let chunkSize = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var carry: [UInt8] = []
        var number = 0
        var stopped = false
        func deliver(_ line: UnsafeBufferPointer<UInt8>) {
            var end = line.count
            if end > 0, line[end - 1] == 0x0D { end -= 1 }
            number += 1
            if !body(UnsafeBufferPointer(rebasing: line[0..<end]), number) { stopped = true }
        }
        while !stopped {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n <= 0 { break }
            buffer.withUnsafeBufferPointer { chunk in
                guard let base = chunk.baseAddress else { return }
                var start = 0
                while start < n, !stopped {
                    guard let found = memchr(base + start, 0x0A, n - start) else {
                        carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<n]))
                        return
                    }
                    let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                    if carry.isEmpty {
                        deliver(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                    } else {
                        carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
                        carry.withUnsafeBufferPointer { deliver($0) }
                        carry.removeAll(keepingCapacity: true)
                    }
                    start = end + 1
                }
            }
        }
        if !stopped, !carry.isEmpty { carry.withUnsafeBufferPointer { deliver($0) } }
        return true
    }
}
