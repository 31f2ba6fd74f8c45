import Foundation
public import PennyCore

/// The rewrites `penny ledger` makes, each under the ledger's lock and atomic (a temporary
/// file beside the ledger, fsync, rename): the index sidecar and the round-ups' state name
/// the old version of the ledger, so the next command reads it again.
public enum LedgerMaintenance {
    /// Sorts the ledger (`LedgerSort`); false when it was in order already (nothing written).
    public static func sort(ledgerPath: String, waitSeconds: Int) throws(PennyError) -> Bool {
        let lock = try LedgerLock(ledgerPath: ledgerPath, waitSeconds: waitSeconds)
        defer { withExtendedLifetime(lock) {} }
        try LedgerText.check(ledgerPath)
        guard let data = FileManager.default.contents(atPath: ledgerPath) else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: ledgerPath))
        }
        let name = URL(fileURLWithPath: ledgerPath).lastPathComponent
        guard let sorted = LedgerSort.sorted(String(decoding: data, as: UTF8.self), ledgerName: name) else { return false }
        try AtomicFile.write(sorted, to: ledgerPath)
        return true
    }

    /// Declares every name the ledger and its includes use (`DeclarationScan`), including
    /// the declarations file from the ledger if it does not yet; returns how many names
    /// were new.
    public static func declare(ledgerPath: String, waitSeconds: Int) throws(PennyError) -> Int {
        let lock = try LedgerLock(ledgerPath: ledgerPath, waitSeconds: waitSeconds)
        defer { withExtendedLifetime(lock) {} }
        let names = try DeclarationScan.names(path: ledgerPath)
        let path = LedgerDeclarations.path(forLedger: ledgerPath)
        let before = LedgerDeclarations.read(path: path) ?? LedgerDeclarations()
        try LedgerDeclarations.record(names, forLedger: ledgerPath)
        let update = try LedgerUpdate(ledgerPath: ledgerPath, dryRun: false)
        try update.ensureInclude(LedgerDeclarations.includeName(forLedger: ledgerPath))
        try update.commit()
        var all = before
        all.formUnion(names)
        return all.accounts.count + all.commodities.count + all.tags.count - before.accounts.count - before.commodities.count - before.tags.count
    }
}
