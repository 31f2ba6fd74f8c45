import Foundation

/// One sorted run of default-filed entries kept beside the ledger for transfer pairing
/// (`TransferSidecar`): records of five words (account and currency numbers, amount, day,
/// id, extra), as `DefaultFiledEntries` spills them, then the sort key of every page's first
/// record. Written once, read with `pread`, never changed: a new version of the
/// sidecar names new files.
///
/// Layout (little-endian words): magic, version, record count, fence count; the records;
/// the fences (three words each).
final class TransferRunFile {
    /// "PENNYRUN" read as a little-endian word.
    static let magic: UInt64 = 0x4E55_5259_4E4E_4550
    /// The layout's version.
    static let version: UInt64 = 2
    /// Words before the first record.
    static let headerWords = 4

    /// The file's name (in the ledger's folder).
    let name: String
    /// Records in the run.
    let count: Int
    /// The sort key of every `DefaultFiledEntries.pageRecords`-th record.
    let fences: [DefaultFiledEntries.SortKey]
    private let descriptor: Int32

    /// Opens the run `name` in `folder` when it is whole and holds `count` records; nil
    /// otherwise.
    init?(folder: String, name: String, count: Int) {
        let fd = open(folder + "/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var header = [UInt64](repeating: 0, count: Self.headerWords)
        var status = stat()
        let pages = (count + DefaultFiledEntries.pageRecords - 1) / DefaultFiledEntries.pageRecords
        let expected = (Self.headerWords + count * DefaultFiledEntries.recordWords + pages * 3) * 8
        guard fstat(fd, &status) == 0, Int(status.st_size) == expected, WordIO.read(fd, at: 0, into: &header),
            header == [Self.magic, Self.version, UInt64(count), UInt64(pages)]
        else {
            close(fd)
            return nil
        }
        var words = [UInt64](repeating: 0, count: pages * 3)
        guard WordIO.read(fd, at: Self.headerWords + count * DefaultFiledEntries.recordWords, into: &words) else {
            close(fd)
            return nil
        }
        self.fences = (0..<pages).map { (words[$0 * 3], words[$0 * 3 + 1], words[$0 * 3 + 2]) }
        self.name = name
        self.count = count
        self.descriptor = fd
    }

    deinit { close(descriptor) }

    /// Reads `buffer.count` words from word `index` of the file; false on a short read.
    func read(at index: Int, into buffer: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        WordIO.read(descriptor, at: index, into: buffer)
    }

    /// The run's records as a stream of words.
    func words() -> WordStream {
        WordStream(range: Self.headerWords..<(Self.headerWords + count * DefaultFiledEntries.recordWords)) { [self] buffer, at in read(at: at, into: buffer) }
    }
}

/// Writes a `TransferRunFile` from records in ascending order.
struct TransferRunWriter {
    private let folder: String
    private let name: String
    private let descriptor: Int32
    private var words: [UInt64] = []
    private var fences: [UInt64] = []
    private var count = 0
    private var written = 0
    private var failed = false

    /// Creates a new run file with a fresh name in `folder`, starting with `prefix`; nil
    /// when the folder takes no file.
    init?(folder: String, prefix: String) {
        let name = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let fd = open(folder + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        (self.folder, self.name, self.descriptor) = (folder, name, fd)
        words = [UInt64](repeating: 0, count: TransferRunFile.headerWords)
    }

    /// Adds the next record (at least the previous one in sort order).
    mutating func add(_ key: DefaultFiledEntries.SortKey, id: UInt64, extra: UInt64) {
        if count % DefaultFiledEntries.pageRecords == 0 { fences += [key.0, key.1, key.2] }
        words += [key.0, key.1, key.2, id, extra]
        count += 1
        if words.count >= 1 << 15 { flush() }
    }

    /// Writes the fences and the header, syncs and opens the run; nil (the file removed)
    /// when any write failed.
    mutating func finish() -> TransferRunFile? {
        words += fences
        flush()
        let header: [UInt64] = [TransferRunFile.magic, TransferRunFile.version, UInt64(count), UInt64(fences.count / 3)]
        failed = failed || !WordIO.write(descriptor, at: 0, header) || fsync(descriptor) != 0
        close(descriptor)
        guard !failed, let run = TransferRunFile(folder: folder, name: name, count: count) else {
            unlink(folder + "/" + name)
            return nil
        }
        return run
    }

    private mutating func flush() {
        failed = failed || !WordIO.write(descriptor, at: written, words)
        written += words.count
        words.removeAll(keepingCapacity: true)
    }
}
