import Foundation
public import PennyCore
import PennyImport
import PennyLedger

/// `penny prices import FILE...`: the ECB's reference rates written as `P` lines to
/// `<ledger>.prices.journal` (merged, one per day and pair), included by the ledger;
/// all under the ledger's lock, each file replaced in one step.
public struct PricesImport {
    /// What an import did.
    public struct Outcome: Equatable, Sendable {
        /// Rates new to the prices journal.
        public let added: Int
        /// Rates it held already.
        public let duplicates: Int
        /// The prices journal.
        public let path: String
    }

    /// The ledger file.
    public let ledgerPath: String
    /// The currency of amounts without one, for the ledger check.
    public let defaultCurrency: Currency
    /// Seconds to wait for another run's lock.
    public var waitSeconds = 10

    /// Importing rates for `ledgerPath`.
    public init(ledgerPath: String, defaultCurrency: Currency) {
        self.ledgerPath = ledgerPath
        self.defaultCurrency = defaultCurrency
    }

    /// Reads every file first (a bad one changes nothing), then writes under the lock.
    public func perform(files: [String]) throws(PennyError) -> Outcome {
        var rates: [ExchangeRate] = []
        for file in files { rates += try ECBRatesReader.read(path: file) }
        let lock = try LedgerLock(ledgerPath: ledgerPath, waitSeconds: waitSeconds)
        defer { withExtendedLifetime(lock) {} }
        try LedgerCheck.requireReadable(ledgerPath, defaultCurrency: defaultCurrency)
        let journal = PricesJournal(ledgerPath: ledgerPath)
        let merge = try journal.merge(rates)
        if merge.added > 0 || !FileManager.default.fileExists(atPath: journal.path) { try AtomicFile.write(merge.text, to: journal.path) }
        let update = try LedgerUpdate(ledgerPath: ledgerPath, dryRun: false)
        let declarations = DeclarationsKeeper(ledgerPath: ledgerPath, roundUps: [])
        try declarations.open(update)
        declarations.extra.commodities = Set(rates.flatMap { [$0.from.code, $0.to.code] })
        try declarations.record(update)
        try update.ensureInclude(journal.includeName)
        try update.commit()
        return Outcome(added: merge.added, duplicates: merge.duplicates, path: journal.path)
    }
}
