import Foundation

/// Whole reads and writes of 64-bit words at a word offset.
enum WordIO {
    /// Reads `buffer.count` words from word `index`; false on a short read.
    static func read(_ fd: Int32, at index: Int, into buffer: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return true }
        let total = buffer.count * 8
        var done = 0
        while done < total {
            let n = pread(fd, UnsafeMutableRawPointer(base) + done, total - done, off_t(index * 8 + done))
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    /// Reads `words.count` words from word `index` into `words`.
    static func read(_ fd: Int32, at index: Int, into words: inout [UInt64]) -> Bool {
        words.withUnsafeMutableBufferPointer { read(fd, at: index, into: $0) }
    }

    /// Writes `words` at word `index`; false on a short write.
    static func write(_ fd: Int32, at index: Int, _ words: UnsafeBufferPointer<UInt64>) -> Bool {
        guard let base = words.baseAddress, !words.isEmpty else { return true }
        let total = words.count * 8
        var done = 0
        while done < total {
            let n = pwrite(fd, UnsafeRawPointer(base) + done, total - done, off_t(index * 8 + done))
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    /// Writes `words` at word `index`; false on a short write.
    static func write(_ fd: Int32, at index: Int, _ words: [UInt64]) -> Bool {
        words.withUnsafeBufferPointer { write(fd, at: index, $0) }
    }
}
