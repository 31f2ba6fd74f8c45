import Foundation
public import PennyCore
public import PennyLedger
public import PennyRules

/// `penny recategorize`: the current rules applied again to what a rule categorized, under
/// the ledger's lock, with the round-ups derived again afterwards.
public struct RecategorizeRun {
    /// The ledger, the rules to apply and how long to wait for the ledger's lock.
    public var ledger: LockedLedger

    /// A run over `ledgerPath` with `rules`.
    public init(rules: RuleSet, ledgerPath: String) {
        ledger = LockedLedger(rules: rules, ledgerPath: ledgerPath)
    }

    /// The changes made (or, with `dryRun`, the changes that would be made) between the dates;
    /// `underLock` runs under the ledger's lock just before the ledger is rewritten (a
    /// categorizing session writes its rules there).
    public func perform(
        from first: LocalDate?, to last: LocalDate?, dryRun: Bool, underLock: (() throws(PennyError) -> Void)? = nil
    ) throws(PennyError) -> Recategorization {
        let (rules, ledgerPath) = (ledger.rules, ledger.ledgerPath)
        let categorizer = Categorizer(rules)
        let recategorizer = LedgerRecategorizer(rules: rules.auditFacts, decide: { transaction, account in categorizer.categorize(transaction, account: account) })
        let changes = try ledger.withLock { () throws(PennyError) -> Recategorization in
            // A regular expression that gives up stops the run (`find` throws it) before
            // `underLock` (a session's rules) or the ledger is written.
            let changes = try recategorizer.find(ledgerPath: ledgerPath, from: first, to: last)
            try underLock?()
            if !dryRun { try recategorizer.write(changes, to: ledgerPath) }
            // The new categories declared, still under the lock (a ledger not yet declared is
            // read whole at its next import, or by `penny ledger declare`).
            if !dryRun, FileManager.default.fileExists(atPath: LedgerDeclarations.path(forLedger: ledgerPath)) {
                var names = LedgerDeclarations()
                names.accounts = Set(changes.changes.map(\.newCategory))
                do throws(PennyError) { try LedgerDeclarations.record(names, forLedger: ledgerPath) } catch {
                    throw PennyError(
                        error.kind, "the ledger was recategorized, but its declarations could not be written (\(error.message)): run 'penny ledger declare'",
                        at: SourceLocation(file: ledgerPath))
                }
            }
            return changes
        }
        // New categories can change which purchases round up: derive the round-ups again.
        if !dryRun { try RoundUpRun(rules: rules, ledgerPath: ledgerPath).refreshIfStale() }
        return changes
    }
}
