import Foundation
import PennyCore

/// Reads a file in fixed-size chunks, drops a byte-order mark, and turns UTF-16 into UTF-8.
///
/// Memory stays at one chunk whatever the file's size.
struct ByteSource {
    static let chunkSize = 1 << 20

    let url: URL
    let displayName: String
    let encoding: CSVProfile.Encoding

    /// Calls `body` with each chunk of (UTF-8 or single-byte) text, in order.
    ///
    /// Chunks are read with `read(2)` into one buffer reused for the whole file: no
    /// allocation or copy per chunk (a fresh megabyte per chunk was a page fault per page).
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(PennyError) -> Void) throws(PennyError) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .badInput("cannot open file: \(String(cString: strerror(errno)))", at: SourceLocation(file: displayName)) }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var isFirst = true
        var transcoder: UTF16Transcoder?
        while true {
            let n = try DescriptorFill.fill(fd, into: buffer.baseAddress!, count: buffer.count, displayName: displayName)
            if n == 0 { break }
            var chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
            if isFirst {
                isFirst = false
                if encoding == .utf16 {
                    transcoder = try UTF16Transcoder(bom: Array(chunk.prefix(2)), displayName: displayName)
                    chunk = UnsafeRawBufferPointer(rebasing: chunk.dropFirst(2))
                } else if chunk.starts(with: [0xEF, 0xBB, 0xBF]) {
                    chunk = UnsafeRawBufferPointer(rebasing: chunk.dropFirst(3))
                }
            }
            if var t = transcoder {
                let bytes = t.transcode(Array(chunk))
                transcoder = t
                try Self.withRawBytes(bytes, body)
            } else {
                try body(chunk)
            }
        }
        if encoding == .utf16 && transcoder == nil {
            throw .badInput("empty file, expected a UTF-16 byte-order mark", at: SourceLocation(file: displayName))
        }
    }
}

extension ByteSource {
    /// `Array.withUnsafeBytes` with the body's typed error passed through.
    static func withRawBytes(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(PennyError) -> Void) throws(PennyError) {
        var failure: PennyError?
        bytes.withUnsafeBytes { raw in
            do throws(PennyError) { try body(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}

/// Streaming UTF-16 (LE or BE, from the BOM) to UTF-8, keeping odd bytes and split
/// surrogate pairs between chunks.
struct UTF16Transcoder {
    let isLittleEndian: Bool
    private var leftover: [UInt8] = []

    init(bom: [UInt8], displayName: String) throws(PennyError) {
        if bom.starts(with: [0xFF, 0xFE]) {
            isLittleEndian = true
        } else if bom.starts(with: [0xFE, 0xFF]) {
            isLittleEndian = false
        } else {
            throw .badInput("encoding utf-16 needs a byte-order mark (FF FE or FE FF) at the start of the file", at: SourceLocation(file: displayName, line: 1, column: 1))
        }
    }

    mutating func transcode(_ chunk: [UInt8]) -> [UInt8] {
        let bytes = leftover + chunk
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(isLittleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        // Keep a trailing high surrogate for the next chunk.
        var keep = Array(bytes[i...])
        if let last = units.last, UTF16.isLeadSurrogate(last) {
            units.removeLast()
            keep = Array(bytes[(i - 2)...])
        }
        leftover = keep
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        _ = Swift.transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
            out.append($0)
        }
        return out
    }
}
