import PennyCore

/// What an import needs from an existing ledger besides its ids, kept in the index sidecar:
/// the check's amount totals of the ledger's own lines, its `include`s (with their lines,
/// checked again at every open), how many line ends it has and its last byte (where an
/// appended line lands), whether it writes CRLF, and the tracked accounts' balances.
struct LedgerSummary {
    /// The default currency the check read the ledger in (`""` when it was not checked).
    var defaultCurrency = ""
    /// The magnitudes of the ledger's own amounts per currency (includes not counted).
    var totals: [Currency: Int64] = [:]
    /// `include` targets with their 1-based lines, in file order.
    var includes: [(String, Int)] = []
    /// How many `\n` the ledger has.
    var newlines = 0
    /// Its last byte (`\n` for an empty file).
    var lastByte: UInt8 = 0x0A
    /// True when its first line ends with CRLF.
    var writesCRLF = false
    /// The tracked accounts' balances per day.
    var balances = StatementBalances(accounts: [])

    /// The lines the check numbers: a last line without `\n` counts too.
    var lineCount: Int { newlines + (lastByte == 0x0A ? 0 : 1) }

    /// The summary's bytes in the index.
    func encoded() -> [UInt8] {
        var out = ByteRecord()
        out.string(defaultCurrency)
        out.int(Int64(newlines))
        out.int(Int64(lastByte))
        out.int(writesCRLF ? 1 : 0)
        out.int(Int64(totals.count))
        for (currency, total) in totals.sorted(by: { $0.key.code < $1.key.code }) {
            out.string(currency.code)
            out.int(total)
        }
        out.int(Int64(includes.count))
        for (name, line) in includes {
            out.string(name)
            out.int(Int64(line))
        }
        out.int(Int64(balances.accounts.count))
        for account in balances.accounts.sorted() { out.string(account) }
        let entries = balances.entries
        out.int(Int64(entries.count))
        for e in entries {
            out.string(e.account)
            out.string(e.currency)
            out.int(Int64(e.day))
            out.int(e.amount)
        }
        return out.bytes
    }

    /// Reads a summary back; nil when the bytes are not one.
    init?(decoding bytes: UnsafeRawBufferPointer) {
        var input = ByteRecordReader(bytes)
        guard let currency = input.string(), let newlines = input.int(), let lastByte = input.int(), let crlf = input.int(), let totalCount = input.count() else {
            return nil
        }
        defaultCurrency = currency
        self.newlines = Int(newlines)
        guard let last = UInt8(exactly: lastByte) else { return nil }
        self.lastByte = last
        writesCRLF = crlf == 1
        for _ in 0..<totalCount {
            guard let code = input.string(), let c = Currency(code: code), let total = input.int() else { return nil }
            totals[c] = total
        }
        guard let includeCount = input.count() else { return nil }
        for _ in 0..<includeCount {
            guard let name = input.string(), let line = input.int() else { return nil }
            includes.append((name, Int(line)))
        }
        guard let accountCount = input.count() else { return nil }
        var accounts: Set<String> = []
        for _ in 0..<accountCount {
            guard let a = input.string() else { return nil }
            accounts.insert(a)
        }
        guard let entryCount = input.count() else { return nil }
        var entries: [(account: String, currency: String, day: Int, amount: Int64)] = []
        for _ in 0..<entryCount {
            guard let a = input.string(), let c = input.string(), let day = input.int(), let amount = input.int() else { return nil }
            entries.append((a, c, Int(day), amount))
        }
        guard input.isAtEnd else { return nil }
        balances = StatementBalances(accounts: accounts, entries: entries)
    }

    /// An empty summary.
    init() {}
}

/// Little-endian integers and length-prefixed UTF-8 strings.
struct ByteRecord {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func string(_ value: String) {
        int(Int64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// A count, then each string.
    mutating func strings(_ values: [String]) {
        int(Int64(values.count))
        for value in values { string(value) }
    }
}

/// Reads a `ByteRecord`, refusing anything out of bounds.
struct ByteRecordReader {
    private let bytes: UnsafeRawBufferPointer
    private var at = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { at == bytes.count }

    mutating func int() -> Int64? {
        guard bytes.count - at >= 8 else { return nil }
        defer { at += 8 }
        return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int64.self))
    }

    /// A count that cannot be larger than what is left.
    mutating func count() -> Int? {
        guard let n = int(), n >= 0, n <= bytes.count - at else { return nil }
        return Int(n)
    }

    mutating func string() -> String? {
        guard let n = count() else { return nil }
        defer { at += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + n)]), as: UTF8.self)
    }

    /// A count, then that many strings.
    mutating func strings() -> [String]? {
        guard let n = count() else { return nil }
        var values: [String] = []
        for _ in 0..<n {
            guard let value = string() else { return nil }
            values.append(value)
        }
        return values
    }
}
