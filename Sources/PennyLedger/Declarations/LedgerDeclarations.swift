import Foundation
public import PennyCore

/// The names a ledger uses, declared for the strict checks of hledger (`check --strict`:
/// accounts and commodities) and ledger-cli (`--strict`: accounts, commodities and
/// metadata tags): `<ledger>.declarations.journal`, which Penny keeps beside the ledger and
/// includes from its head, one `commodity`, `account` or `tag` line per name, sorted.
///
/// Names are only ever added (a name no longer used stays declared, which neither tool
/// minds), so the file is rewritten — atomically — only when a run brings a new one.
public struct LedgerDeclarations: Equatable, Sendable {
    /// Account names, e.g. `assets:bank:aib`.
    public var accounts: Set<String> = []
    /// Commodity codes, e.g. `EUR`.
    public var commodities: Set<String> = []
    /// Metadata tag names, e.g. `id`.
    public var tags: Set<String> = []

    /// The tags Penny's own writers use (entries, statement details, a purchase abroad, `penny add`, round-ups).
    public static let pennyTags: Set<String> = [
        "id", "source", "rule", "note", "no-roundup", "memo", "counterparty", "iban", "type", "bank-payee", "original-amount", "original-currency",
        "exchange-rate", "added", "roundup", "sweep",
    ]

    /// No names.
    public init() {}

    /// The file's path for the ledger at `ledgerPath`.
    public static func path(forLedger ledgerPath: String) -> String { ledgerPath + ".declarations.journal" }

    /// The `include` argument the ledger names it by (relative to the ledger's folder).
    public static func includeName(forLedger ledgerPath: String) -> String {
        URL(fileURLWithPath: ledgerPath).lastPathComponent + ".declarations.journal"
    }

    /// True when it names nothing.
    public var isEmpty: Bool { accounts.isEmpty && commodities.isEmpty && tags.isEmpty }

    /// Adds every name of `other`.
    public mutating func formUnion(_ other: LedgerDeclarations) {
        accounts.formUnion(other.accounts)
        commodities.formUnion(other.commodities)
        tags.formUnion(other.tags)
    }

    /// True when `other` names nothing this does not.
    public func covers(_ other: LedgerDeclarations) -> Bool {
        other.accounts.isSubset(of: accounts) && other.commodities.isSubset(of: commodities) && other.tags.isSubset(of: tags)
    }

    /// The file's text: a comment, then commodities, accounts and tags, each sorted.
    public var text: String {
        var lines = [
            "; Accounts, commodities and tags the ledger uses, declared by Penny for hledger's and",
            "; ledger-cli's strict checks. Penny adds names here; it never removes them.",
            "",
        ]
        lines += commodities.sorted().map { "commodity \($0)" }
        lines += accounts.sorted().map { "account \($0)" }
        lines += tags.sorted().map { "tag \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The names declared in `text` (lines `account NAME`, `commodity CODE`, `tag NAME`).
    public init(parsing text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            guard let space = line.firstIndex(of: " ") else { continue }
            let name = line[line.index(after: space)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            switch line[..<space] {
            case "account": accounts.insert(name)
            case "commodity": commodities.insert(name)
            case "tag": tags.insert(name)
            default: continue
            }
        }
    }

    /// The names declared in the file at `path`; nil when there is no file.
    public static func read(path: String) -> LedgerDeclarations? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return LedgerDeclarations(parsing: String(decoding: data, as: UTF8.self))
    }

    /// Adds `names` to the ledger's declarations file, writing it (atomically) only when
    /// something is new or it does not exist yet.
    public static func record(_ names: LedgerDeclarations, forLedger ledgerPath: String) throws(PennyError) {
        let path = path(forLedger: ledgerPath)
        let existing = read(path: path)
        if let existing, existing.covers(names) { return }
        var merged = existing ?? LedgerDeclarations()
        merged.formUnion(names)
        try AtomicFile.write(merged.text, to: path)
    }
}
