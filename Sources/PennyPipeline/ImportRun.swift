import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyReport
import PennyRoundUp
import PennyRules

/// The first rule whose regular expression gave up during an import (set from the
/// categorizer, which cannot throw; the file's reader then stops with it).
public final class MatchFailureBox {
    /// The failure, once one happened.
    public var error: PennyError?

    /// An empty box.
    public init() {}
}

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
        var rejected = 0
        var files: [String] = []
        var refused: [InboxListing.Entry] = []
        if let filing {
            let folders = Set(rules.accounts.flatMap(\.shortNames))
            let listing = try InboxListing.list(filing.inbox, accountFolders: folders)
            for entry in listing.left {
                console.say("\(entry.displayName): left in the inbox: \(entry.reason)")
                record?.left(entry.displayName, entry.reason)
            }
            if listing.isIdle {
                console.say("\(filing.inbox): no statements to import")
                return 0
            }
            files = listing.files
            refused = listing.refused
        } else {
            for path in paths {
                do throws(PennyError) { files += try Self.expand(path) } catch {
                    console.error(error)
                    record?.rejected(path, error)
                    rejected += 1
                }
            }
        }
        let ledgerExisted = FileManager.default.fileExists(atPath: ledgerPath)
        // The ledger's check (LedgerCheck) is done in the update's one read of it.
        let update = try LedgerUpdate(
            ledgerPath: ledgerPath, dryRun: dryRun, balanceAccounts: Set(rules.accounts.map(\.name)), checkingIn: rules.defaultCurrency)
        let ledgerTotals = update.magnitudes

        var configuration = ReaderConfiguration(
            csvProfiles: rules.csvProfiles, defaultCurrency: rules.defaultCurrency,
            accountCurrencies: Dictionary(rules.accounts.compactMap { a in a.currency.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        configuration.lendsRows = usesRowLane
        let categorizer = Categorizer(rules)
        let rules = self.rules
        let autoProfile = CSVAutoProfile(rules: rules, rulesPath: rulesPath, accountOverride: accountOverride)
        let fileAccount = FileAccountBox()
        let matchFailure = MatchFailureBox()
        let transfers = try Self.transferIndex(rules: rules, ledgerPath: ledgerPath)
        var importer = StatementImporter(
            update: update,
            resolveAccount: { (header) throws(PennyError) in try rules.resolveAccount(for: header, override: fileAccount.override, fallback: fileAccount.fallback) },
            categorize: { transaction, folded, account in
                let decision = categorizer.categorize(transaction, foldedDescription: folded, account: account)
                if matchFailure.error == nil { matchFailure.error = decision.matchFailure }
                return decision
            },
            declaredOpenings: Set(rules.accounts.filter { $0.opening != nil }.map(\.name)),
            ownAccounts: Set(rules.accounts.map(\.name)), transfers: transfers, transferTargets: rules.transferTargets)
        importer.magnitudes = AmountTotals(ledgerTotals)
        var scratch = Categorizer.MatchScratch()
        importer.rowLane = StatementImporter.RowLane(
            verdict: { row, folded, account in
                let verdict = categorizer.verdict(row: row, foldedDescription: folded, account: account, scratch: &scratch)
                if matchFailure.error == nil, case .decision(let decision) = verdict { matchFailure.error = decision.matchFailure }
                return verdict
            },
            renderer: RowEntryRenderer(
                ruleDecisions: categorizer.ruleDecisions, defaultExpense: categorizer.defaultDecision(for: Money(minorUnits: -1, currency: rules.defaultCurrency)),
                defaultIncome: categorizer.defaultDecision(for: Money(minorUnits: 0, currency: rules.defaultCurrency)))
        )
        // Own accounts in several currencies: a transfer between two of them is an exchange,
        // paired when the rates held find the amounts plausible.
        if Set(rules.accounts.map { rules.currency(ofAccount: $0.name) }).count > 1 {
            importer.exchanges = ExchangeMatcher(rates: try RateBook.load(rules: rules, ledgerPath: ledgerPath))
        }
        var total = FileOutcome()
        let roundUps = RoundUpRun(rules: rules, ledgerPath: ledgerPath)
        if !rules.roundUps.isEmpty && !dryRun {
            try roundUps.ensureDerivedFileExists()
            try update.ensureInclude(roundUps.includeName)
        }
        // Round-ups follow the update entry by entry, from the sidecar's totals of the ledger
        // as read (a new ledger has none): no second read of the ledger after the commit.
        let derivesRoundUps = !dryRun && (!rules.roundUps.isEmpty || FileManager.default.fileExists(atPath: roundUps.derivedPath))
        let roundUpIncrement = derivesRoundUps ? roundUps.increment(ledgerExisted: ledgerExisted) : nil
        update.observer = roundUpIncrement?.tap
        // Openings are written with the first file that imports: a run that imports nothing
        // leaves the ledger as it was.
        let beforeOpenings = update.mark()
        var importedFiles = 0
        let openings = try importer.addOpenings(rules.accounts)
        if openings > 0 && verbose { console.say("opening balances: \(openings) new") }

        // Readers parse on a thread of their own (EventPipe): libxml2 is set up here first.
        XMLLibrary.initialize()
        var failures: [String: PennyError] = [:]
        // Batch mode: each file as it was when read; it is filed only if still so.
        var asRead: [String: FileIdentity] = [:]
        let progress = Progress(quiet: console.quiet)
        for (index, file) in files.enumerated() {
            progress.update(index + 1, of: files.count, file)
            defer { progress.clear() }
            var identity: FileIdentity?
            if filing != nil {
                guard let seen = FileIdentity(path: file) else {
                    console.say("\(file): gone from the inbox before it was read")
                    continue
                }
                if let age = seen.settling(now: Date(), settle: settleSeconds) {
                    progress.clear()
                    console.say("\(file): left in the inbox: modified \(age) s ago, it may still be being written (--settle \(settleSeconds)); the next run imports it")
                    record?.left(file, "modified \(age) s ago")
                    continue
                }
                identity = seen
            }
            var changedWhileRead = false
            roundUpIncrement?.tap.markFile()
            do throws(PennyError) {
                let probe = try FileProbe(url: URL(fileURLWithPath: file))
                let choice = try autoProfile.choose(probe: probe, forcedFormat: forcedFormat, configuration: configuration, file: file)
                let reader = choice.reader
                fileAccount.override = choice.override
                fileAccount.fallback = choice.fallback
                let outcome = try importer.importFile(source: file) { (emit) throws(PennyError) in
                    let configuration = choice.configuration
                    // The reader parses on its own thread while this one files (EventPipe).
                    try EventPipe.run(
                        produce: { (send) throws(PennyError) in try reader.read(probe, displayName: file, configuration: configuration, emit: send) },
                        categorizer: usesRowLane ? categorizer : nil,
                        consume: { (event) throws(PennyError) in
                            try emit(event)
                            if let error = matchFailure.error { throw error }
                        })
                    // What was read must be what gets filed: a file written to meanwhile is rolled back.
                    if let identity, FileIdentity(path: file) != identity {
                        changedWhileRead = true
                        throw .badInput("changed while it was being read", at: SourceLocation(file: file))
                    }
                }
                total.add(outcome)
                importedFiles += 1
                progress.clear()
                console.say("\(file): \(Self.describe(outcome))")
                try autoProfile.keep(choice, dryRun: dryRun, console: console)
                record?.imported(file, outcome)
                for note in outcome.ambiguities { console.say("  note: \(note)") }
                for warning in outcome.warnings {
                    console.warn(warning.warningHeadline)
                    record?.warning(warning.warningHeadline)
                }
                asRead[file] = identity
            } catch {
                progress.clear()
                // A rule that gave up is the rules' fault, not the file's: stop before the ledger is written.
                if error.kind == .ledgerUnavailable || error == matchFailure.error { throw error }
                if let identity, changedWhileRead || FileIdentity(path: file) != identity {
                    console.say("\(file): left in the inbox: it changed while it was being read, so nothing was imported from it; the next run imports it")
                    record?.left(file, "changed while it was being read")
                    continue
                }
                console.error(error)
                console.say("\(file): rejected, nothing imported")
                record?.rejected(file, error)
                failures[file] = error
                asRead[file] = identity
                rejected += 1
            }
        }
        if importedFiles == 0 && openings > 0 { try update.rollback(to: beforeOpenings) }
        try update.commit()
        // Round-ups are derived data: the derived journal is rewritten whole from the totals
        // (the sidecar's plus this import's, or the committed ledger read whole). If that
        // fails, the ledger stands, and the next command of any kind writes them again.
        if derivesRoundUps {
            do throws(PennyError) {
                let totals: RoundUpTotals
                if let incremental = roundUpIncrement?.totals() {
                    totals = incremental
                    if verbose { console.say("round-ups: this import's purchases added to the sidecar's totals") }
                } else {
                    totals = try roundUps.scanTotals()
                    if verbose { console.say("round-ups: the ledger read whole") }
                }
                try roundUps.write(totals)
            } catch {
                throw PennyError(
                    error.kind, "the ledger was written, but the round-ups journal was not: \(error.message); the next penny command writes it again",
                    at: error.location)
            }
        }
        if !dryRun { checkBalances(total.closings, update.statementBalances) }
        if let filing {
            // Refused entries are never read; they are named, and quarantined with the reason.
            for entry in refused {
                console.error(.badInput(entry.reason, at: SourceLocation(file: entry.displayName)))
                record?.refused(entry.displayName, entry.reason)
                rejected += 1
                guard !dryRun else {
                    console.say("\(entry.displayName): refused (dry run: left in the inbox)")
                    continue
                }
                console.say("\(entry.displayName): refused, moved to \(try filing.refuse(entry))")
            }
        }
        if let filing, !dryRun {
            // Only after the ledger is written: a crash before leaves every file in the inbox.
            for file in files {
                guard let identity = asRead[file] else { continue }
                guard FileIdentity(path: file) == identity else {
                    console.say(
                        failures[file] == nil
                            ? "\(file): left in the inbox: it changed after it was imported; the next run imports what is new (what is already in the ledger counts as duplicates)"
                            : "\(file): left in the inbox, not quarantined: it changed after it was read; the next run tries it again")
                    continue
                }
                let destination = try filing.file(file, failure: failures[file])
                if verbose { console.say("\(file) -> \(destination)") }
                record?.moved(file, to: destination)
            }
        }
        let fileCount = files.count
        console.say("total: \(fileCount) file\(fileCount == 1 ? "" : "s"), \(Self.describe(total)), \(rejected) rejected\(dryRun ? " (dry run: ledger not written)" : "")")
        return rejected
    }

    /// SPEC §8: for each closing balance a statement gave, whether the ledger's statement
    /// transactions (opening included, round-ups left out) agree on that date.
    public func checkBalances(_ closings: [(account: String, balance: StatementBalance)], _ balances: StatementBalances) {
        var seen = Set<String>()
        for (account, balance) in closings where seen.insert("\(account) \(balance.date)").inserted {
            let ledger = balances.balance(account, balance.amount.currency, through: balance.date)
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

    /// The ledger's transfers between own accounts and which of them already paired.
    public static func transferIndex(rules: RuleSet, ledgerPath: String) throws(PennyError) -> TransferIndex {
        let index = TransferIndex(windows: rules.transferWindow, scratchNear: ledgerPath)
        // With fewer than two own accounts there is nothing to pair: skip reading the ledger.
        guard rules.accounts.count >= 2, FileManager.default.fileExists(atPath: ledgerPath) else { return index }
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
