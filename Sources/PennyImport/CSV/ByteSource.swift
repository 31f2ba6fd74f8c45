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
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(PennyError) -> Void) throws(PennyError) {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw .badInput("cannot open file: \(error.localizedDescription)", at: SourceLocation(file: displayName))
        }
        defer { try? handle.close() }
        var isFirst = true
        var transcoder: UTF16Transcoder?
        while true {
            let data: Data
            do { data = try handle.read(upToCount: Self.chunkSize) ?? Data() } catch {
                throw .badInput("cannot read file: \(error.localizedDescription)", at: SourceLocation(file: displayName))
            }
            if data.isEmpty { break }
            var bytes = [UInt8](data)
            if isFirst {
                isFirst = false
                if encoding == .utf16 {
                    transcoder = try UTF16Transcoder(bom: bytes, displayName: displayName)
                    bytes.removeFirst(2)
                } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                    bytes.removeFirst(3)
                }
            }
            if var t = transcoder {
                bytes = t.transcode(bytes)
                transcoder = t
            }
            try Self.withRawBytes(bytes, body)
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
