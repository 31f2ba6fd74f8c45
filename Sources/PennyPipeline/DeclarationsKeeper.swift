import Foundation
import PennyCore
import PennyLedger
import PennyRules

/// Keeps a ledger's declarations file (`LedgerDeclarations`) in step with a command that
/// appends to the ledger: `open` includes the file from the ledger (at its head for a new
/// ledger), the tap gathers the names of what is appended, and `record` adds them to the
/// file before the ledger is committed (a name declared but then not written is harmless;
/// one written but not declared would fail the strict checks).
///
/// A ledger that has no declarations file yet (one an older Penny wrote) is read whole
/// once, at that first `record`.
final class DeclarationsKeeper {
    /// Gathers the names of the appended entries.
    let tap = DeclarationTap()
    private let ledgerPath: String
    private let scansLedger: Bool

    /// A keeper for `ledgerPath`; the rules' round-up accounts (pots, destinations,
    /// funding) are declared with the rest, since the round-ups journal uses them.
    init(ledgerPath: String, rules: RuleSet) {
        self.ledgerPath = ledgerPath
        let path = LedgerDeclarations.path(forLedger: ledgerPath)
        scansLedger = FileManager.default.fileExists(atPath: ledgerPath) && !FileManager.default.fileExists(atPath: path)
        for program in rules.roundUps {
            tap.add(accounts: program.destinations.map(\.account) + [program.pot, program.funding].compactMap { $0 })
        }
    }

    /// Includes the declarations file from the ledger unless it does already.
    func open(_ update: LedgerUpdate) throws(PennyError) {
        try update.ensureInclude(LedgerDeclarations.includeName(forLedger: ledgerPath))
    }

    /// Adds what was appended (and, the first time, what the ledger held) to the file.
    func record() throws(PennyError) {
        var names = tap.names
        if scansLedger { names.formUnion(try DeclarationScan.names(path: ledgerPath)) }
        try LedgerDeclarations.record(names, forLedger: ledgerPath)
    }
}
