public import PennyCore
import PennyLedger
public import PennyRoundUp
public import PennyRules

/// `penny roundup apply NAME`: a person's decision to sweep a program's whole pot, written
/// to the ledger under its lock, then the round-ups derived again.
public struct RoundUpApply {
    /// What applying did.
    public enum Outcome: Equatable {
        /// The ledger has no transactions, so there is no date to sweep on.
        case nothingToSweep
        /// The pot was empty on that date.
        case emptyPot(LocalDate)
        /// The sweep the decision made.
        case swept(Sweep)
    }

    /// The ledger, the rules with the program and how long to wait for the ledger's lock.
    public var ledger: LockedLedger

    /// Applying over `ledgerPath` with `rules`.
    public init(rules: RuleSet, ledgerPath: String) {
        ledger = LockedLedger(rules: rules, ledgerPath: ledgerPath)
    }

    /// Sweeps `program`'s pot on `date` (default: the ledger's latest transaction date).
    public func perform(program: String, date: LocalDate?) throws(PennyError) -> Outcome {
        let (rules, ledgerPath) = (ledger.rules, ledger.ledgerPath)
        let run = RoundUpRun(rules: rules, ledgerPath: ledgerPath)
        return try ledger.withLock { () throws(PennyError) -> Outcome in
            // The sidecar's totals when they are of this ledger: the decision is the only change.
            var totals: RoundUpTotals
            if let fresh = run.freshTotals() { totals = fresh } else { totals = try run.scanTotals() }
            guard let sweepDate = date ?? totals.asOf else { return .nothingToSweep }
            let update = try LedgerUpdate(ledgerPath: ledgerPath, dryRun: false)
            let declarations = DeclarationsKeeper(ledgerPath: ledgerPath, roundUps: rules.roundUps)
            try declarations.open(update)
            declarations.extra.accounts = Set(rules.roundUps.first { $0.name == program }.map { $0.destinations.map(\.account) + [$0.pot].compactMap { $0 } } ?? [])
            try declarations.record(update)
            try run.ensureDerivedFileExists()
            try update.ensureInclude(run.includeName)
            if try update.appendOnce(.roundUpApply(program: program, date: sweepDate)) { totals.manualSweeps.append(ManualSweep(program: program, date: sweepDate)) }
            try update.commit()
            let after = try run.write(totals)
            guard let sweep = after.sweeps.first(where: { $0.program == program && $0.date == sweepDate }) else { return .emptyPot(sweepDate) }
            return .swept(sweep)
        }
    }
}
