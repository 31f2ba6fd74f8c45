import Foundation
import PennyCore

/// Writes a ledger's index sidecar (`LedgerIndexFile`) atomically, as a `FileReplacement`
/// (temporary file beside it, fsync, rename, fsync of the folder). Called at commit, under
/// the ledger's lock and after the ledger itself is durable, so a run killed at any instant
/// leaves either the old sidecar (whose stamp names the old ledger, so it is ignored) or
/// the new one.
///
/// The ids come as ascending key streams (the old index's table and the update's spilled
/// runs) and are merged into the table in one pass; only the Bloom filter (12 bits per id)
/// is built in memory.
struct LedgerIndexWriter {
    private static let filterBitsPerKey = 12
    let path: String

    /// Writes the index of the ledger version `stamp`; throws when any step fails (the
    /// temporary file is then removed and the old sidecar, stale by its stamp, stays).
    func write(stamp: LedgerStamp, summary: LedgerSummary, count: Int, hasZero: Bool, keys streams: [WordStream]) throws(PennyError) {
        let body = try writeBody(summary: summary, count: count, hasZero: hasZero, keys: streams)
        try body.finish(stamp: stamp)
    }

    /// Writes and syncs everything of the index but its header (which holds the ledger's
    /// stamp, known only once the ledger is in place) to the temporary file: the commit
    /// does this while the ledger itself is synced and renamed. The body is discarded
    /// (the file removed) unless `finish` completes it.
    func writeBody(summary: LedgerSummary, count: Int, hasZero: Bool, keys streams: [WordStream]) throws(PennyError) -> IndexBody {
        let replacement = try FileReplacement(replacing: path, temporaryPath: path + ".tmp", kind: .sidecar, wording: wording)
        let fd = replacement.descriptor
        let body = IndexBody(replacement)
        var out = ChecksummedOutput(descriptor: fd, at: LedgerIndexFile.headerBytes)
        defer { out.deallocate() }
        let keyCount = count - (hasZero ? 1 : 0)
        var builder = OrderedIDTableBuilder(keys: keyCount)
        let filter = OwnedBloomFilter(keys: keyCount, bitsPerKey: Self.filterBitsPerKey)
        var keys = KeyMerge(streams)
        var last: UInt64 = 0
        var written = 0
        while let key = keys.next() {
            if key == 0 || key == last { continue }
            last = key
            filter.filter.insert(key)
            try builder.add(key) { (word) throws(PennyError) in try out.word(word) }
            written += 1
        }
        guard written == keyCount, !keys.failed else {
            throw failure("the ids to index did not add up (\(written) of \(keyCount)); the index was not written")
        }
        let tableOffset = LedgerIndexFile.headerBytes
        let slotCount = builder.slotCount
        try out.pad(to: 64)
        let filterOffset = out.offset
        try out.bytes(filter.bytes)
        let summaryBytes = summary.encoded()
        let summaryOffset = out.offset
        try out.bytes(summaryBytes)
        try out.pad(to: 8)
        try out.flush()
        var header = [UInt64](repeating: 0, count: LedgerIndexFile.headerBytes / 8)
        func set(_ w: LedgerIndexFile.Word, _ value: Int) { header[w.rawValue] = UInt64(bitPattern: Int64(value)) }
        header[LedgerIndexFile.Word.magic.rawValue] = LedgerIndexFile.magic
        header[LedgerIndexFile.Word.version.rawValue] = LedgerIndexFile.version
        set(.length, out.offset)
        header[LedgerIndexFile.Word.bodyChecksum.rawValue] = out.checksum.value
        set(.count, count)
        set(.hasZero, hasZero ? 1 : 0)
        set(.homeCount, builder.homeCount)
        set(.slotCount, slotCount)
        set(.tableOffset, tableOffset)
        set(.filterOffset, filterOffset)
        set(.filterBlocks, filter.filter.blockCount)
        set(.summaryOffset, summaryOffset)
        set(.summaryLength, summaryBytes.count)
        // The body on disk now, so the header's sync after the ledger's rename is short.
        try replacement.sync()
        body.header = header
        return body
    }

    /// An index written but for its header: `finish` stamps, syncs and renames it into place.
    /// Dropped unfinished, its temporary file is removed.
    final class IndexBody {
        private let replacement: FileReplacement
        /// The header's words without the stamp and its checksum.
        fileprivate(set) var header: [UInt64] = []

        fileprivate init(_ replacement: FileReplacement) {
            self.replacement = replacement
        }

        /// Writes the header for the ledger version `stamp`, syncs, and renames the file
        /// over the sidecar.
        func finish(stamp: LedgerStamp) throws(PennyError) {
            var header = self.header
            for (i, w) in stamp.words.enumerated() { header[LedgerIndexFile.Word.stampStart.rawValue + i] = w }
            var headerSum = Checksum64()
            header.withUnsafeBytes { headerSum.add(UnsafeRawBufferPointer(rebasing: $0[0..<(LedgerIndexFile.Word.headerChecksum.rawValue * 8)])) }
            header[LedgerIndexFile.Word.headerChecksum.rawValue] = headerSum.value
            for i in header.indices { header[i] = header[i].littleEndian }
            let n = header.withUnsafeBytes { pwrite(replacement.descriptor, $0.baseAddress, $0.count, 0) }
            guard n == LedgerIndexFile.headerBytes else {
                throw LedgerIndexWriter.failure("cannot write \(replacement.temporaryPath): \(String(cString: strerror(errno)))", path: replacement.path)
            }
            try replacement.commit()
        }
    }

    /// How a failed step of the sidecar's replacement reads.
    private var wording: (FileReplacement.Failure) -> PennyError {
        { [path] failure in
            let message =
                switch failure.step {
                case .create: "cannot create \(path).tmp: \(failure.reason)"
                case .sync: "cannot sync \(path).tmp: \(failure.reason)"
                case .rename: "cannot replace \(path): \(failure.reason)"
                case .folderSync: "its folder could not be synced (\(failure.reason))"
                }
            return Self.failure(message, path: path)
        }
    }

    fileprivate func failure(_ message: String) -> PennyError { Self.failure(message, path: path) }

    fileprivate static func failure(_ message: String, path: String) -> PennyError {
        PennyError(.ledgerUnavailable, "the ledger's index: \(message)", at: SourceLocation(file: path))
    }
}

/// Buffered writes to a file from an offset, with the checksum of what was written.
///
/// The buffer is memory of its own (a word is one store, with no array growth or
/// uniqueness check: the index writes one per slot); the owner calls `deallocate` once.
struct ChecksummedOutput {
    private static let capacity = 1 << 20
    private let descriptor: Int32
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 8)
    private var used = 0
    /// The file offset after everything written so far.
    private(set) var offset: Int
    /// The checksum of everything written.
    private(set) var checksum = Checksum64()

    init(descriptor: Int32, at offset: Int) {
        self.descriptor = descriptor
        self.offset = offset
    }

    /// Frees the buffer.
    func deallocate() { buffer.deallocate() }

    @inline(__always)
    mutating func word(_ value: UInt64) throws(PennyError) {
        if used + 8 > Self.capacity { try flush() }
        (buffer + used).storeBytes(of: value.littleEndian, as: UInt64.self)
        used += 8
        offset += 8
    }

    mutating func bytes(_ raw: UnsafeRawBufferPointer) throws(PennyError) {
        try append(raw.count) { to, range in to.copyMemory(from: raw.baseAddress! + range.lowerBound, byteCount: range.count) }
    }

    mutating func bytes(_ array: [UInt8]) throws(PennyError) {
        try append(array.count) { to, range in array.withUnsafeBytes { to.copyMemory(from: $0.baseAddress! + range.lowerBound, byteCount: range.count) } }
    }

    /// Appends `count` bytes, `copy(to, range)` putting bytes `range` of them at `to`
    /// (in pieces when they fill the buffer).
    private mutating func append(_ count: Int, _ copy: (UnsafeMutableRawPointer, Range<Int>) -> Void) throws(PennyError) {
        var done = 0
        while done < count {
            if used == Self.capacity { try flush() }
            let n = min(count - done, Self.capacity - used)
            copy(buffer + used, done..<done + n)
            used += n
            offset += n
            done += n
        }
    }

    mutating func pad(to alignment: Int) throws(PennyError) {
        try bytes([UInt8](repeating: 0, count: (alignment - offset % alignment) % alignment))
    }

    mutating func flush() throws(PennyError) {
        guard used > 0 else { return }
        let written = UnsafeRawBufferPointer(start: buffer, count: used)
        checksum.add(written)
        let start = offset - used
        var done = 0
        while done < used {
            let n = pwrite(descriptor, buffer + done, used - done, off_t(start + done))
            if n <= 0 { throw PennyError(.ledgerUnavailable, "cannot write the ledger's index: \(String(cString: strerror(errno)))", at: SourceLocation(file: "")) }
            done += n
        }
        used = 0
    }
}
