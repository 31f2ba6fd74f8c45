import Foundation

/// The ledger's index sidecar, `.<ledger>.penny-index` beside it: the ledger's dedup ids
/// (an `OrderedIDTable` with a Bloom filter), its `LedgerSummary`, and the `LedgerStamp` of
/// the ledger version it describes. Penny rebuilds it at every commit; deleting it is safe.
///
/// Layout (little-endian 64-bit words): a 256-byte header (magic, version, stamp, length,
/// body checksum, id count, the table's and filter's shapes and offsets, the summary's
/// offset and length, the header's own checksum), then the table, the filter and the
/// summary, each at a 64-byte boundary. Loading checks the magic, the version, both
/// checksums, every offset against the length, and the stamp against the ledger: anything
/// else and the file is ignored (the ledger is read instead).
final class LedgerIndexFile {
    /// "PENNYIDX" read as a little-endian word.
    static let magic: UInt64 = 0x5844_4959_4E4E_4550
    /// The layout's version: another value is a file of another Penny, ignored.
    static let version: UInt64 = 1
    /// The header's size; the sections start after it.
    static let headerBytes = 256
    /// Above this many table bytes a lookup asks the filter first, so a statement of new
    /// transactions does not page the whole table in.
    static let directTableBytes = 24 << 20

    /// The stamp of the ledger version described.
    let stamp: LedgerStamp
    /// The rest of what the import needs from that ledger.
    let summary: LedgerSummary
    /// How many ids (the id 0 included).
    let count: Int
    private let hasZero: Bool
    private let table: OrderedIDTable
    private let filter: BlockedBloomFilter
    private let usesFilter: Bool
    private let tableOffset: Int
    private let descriptor: Int32
    private let mapping: UnsafeMutableRawPointer
    private let length: Int

    /// The sidecar's path for the ledger at `ledgerPath`.
    static func path(forLedger ledgerPath: String) -> String { LedgerPath.hiddenSibling(of: ledgerPath, suffix: "penny-index") }

    /// The header's named words.
    enum Word: Int {
        case magic = 0, version, stampStart
        case length = 8, bodyChecksum, count, hasZero, homeCount, slotCount, tableOffset, filterOffset, filterBlocks, summaryOffset, summaryLength, headerChecksum
    }

    /// Opens the sidecar at `path` when it is whole and describes `ledger`; nil otherwise.
    /// A table of more than `directTableBytes` is read behind the filter, not mapped.
    init?(path: String, describing ledger: LedgerStamp, directTableBytes: Int = LedgerIndexFile.directTableBytes) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size >= Self.headerBytes, (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        var header = [UInt64](repeating: 0, count: Self.headerBytes / 8)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        func word(_ w: Word) -> UInt64 { UInt64(littleEndian: header[w.rawValue]) }
        var headerSum = Checksum64()
        header.withUnsafeBytes { headerSum.add(UnsafeRawBufferPointer(rebasing: $0[0..<(Word.headerChecksum.rawValue * 8)])) }
        let length = Int(truncatingIfNeeded: word(.length))
        guard got == Self.headerBytes, word(.magic) == Self.magic, word(.version) == Self.version, headerSum.value == word(.headerChecksum),
            length == Int(status.st_size),
            LedgerStamp(words: header[Word.stampStart.rawValue..<(Word.stampStart.rawValue + 6)].map { UInt64(littleEndian: $0) }) == ledger
        else {
            close(fd)
            return nil
        }
        let count = Int(truncatingIfNeeded: word(.count)), homeCount = Int(truncatingIfNeeded: word(.homeCount))
        let slotCount = Int(truncatingIfNeeded: word(.slotCount)), tableOffset = Int(truncatingIfNeeded: word(.tableOffset))
        let filterOffset = Int(truncatingIfNeeded: word(.filterOffset)), filterBlocks = Int(truncatingIfNeeded: word(.filterBlocks))
        let summaryOffset = Int(truncatingIfNeeded: word(.summaryOffset)), summaryLength = Int(truncatingIfNeeded: word(.summaryLength))
        func within(_ offset: Int, _ bytes: Int) -> Bool { offset >= Self.headerBytes && bytes >= 0 && offset % 64 == 0 && offset <= length && bytes <= length - offset }
        guard count >= 0, homeCount >= 1, slotCount >= 0, slotCount <= length / 8, filterBlocks >= 1, filterBlocks <= length / 64,
            within(tableOffset, slotCount * 8), within(filterOffset, filterBlocks * 64), within(summaryOffset, summaryLength),
            Self.bodyChecksum(fd, length: length) == word(.bodyChecksum),
            let base = mmap(nil, length, PROT_READ, MAP_PRIVATE | (slotCount * 8 > directTableBytes ? 0 : MAP_POPULATE), fd, 0), base != MAP_FAILED
        else {
            close(fd)
            return nil
        }
        guard let summary = LedgerSummary(decoding: UnsafeRawBufferPointer(start: base + summaryOffset, count: summaryLength)) else {
            munmap(base, length)
            close(fd)
            return nil
        }
        self.stamp = ledger
        self.summary = summary
        self.count = count
        self.hasZero = word(.hasZero) == 1
        self.table = OrderedIDTable(slots: UnsafePointer((base + tableOffset).assumingMemoryBound(to: UInt64.self)), slotCount: slotCount, homeCount: homeCount)
        self.filter = BlockedBloomFilter(words: (base + filterOffset).assumingMemoryBound(to: UInt64.self), blockCount: filterBlocks)
        self.usesFilter = slotCount * 8 > directTableBytes
        self.tableOffset = tableOffset
        self.descriptor = fd
        self.mapping = base
        self.length = length

    }

    deinit {
        munmap(mapping, length)
        close(descriptor)
    }

    /// The checksum of everything after the header, read in 1 MiB chunks (not mapped, so
    /// checking a large index does not count its pages in the process's memory).
    static func bodyChecksum(_ fd: Int32, length: Int) -> UInt64? {
        var checksum = Checksum64()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var at = headerBytes
        while at < length {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, length - at), off_t(at)) }
            guard n > 0 else { return nil }
            chunk.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            at += n
        }
        return checksum.value
    }

    /// True when the ledger has `id`.
    /// Brings the slot a lookup of `id` reads first into the cache (a mapped table only).
    @inline(__always) func prefetch(_ id: UInt64) {
        if !usesFilter { table.prefetch(key: IDKey.of(id)) }
    }

    @inline(__always) func contains(_ id: UInt64) -> Bool {
        if id == 0 { return hasZero }
        let key = IDKey.of(id)
        guard usesFilter else { return table.contains(key: key) }
        return filter.mayContain(key) && tableOnDiskContains(key)
    }

    /// `OrderedIDTable.contains` reading the slots with `pread` (a large table behind the
    /// filter): a touched page of a mapping would stay in the process's memory, and the
    /// kernel maps 16 pages around each one it faults in, so the filter's false positives
    /// alone would page the whole table in.
    private func tableOnDiskContains(_ key: UInt64) -> Bool {
        var i = IDKey.scaled(key, table.homeCount)
        var slots: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        while i < table.slotCount {
            let n = min(8, table.slotCount - i)
            let got = withUnsafeMutableBytes(of: &slots) { pread(descriptor, $0.baseAddress, n * 8, off_t(tableOffset + i * 8)) }
            guard got == n * 8 else { return false }
            let found: Bool? = withUnsafeBytes(of: &slots) { raw in
                for j in 0..<n {
                    let v = UInt64(littleEndian: raw.load(fromByteOffset: j * 8, as: UInt64.self))
                    if v == key { return true }
                    if v == 0 || v > key { return false }
                }
                return nil
            }
            if let found { return found }
            i += n
        }
        return false
    }

    /// Drops the mapped pages of the filter from the process's memory (they stay in the page
    /// cache): done before the next index's filter is built, so the two do not add up.
    func releaseMappedPages() {
        madvise(mapping, length, MADV_DONTNEED)
    }

    /// The ledger's ids as ascending keys (the id 0 left out: see `containsZero`), read from
    /// the file in chunks.
    func sortedKeys() -> WordStream {
        let fd = descriptor, start = tableOffset / 8
        return WordStream(range: start..<(start + table.slotCount), chunk: 1 << 13) { buffer, at in
            let bytes = buffer.count * 8
            var done = 0
            while done < bytes {
                let n = pread(fd, UnsafeMutableRawPointer(buffer.baseAddress!) + done, bytes - done, off_t(at * 8 + done))
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// True when the id 0 is among the ledger's.
    var containsZero: Bool { hasZero }
}
