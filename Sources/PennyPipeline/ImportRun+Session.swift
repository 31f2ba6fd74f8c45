import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyRoundUp
import PennyRules

/// One `penny import` once the lock is held and the files are listed: the update, the
/// importer wired to the rules, the round-ups following the update, and what the files did
/// so far. `ImportRun`'s steps take it `inout`.
struct ImportSession {
    /// The ledger's update (written at `commit`).
    let update: LedgerUpdate
    /// The importer; its account resolver is set per file.
    var importer: StatementImporter
    /// How readers read (rows lent when the row lane is on).
    let configuration: ReaderConfiguration
    /// The rules' categorizer (the reader's thread uses it too: `EventPipe`).
    let categorizer: Categorizer
    /// Chooses each file's reader; writes a CSV profile worked out for a file.
    let autoProfile: CSVAutoProfile
    /// The round-up programs' derived journal.
    let roundUps: RoundUpRun
    /// Whether the round-ups journal is rewritten after the commit.
    let derivesRoundUps: Bool
    /// Follows the update entry by entry; nil when round-ups are not derived.
    let roundUpIncrement: RoundUpIncrement?
    /// Keeps the ledger's declarations file in step; nil for a dry run.
    let declarations: DeclarationsKeeper?
    /// The first rule that gave up: it stops the run.
    var ruleFailure: PennyError?
    /// The imported files' counts together.
    var total = FileOutcome()
    /// How many files imported.
    var importedFiles = 0
    /// How many files were rejected or refused.
    var rejected: Int
    /// Batch mode: why each rejected file failed (it goes to the quarantine).
    var failures: [String: PennyError] = [:]
    /// Batch mode: each file as it was when read; it is filed only if still so.
    var asRead: [String: FileIdentity] = [:]
    /// Batch mode: each file as it was when the inbox was listed (the first look).
    var firstLook: [String: FileIdentity] = [:]
}

/// The files one run imports.
struct ImportListing {
    /// The statements to read, in order.
    var files: [String] = []
    /// Batch mode: inbox entries refused unread.
    var refused: [InboxListing.Entry] = []
    /// Paths that could not be listed.
    var rejected = 0
    /// Batch mode: each file as listed, and when (the system's uptime: no wall clock).
    var firstLook: [String: FileIdentity] = [:]
    /// When the inbox was listed, in seconds of uptime.
    var listedAt = ProcessInfo.processInfo.systemUptime
}

extension ImportRun {
    /// The files to import: the inbox's in batch mode, else `paths` expanded (a path that
    /// cannot be is rejected); nil when the inbox has nothing to import (said).
    func list(_ paths: [String]) throws(PennyError) -> ImportListing? {
        var listing = ImportListing()
        guard let filing else {
            for path in paths {
                do throws(PennyError) { listing.files += try Self.expand(path) } catch {
                    console.error(error)
                    record?.rejected(path, error)
                    listing.rejected += 1
                }
            }
            return listing
        }
        let folders = Set(rules.accounts.flatMap(\.shortNames))
        let inbox = try InboxListing.list(filing.inbox, accountFolders: folders)
        for entry in inbox.left {
            console.say("\(entry.displayName): left in the inbox: \(entry.reason)")
            record?.left(entry.displayName, entry.reason)
        }
        if inbox.isIdle {
            console.say("\(filing.inbox): no statements to import")
            return nil
        }
        listing.files = inbox.files
        listing.refused = inbox.refused
        for file in inbox.files { listing.firstLook[file] = FileIdentity(path: file) }
        listing.listedAt = ProcessInfo.processInfo.systemUptime
        return listing
    }

    /// Opens the ledger's update (its check done in the update's one read of the ledger),
    /// wires the importer to the rules and lets the round-ups follow the update.
    func openSession(rejected: Int) throws(PennyError) -> ImportSession {
        let ledgerExisted = FileManager.default.fileExists(atPath: ledgerPath)
        let update = try LedgerUpdate(
            ledgerPath: ledgerPath, dryRun: dryRun, balanceAccounts: Set(rules.accounts.map(\.name)), checkingIn: rules.defaultCurrency)
        let ledgerTotals = update.magnitudes
        var configuration = ReaderConfiguration(
            csvProfiles: rules.csvProfiles, defaultCurrency: rules.defaultCurrency,
            accountCurrencies: Dictionary(rules.accounts.compactMap { a in a.currency.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        configuration.lendsRows = usesRowLane
        let categorizer = Categorizer(rules)
        let autoProfile = CSVAutoProfile(rules: rules, rulesPath: rulesPath, accountOverride: accountOverride)
        var importer = try makeImporter(update: update, categorizer: categorizer)
        importer.magnitudes = AmountTotals(ledgerTotals)
        let roundUps = RoundUpRun(rules: rules, ledgerPath: ledgerPath)
        let declarations = dryRun ? nil : DeclarationsKeeper(ledgerPath: ledgerPath, roundUps: rules.roundUps)
        try declarations?.open(update)
        if !rules.roundUps.isEmpty && !dryRun {
            try roundUps.ensureDerivedFileExists()
            try update.ensureInclude(roundUps.includeName)
        }
        // Round-ups follow the update entry by entry, from the sidecar's totals of the ledger
        // as read (a new ledger has none): no second read of the ledger after the commit.
        let derivesRoundUps = !dryRun && (!rules.roundUps.isEmpty || FileManager.default.fileExists(atPath: roundUps.derivedPath))
        let roundUpIncrement = derivesRoundUps ? roundUps.increment(ledgerExisted: ledgerExisted) : nil
        // One observer per row: the round-ups' tap tells the declarations' directly.
        roundUpIncrement?.tap.declarations = declarations?.tap
        if let tap = roundUpIncrement?.tap { update.observer = tap } else { update.observer = declarations?.tap }
        return ImportSession(
            update: update, importer: importer, configuration: configuration, categorizer: categorizer, autoProfile: autoProfile, roundUps: roundUps,
            derivesRoundUps: derivesRoundUps, roundUpIncrement: roundUpIncrement, declarations: declarations, rejected: rejected)
    }

    /// The importer: the rules' accounts, categories, transfers and (own accounts in several
    /// currencies) exchanges, and the row lane.
    func makeImporter(update: LedgerUpdate, categorizer: Categorizer) throws(PennyError) -> StatementImporter {
        let rules = self.rules
        let transfers = try Self.transferIndex(rules: rules, ledgerPath: ledgerPath)
        var importer = StatementImporter(
            update: update,
            resolveAccount: { (header) throws(PennyError) in try rules.resolveAccount(for: header, override: nil, fallback: nil) },
            categorize: { transaction, folded, account in categorizer.categorize(transaction, foldedDescription: folded, account: account) },
            declaredOpenings: Set(rules.accounts.filter { $0.opening != nil }.map(\.name)),
            ownAccounts: Set(rules.accounts.map(\.name)), transfers: transfers, transferTargets: rules.transferTargets)
        importer.rowLane = Self.rowLane(rules: rules, categorizer: categorizer)
        importer.accountCurrencies = Dictionary(rules.accounts.map { ($0.name, rules.currency(ofAccount: $0.name)) }, uniquingKeysWith: { a, _ in a })
        // Own accounts in several currencies: a transfer between two of them is an exchange,
        // paired when the rates held find the amounts plausible.
        if Set(rules.accounts.map { rules.currency(ofAccount: $0.name) }).count > 1 {
            importer.exchanges = ExchangeMatcher(rates: try RateBook.load(rules: rules, ledgerPath: ledgerPath))
        }
        return importer
    }

    /// The row lane: the categorizer's verdicts (with storage of its own) and a renderer of
    /// the rules' decisions and the two defaults.
    static func rowLane(rules: RuleSet, categorizer: Categorizer) -> StatementImporter.RowLane {
        var scratch = Categorizer.MatchScratch()
        return StatementImporter.RowLane(
            verdict: { row, folded, account in categorizer.verdict(row: row, foldedDescription: folded, account: account, scratch: &scratch) },
            renderer: RowEntryRenderer(
                ruleDecisions: categorizer.ruleDecisions, defaultExpense: categorizer.defaultDecision(for: Money(minorUnits: -1, currency: rules.defaultCurrency)),
                defaultIncome: categorizer.defaultDecision(for: Money(minorUnits: 0, currency: rules.defaultCurrency)))
        )
    }
}
