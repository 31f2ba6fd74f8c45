import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyReport
import PennyRoundUp
import PennyRules

/// Wires readers, rules and the ledger for one `penny import`, and prints its lines.
public struct ImportRun {
    /// The rules the run categorizes and resolves accounts with.
    public let rules: RuleSet
    /// The ledger file (a symbolic link already resolved).
    public let ledgerPath: String
    /// Where the run's lines go.
    public let console: Console
    /// A format forced by `--format`, or nil to detect by content.
    public var forcedFormat: StatementFormat?
    /// The rules path (`--rules`): a CSV profile penny works out is written beside it.
    public var rulesPath = "rules"
    /// `--account`: every statement into this own account.
    public var accountOverride: String?
    /// Read and categorize, write nothing.
    public var dryRun = false
    /// Seconds to wait for another run's lock.
    public var waitSeconds = 10
    /// Print more detail (`--verbose`).
    public var verbose = false
    /// Batch mode: where imported and failed files go after the run.
    public var filing: Filing?
    /// Batch mode: files modified less than this many seconds ago are left for the next run.
    public var settleSeconds = 0
    /// What happened, for `--log`.
    public var record: RunRecord?
    /// True (the default) to take plain CSV rows through the importer's row lane
    /// (`PlainRow`); false makes every row a `Transaction` first. Both write the same
    /// ledger byte for byte (`RowLaneEquivalenceTests`); the lane is faster.
    public var usesRowLane = true

    /// A run with the defaults: detect formats, write, wait 10 s for the lock.
    public init(rules: RuleSet, ledgerPath: String, console: Console) {
        self.rules = rules
        self.ledgerPath = ledgerPath
        self.console = console
    }

    /// Imports every file; returns how many files were rejected or refused (0: all imported).
    /// A failure that stops the whole run (the ledger locked or unwritable, a rule that gave
    /// up) is thrown, with nothing of the run written.
    public func perform(paths: [String]) throws(PennyError) -> Int {
        let lock = try LedgerLock(ledgerPath: ledgerPath, waitSeconds: waitSeconds)
        defer { withExtendedLifetime(lock) {} }
        // Listed only once the lock is held: a run that waited finds the inbox as the run
        // before it left it, without the files that run already filed.
        guard let listing = try list(paths) else { return 0 }
        var session = try openSession(rejected: listing.rejected)
        session.firstLook = listing.firstLook
        waitForSecondLook(since: listing.listedAt)
        // Openings are written with the first file that imports: a run that imports nothing
        // leaves the ledger as it was.
        let beforeOpenings = session.update.mark()
        let openings = try session.importer.addOpenings(rules.accounts)
        if openings > 0 && verbose { console.say("opening balances: \(openings) new") }
        // Readers parse on a thread of their own (EventPipe): libxml2 is set up here first.
        XMLLibrary.initialize()
        let progress = Progress(quiet: console.quiet)
        for (index, file) in listing.files.enumerated() {
            progress.update(index + 1, of: listing.files.count, file)
            defer { progress.clear() }
            try importFile(file, into: &session, progress: progress)
        }
        if session.importedFiles == 0 && openings > 0 { try session.update.rollback(to: beforeOpenings) }
        try session.declarations?.record(session.update)
        try session.update.commit()
        keepTransfers(session)
        try writeRoundUps(session)
        if !dryRun { checkBalances(session.total.closings, session.update.statementBalances) }
        if let filing {
            session.rejected += try refuse(listing.refused, filing: filing)
            // Only after the ledger is written: a crash before leaves every file in the inbox.
            if !dryRun { try fileAway(listing.files, session: session, filing: filing) }
        }
        let fileCount = listing.files.count
        console.say(
            "total: \(fileCount) file\(fileCount == 1 ? "" : "s"), \(Self.describe(session.total)), \(session.rejected) rejected\(dryRun ? " (dry run: ledger not written)" : "")")
        return session.rejected
    }

    /// Batch mode with `--settle`: at least `min(settle, 2)` seconds pass between the
    /// inbox's listing and the second look at each file, on the system's uptime — so a
    /// file still being written shows a change whatever its clock says.
    func waitForSecondLook(since listed: TimeInterval) {
        guard filing != nil, settleSeconds > 0 else { return }
        let remaining = min(Double(settleSeconds), 2) - (ProcessInfo.processInfo.systemUptime - listed)
        if remaining > 0 { Thread.sleep(forTimeInterval: remaining) }
    }

    /// SPEC §8: for each closing balance a statement gave, whether the ledger's statement
    /// transactions (opening included, round-ups left out) agree on that date.
    public func checkBalances(_ closings: [(account: String, balance: StatementBalance)], _ balances: StatementBalances) {
        var seen = Set<String>()
        for (account, balance) in closings where seen.insert("\(account) \(balance.date)").inserted {
            guard let ledger = try? balances.balance(account, balance.amount.currency, through: balance.date) else {
                console.warn("warning: \(account) on \(balance.date): the ledger's balance passes what Penny counts exactly (\(Int64.max) minor units)")
                record?.warning("\(account) on \(balance.date): the ledger's balance passes what Penny counts exactly")
                continue
            }
            if ledger == balance.amount {
                console.say("balance: \(account) \(balance.amount) on \(balance.date) agrees with the statement")
            } else {
                console.warn("warning: \(account) on \(balance.date): the ledger has \(ledger), the statement says \(balance.amount)")
                record?.warning("\(account) on \(balance.date): the ledger has \(ledger), the statement says \(balance.amount)")
            }
        }
    }

    /// One file's counts as printed: `3 new, 1 duplicate, 0 skipped, ...`.
    public static func describe(_ o: FileOutcome) -> String {
        let paired = o.paired > 0 ? ", \(o.paired) transfer\(o.paired == 1 ? "" : "s") paired" : ""
        return "\(o.new) new, \(o.duplicates) duplicate\(o.duplicates == 1 ? "" : "s"), \(o.skipped) skipped, \(o.uncategorized) uncategorized\(paired)"
    }

    /// The ledger's transfers between own accounts and which of them already paired: from
    /// the transfer sidecar when it describes the ledger as it is for these rules, else read
    /// from the ledger (`usesSidecar` false: the tests' slow path).
    public static func transferIndex(rules: RuleSet, ledgerPath: String, usesSidecar: Bool = true) throws(PennyError) -> TransferIndex {
        let index = TransferIndex(windows: rules.transferWindow, maxWindow: rules.maxTransferWindow, scratchNear: ledgerPath)
        // With fewer than two own accounts there is nothing to pair: skip reading the ledger.
        guard rules.accounts.count >= 2, FileManager.default.fileExists(atPath: ledgerPath) else { return index }
        if usesSidecar, let stamp = LedgerStamp(path: ledgerPath),
            let kept = TransferIndex.fromSidecar(
                TransferSidecar(ledgerPath: ledgerPath), stamp: stamp, fingerprint: transferFingerprint(rules), windows: rules.transferWindow,
                maxWindow: rules.maxTransferWindow, scratchNear: ledgerPath)
        {
            return kept
        }
        let own = Set(rules.accounts.map(\.name))
        // Default-filed entries are kept only on accounts a leg can name by its category.
        let keepsDefaultFiled = rules.transferTargets
        try JournalReader(defaultCurrency: rules.defaultCurrency).forEachTransaction(
            path: ledgerPath, tagNames: ["rule"], wantsDescription: false, commentPrefix: PennyComment.transferLegPrefix,
            comment: { line in
                if case .transferLeg(_, _, _, let pairs, _, _) = PennyComment.parse(line) { index.markPaired(pairs) }
            }
        ) { t in
            guard t.postings.count == 2, own.contains(t.postings[1].account), let amount = t.postings[0].amount else { return }
            if own.contains(t.postings[0].account) {
                index.add(TransferIndex.Entry(id: t.id, side: t.postings[1].account, other: t.postings[0].account, date: t.date, otherAmount: amount))
            } else if keepsDefaultFiled.contains(t.postings[1].account), t.tags["rule"] == JournalEntry.defaultRule, let ownAmount = t.postings[1].amount {
                index.addUncategorized(TransferIndex.Entry(id: t.id, side: t.postings[1].account, other: "", date: t.date, otherAmount: ownAmount))
            }
        }
        return index
    }

    /// The rules' part in what the transfer sidecar keeps.
    static func transferFingerprint(_ rules: RuleSet) -> String {
        TransferSidecar.fingerprint(ownAccounts: Set(rules.accounts.map(\.name)), targets: rules.transferTargets, defaultCurrency: rules.defaultCurrency)
    }

    /// After the commit: keeps the transfer index in the sidecar, so the next run need not
    /// read the ledger for it. Derived data: a failure only means the next run reads it.
    func keepTransfers(_ session: ImportSession) {
        guard !dryRun, rules.accounts.count >= 2, let stamp = session.update.committedStamp else { return }
        _ = session.importer.transfers.persist(TransferSidecar(ledgerPath: ledgerPath), stamp: stamp, fingerprint: Self.transferFingerprint(rules))
    }

    /// A file, or the visible files of a directory in name order.
    public static func expand(_ path: String) throws(PennyError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .badInput("no such file or directory", at: SourceLocation(file: path))
        }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.lowercased().hasPrefix("readme") && !$0.hasSuffix(".md") }
            .sorted()
            .map { (path as NSString).appendingPathComponent($0) }
            .filter {
                var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && !d.boolValue
            }
    }
}
