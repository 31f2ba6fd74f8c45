import Foundation
public import PennyCore

/// The statement formats Penny reads.
public enum StatementFormat: String, Sendable, CaseIterable {
    case csv, ofx, camt, json, qif, mt940
}

/// What readers look at to decide whether a file is theirs: its name and first bytes.
public struct FileProbe: Sendable {
    /// The file's URL.
    public let url: URL
    /// The file name without directories.
    public var fileName: String { url.lastPathComponent }
    /// Up to the first 4 KiB of the file.
    public let head: [UInt8]

    /// Reads the first bytes of `url`.
    public init(url: URL) throws(PennyError) {
        self.url = url
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            self.head = Array(try handle.read(upToCount: 4096) ?? Data())
        } catch {
            throw .badInput("cannot read file: \(error.localizedDescription)", at: SourceLocation(file: url.path))
        }
    }

    /// The whole file, for readers of small documents (OFX, JSON).
    public func contents(displayName: String) throws(PennyError) -> [UInt8] {
        do { return Array(try Data(contentsOf: url)) } catch {
            throw .badInput("cannot read file: \(error.localizedDescription)", at: SourceLocation(file: displayName))
        }
    }

    /// The first byte that is not white space or a UTF-8 byte-order mark.
    public var firstSignificantByte: UInt8? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    }

    /// Makes a probe from bytes already in memory (tests).
    public init(url: URL, head: [UInt8]) {
        self.url = url
        self.head = head
    }
}

/// What a reader needs to know from the rules: CSV profiles and currencies.
public struct ReaderConfiguration: Sendable {
    /// CSV profiles in rules order.
    public var csvProfiles: [CSVProfile]
    /// The currency used when neither the file nor the account gives one.
    public var defaultCurrency: Currency
    /// Declared currencies of own accounts, by ledger name.
    public var accountCurrencies: [String: Currency]
    /// True when the reader may send plain rows as `.rows` (the importer's row lane, which
    /// `penny import` asks for); false, the default, sends every row as `.transaction`.
    public var lendsRows = false

    /// Makes a configuration.
    public init(csvProfiles: [CSVProfile], defaultCurrency: Currency, accountCurrencies: [String: Currency] = [:]) {
        self.csvProfiles = csvProfiles
        self.defaultCurrency = defaultCurrency
        self.accountCurrencies = accountCurrencies
    }
}

/// A statement format: recognizes its files and streams their statements.
///
/// Readers are values in one list (`ReaderRegistry`); adding a format is one type and
/// one entry. A reader never keeps a whole file in memory, and it validates as it goes:
/// the caller commits nothing until `read` returns without throwing.
public protocol StatementReader: Sendable {
    /// The format this reader handles.
    var format: StatementFormat { get }
    /// True when the file looks like this reader's format.
    func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool
    /// Streams the file's statements and transactions to `emit`, in file order.
    func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError)
}
