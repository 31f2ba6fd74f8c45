import PennyCore
import PennyLedger
public import PennyRules

/// The ledger a command changes under its lock: the file, the rules the command applies,
/// and how long it waits for another run's lock (`RecategorizeRun`, `RoundUpApply`).
public struct LockedLedger {
    /// The rules the command applies.
    public let rules: RuleSet
    /// The ledger file.
    public let ledgerPath: String
    /// Seconds to wait for another run's lock.
    public var waitSeconds = 10

    /// `ledgerPath`, changed with `rules`.
    public init(rules: RuleSet, ledgerPath: String) {
        self.rules = rules
        self.ledgerPath = ledgerPath
    }

    /// Runs `change` holding the ledger's lock, once the ledger is known to be readable; the
    /// lock is let go when `change` returns or throws.
    func withLock<Result>(_ change: () throws(PennyError) -> Result) throws(PennyError) -> Result {
        let lock = try LedgerLock(ledgerPath: ledgerPath, waitSeconds: waitSeconds)
        defer { withExtendedLifetime(lock) {} }
        try LedgerCheck.requireReadable(ledgerPath, defaultCurrency: rules.defaultCurrency)
        return try change()
    }
}
