public import PennyCore
import Foundation

/// What transfer pairing needs from the ledger, kept beside it so an import does not read
/// a large ledger whole: `.<ledger>.penny-transfers` (this manifest) and the sorted runs of
/// default-filed entries it names (`.<ledger>.penny-transfers.<hex>`, `TransferRunFile`).
///
/// The manifest holds the `LedgerStamp` of the ledger version it describes and the
/// fingerprint of the rules it was kept for (own accounts, the accounts a leg can name,
/// the default currency): the import uses it only when both match, and reads the ledger
/// otherwise, as without it. It is written after the commit, derived data like the index:
/// a run killed before leaves the old manifest, which its stamp makes stale.
///
/// Layout: magic, version, body length and body checksum (little-endian words), then the
/// body as `ByteRecord`s: stamp, fingerprint, account and currency names in the runs'
/// numbering, transfer entries, paired ids, and the runs' names and record counts.
public struct TransferSidecar {
    /// "PENNYTRF" read as a little-endian word.
    static let magic: UInt64 = 0x4652_5459_4E4E_4550
    /// The layout's version.
    static let version: UInt64 = 1

    /// The manifest's path.
    public let path: String
    /// The folder of the ledger (and of the sidecar's files).
    let folder: String
    /// The names of the run files start with this.
    let runPrefix: String

    /// What the manifest says.
    struct Contents {
        var stamp: LedgerStamp
        var fingerprint: String
        var accounts: [String]
        var currencies: [String]
        var transfers: [TransferIndex.Entry]
        var paired: [UInt64]
        var runs: [(name: String, count: Int)]
    }

    /// The sidecar of the ledger at `ledgerPath`.
    public init(ledgerPath: String) {
        let url = URL(fileURLWithPath: ledgerPath)
        folder = url.deletingLastPathComponent().path
        path = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".penny-transfers").path
        runPrefix = "." + url.lastPathComponent + ".penny-transfers."
    }

    /// The rules' part in what the sidecar keeps, as one line.
    public static func fingerprint(ownAccounts: Set<String>, targets: Set<String>, defaultCurrency: Currency) -> String {
        "own \(ownAccounts.sorted().joined(separator: "\u{1F}")) targets \(targets.sorted().joined(separator: "\u{1F}")) currency \(defaultCurrency.code)"
    }

    /// The manifest and its runs when they describe the ledger version `stamp` for the
    /// rules of `fingerprint` and every run is whole; nil otherwise.
    func load(stamp: LedgerStamp, fingerprint: String) -> (Contents, [TransferRunFile])? {
        guard let data = FileManager.default.contents(atPath: path), let contents = Self.decode([UInt8](data)),
            contents.stamp == stamp, contents.fingerprint == fingerprint
        else { return nil }
        var files: [TransferRunFile] = []
        for run in contents.runs {
            guard run.name.hasPrefix(runPrefix), !run.name.contains("/"), let file = TransferRunFile(folder: folder, name: run.name, count: run.count) else {
                return nil
            }
            files.append(file)
        }
        return (contents, files)
    }

    /// Replaces the manifest (temporary file, sync, rename), then removes the run files it
    /// no longer names; false when it could not be written (the old one, stale, stays).
    func write(_ contents: Contents) -> Bool {
        let body = Self.encode(contents)
        let words: [UInt64] = [Self.magic, Self.version, UInt64(body.count), Self.checksum(body)]
        let bytes = words.flatMap { word in withUnsafeBytes(of: word.littleEndian) { Array($0) } } + body
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, $0.count) } == bytes.count
        let synced = written && fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        removeRuns(except: Set(contents.runs.map(\.name)))
        return true
    }

    /// Removes the sidecar's run files not in `kept` (runs merged away, or written by a run
    /// killed before its manifest).
    func removeRuns(except kept: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(runPrefix) && !kept.contains(name) && !name.hasSuffix(".tmp") {
            unlink(folder + "/" + name)
        }
    }

    /// Removes the manifest and every run file (the rules no longer pair transfers).
    public func remove() {
        unlink(path)
        removeRuns(except: [])
    }

    static func encode(_ c: Contents) -> [UInt8] {
        var out = ByteRecord()
        for word in c.stamp.words { out.int(Int64(bitPattern: word)) }
        out.string(c.fingerprint)
        out.strings(c.accounts)
        out.strings(c.currencies)
        out.int(Int64(c.transfers.count))
        for e in c.transfers {
            out.int(Int64(bitPattern: e.id))
            out.string(e.side)
            out.string(e.other)
            out.int(Int64(e.date.dayNumber))
            out.int(e.otherAmount.minorUnits)
            out.string(e.otherAmount.currency.code)
        }
        out.int(Int64(c.paired.count))
        for id in c.paired { out.int(Int64(bitPattern: id)) }
        out.int(Int64(c.runs.count))
        for run in c.runs {
            out.string(run.name)
            out.int(Int64(run.count))
        }
        return out.bytes
    }

    static func decode(_ bytes: [UInt8]) -> Contents? {
        guard bytes.count >= 32 else { return nil }
        let header = (0..<4).map { i in bytes[(i * 8)..<(i * 8 + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let body = Array(bytes[32...])
        guard header[0] == magic, header[1] == version, header[2] == UInt64(body.count), header[3] == checksum(body) else { return nil }
        return body.withUnsafeBytes { raw in
            var input = ByteRecordReader(raw)
            return decodeBody(&input)
        }
    }

    private static func decodeBody(_ input: inout ByteRecordReader) -> Contents? {
        var stampWords: [UInt64] = []
        for _ in 0..<6 {
            guard let w = input.int() else { return nil }
            stampWords.append(UInt64(bitPattern: w))
        }
        guard let fingerprint = input.string(), let accounts = input.strings(), let currencies = input.strings(), let transferCount = input.count() else { return nil }
        var transfers: [TransferIndex.Entry] = []
        for _ in 0..<transferCount {
            guard let id = input.int(), let side = input.string(), let other = input.string(), let day = input.int(), let units = input.int(),
                let code = input.string(), let currency = Currency(code: code), let days = Int(exactly: day)
            else { return nil }
            let amount = Money(minorUnits: units, currency: currency)
            transfers.append(.init(id: UInt64(bitPattern: id), side: side, other: other, date: LocalDate(dayNumber: days), otherAmount: amount))
        }
        guard let pairedCount = input.count() else { return nil }
        var paired: [UInt64] = []
        for _ in 0..<pairedCount {
            guard let id = input.int() else { return nil }
            paired.append(UInt64(bitPattern: id))
        }
        guard let runCount = input.count() else { return nil }
        var runs: [(name: String, count: Int)] = []
        for _ in 0..<runCount {
            guard let name = input.string(), let count = input.int(), count >= 0, let records = Int(exactly: count) else { return nil }
            runs.append((name, records))
        }
        guard input.isAtEnd else { return nil }
        return Contents(
            stamp: LedgerStamp(words: stampWords), fingerprint: fingerprint, accounts: accounts, currencies: currencies, transfers: transfers, paired: paired,
            runs: runs)
    }

    /// FNV-1a over the body.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
