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
/// body as `ByteRecord`s: stamp, fingerprint, paired ids, then for the default-filed
/// entries and for the transfer entries: account and currency names in their runs'
/// numbering, and the runs' names and record counts.
public struct TransferSidecar {
    /// "PENNYTRF" read as a little-endian word.
    static let magic: UInt64 = 0x4652_5459_4E4E_4550
    /// The layout's version.
    static let version: UInt64 = 2

    /// The manifest's path.
    public let path: String
    /// The folder of the ledger (and of the sidecar's files).
    let folder: String
    /// The names of the run files start with this.
    let runPrefix: String

    /// One store of entries (`DefaultFiledEntries`): its numbering and its runs.
    struct Store {
        var accounts: [String] = []
        var currencies: [String] = []
        var runs: [(name: String, count: Int)] = []
    }

    /// What the manifest says.
    struct Contents {
        var stamp: LedgerStamp
        var fingerprint: String
        var paired: [UInt64]
        var defaultFiled: Store
        var transfers: Store
    }

    /// The sidecar of the ledger at `ledgerPath`.
    public init(ledgerPath: String) {
        let url = URL(fileURLWithPath: ledgerPath)
        folder = url.deletingLastPathComponent().path
        path = LedgerPath.hiddenSibling(of: ledgerPath, suffix: "penny-transfers")
        runPrefix = "." + url.lastPathComponent + ".penny-transfers."
    }

    /// The rules' part in what the sidecar keeps, as one line.
    public static func fingerprint(ownAccounts: Set<String>, targets: Set<String>, defaultCurrency: Currency) -> String {
        "own \(ownAccounts.sorted().joined(separator: "\u{1F}")) targets \(targets.sorted().joined(separator: "\u{1F}")) currency \(defaultCurrency.code)"
    }

    /// The manifest and its runs when they describe the ledger version `stamp` for the
    /// rules of `fingerprint` and every run is whole; nil otherwise.
    func load(stamp: LedgerStamp, fingerprint: String) -> (Contents, defaultFiled: [TransferRunFile], transfers: [TransferRunFile])? {
        guard let data = FileManager.default.contents(atPath: path), let contents = Self.decode([UInt8](data)),
            contents.stamp == stamp, contents.fingerprint == fingerprint,
            let defaultFiled = runFiles(contents.defaultFiled.runs), let transfers = runFiles(contents.transfers.runs)
        else { return nil }
        return (contents, defaultFiled, transfers)
    }

    /// The run files named, when every one is whole.
    private func runFiles(_ runs: [(name: String, count: Int)]) -> [TransferRunFile]? {
        var files: [TransferRunFile] = []
        for run in runs {
            guard run.name.hasPrefix(runPrefix), !run.name.contains("/"), let file = TransferRunFile(folder: folder, name: run.name, count: run.count) else {
                return nil
            }
            files.append(file)
        }
        return files
    }

    /// Replaces the manifest (temporary file, sync, rename), then removes the run files it
    /// no longer names; false when it could not be written (the old one, stale, stays).
    func write(_ contents: Contents) -> Bool {
        let bytes = Self.file(contents)
        do throws(PennyError) {
            let replacement = try FileReplacement(
                replacing: path, temporaryPath: path + ".tmp", kind: .sidecar,
                wording: { [path] in PennyError(.ledgerUnavailable, $0.reason, at: SourceLocation(file: path)) })
            guard bytes.withUnsafeBytes({ Foundation.write(replacement.descriptor, $0.baseAddress!, $0.count) }) == bytes.count else { return false }
            try replacement.commit()
        } catch { return false }
        removeRuns(except: Set((contents.defaultFiled.runs + contents.transfers.runs).map(\.name)))
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
        out.int(Int64(c.paired.count))
        for id in c.paired { out.int(Int64(bitPattern: id)) }
        for store in [c.defaultFiled, c.transfers] {
            out.strings(store.accounts)
            out.strings(store.currencies)
            out.int(Int64(store.runs.count))
            for run in store.runs {
                out.string(run.name)
                out.int(Int64(run.count))
            }
        }
        return out.bytes
    }

    /// The manifest file's bytes: its header words, then the body.
    static func file(_ contents: Contents) -> [UInt8] {
        let body = encode(contents)
        var out = ByteRecord()
        for word in [magic, version, UInt64(body.count), body.withUnsafeBytes { checksum($0) }] { out.int(Int64(bitPattern: word)) }
        return out.bytes + body
    }

    static func decode(_ bytes: [UInt8]) -> Contents? {
        bytes.withUnsafeBytes { raw in
            var input = ByteRecordReader(raw)
            guard let magic = input.int(), let version = input.int(), let length = input.int(), let sum = input.int(),
                UInt64(bitPattern: magic) == Self.magic, UInt64(bitPattern: version) == Self.version, length == raw.count - 32,
                UInt64(bitPattern: sum) == checksum(UnsafeRawBufferPointer(rebasing: raw[32...]))
            else { return nil }
            return decodeBody(&input)
        }
    }

    private static func decodeBody(_ input: inout ByteRecordReader) -> Contents? {
        var stampWords: [UInt64] = []
        for _ in 0..<6 {
            guard let w = input.int() else { return nil }
            stampWords.append(UInt64(bitPattern: w))
        }
        guard let fingerprint = input.string(), let pairedCount = input.count() else { return nil }
        var paired: [UInt64] = []
        for _ in 0..<pairedCount {
            guard let id = input.int() else { return nil }
            paired.append(UInt64(bitPattern: id))
        }
        guard let defaultFiled = decodeStore(&input), let transfers = decodeStore(&input), input.isAtEnd else { return nil }
        return Contents(stamp: LedgerStamp(words: stampWords), fingerprint: fingerprint, paired: paired, defaultFiled: defaultFiled, transfers: transfers)
    }

    private static func decodeStore(_ input: inout ByteRecordReader) -> Store? {
        guard let accounts = input.strings(), let currencies = input.strings(), let runCount = input.count() else { return nil }
        var store = Store(accounts: accounts, currencies: currencies)
        for _ in 0..<runCount {
            guard let name = input.string(), let count = input.int(), count >= 0, let records = Int(exactly: count) else { return nil }
            store.runs.append((name, records))
        }
        return store
    }

    /// The body's checksum (`StableHash` of its bytes).
    static func checksum(_ body: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        hash.combine(body.assumingMemoryBound(to: UInt8.self))
        return hash.value
    }
}
