import Foundation
import PennyCore
import PennyLedger
import PennyRules

/// Keeps a ledger's declarations file (`LedgerDeclarations`) in step with a command that
/// writes to the ledger: `open` includes the file from a new ledger's head, the tap gathers
/// the names of what is appended, and `record` adds them to the file before the ledger is
/// committed (a name declared but then not written is harmless; one written but not
/// declared would fail the strict checks). A run that appends nothing changes nothing.
///
/// A ledger that has no declarations file yet (one an older Penny wrote) is read whole
/// once, at the first `record` that writes, and gets the `include` at its end.
final class DeclarationsKeeper {
    /// Gathers the names of the appended entries.
    let tap = DeclarationTap()
    /// Names to declare besides what the tap saw (prices' commodities, a sweep's accounts);
    /// any makes `record` write.
    var extra = LedgerDeclarations()
    private let ledgerPath: String
    private let isNewLedger: Bool
    private let scansLedger: Bool
    /// The round-up programs' pots, destinations and funding: the round-ups journal's.
    private let roundUpAccounts: Set<String>

    /// A keeper for `ledgerPath` (made before the ledger is first written);
    /// `roundUps` are the rules' programs.
    init(ledgerPath: String, roundUps: [RoundUpProgram]) {
        self.ledgerPath = ledgerPath
        isNewLedger = !FileManager.default.fileExists(atPath: ledgerPath)
        scansLedger = !isNewLedger && !FileManager.default.fileExists(atPath: LedgerDeclarations.path(forLedger: ledgerPath))
        roundUpAccounts = Set(roundUps.flatMap { $0.destinations.map(\.account) + [$0.pot, $0.funding].compactMap { $0 } })
    }

    /// Includes the declarations file from a new ledger, on its first lines.
    func open(_ update: LedgerUpdate) throws(PennyError) {
        if isNewLedger { try update.ensureInclude(LedgerDeclarations.includeName(forLedger: ledgerPath)) }
    }

    /// Adds what was appended (and, the first time, what the ledger held) to the file, and
    /// includes it from the ledger (`update`) if it is not yet.
    func record(_ update: LedgerUpdate?) throws(PennyError) {
        guard isNewLedger || tap.sawAppend || !extra.isEmpty else { return }
        try update?.ensureInclude(LedgerDeclarations.includeName(forLedger: ledgerPath))
        var names = tap.names
        names.formUnion(extra)
        names.accounts.formUnion(roundUpAccounts)
        if scansLedger { names.formUnion(try DeclarationScan.names(path: ledgerPath)) }
        try LedgerDeclarations.record(names, forLedger: ledgerPath)
    }
}
