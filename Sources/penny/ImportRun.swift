import ArgumentParser
import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyReport
import PennyRules

/// The first rule whose regular expression gave up during an import (set from the
/// categorizer, which cannot throw; the file's reader then stops with it).
final class MatchFailureBox {
    var error: PennyError?
}

/// Wires readers, rules and the ledger for one `penny import`, and prints its lines.
struct ImportRun {
    let rules: RuleSet
    let options: GlobalOptions
    let console: Console
    let forcedFormat: StatementFormat?
    let accountOverride: String?
    let dryRun: Bool
    let waitSeconds: Int
    /// Batch mode: where imported and failed files go after the run.
    var filing: Filing?
    /// Batch mode: files modified less than this many seconds ago are left for the next run.
    var settleSeconds = 0
    /// What happened, for `--log`.
    var record: RunRecord?

    /// Imports every file; returns the exit status (1 when some file was rejected).
    func perform(paths: [String]) throws -> ExitStatus {
        let lock: LedgerLock
        do throws(PennyError) {
            lock = try LedgerLock(ledgerPath: options.ledgerPath, waitSeconds: waitSeconds)
        } catch { throw console.fail(error) }
        defer { withExtendedLifetime(lock) {} }

        // Listed only once the lock is held: a run that waited finds the inbox as the run
        // before it left it, without the files that run already filed.
        var rejected = 0
        var files: [String] = []
        var refused: [InboxListing.Entry] = []
        if let filing {
            let listing: InboxListing
            do throws(PennyError) { listing = try InboxListing.list(filing.inbox) } catch { throw console.fail(error) }
            for entry in listing.left {
                console.say("\(entry.displayName): left in the inbox: \(entry.reason)")
                record?.left(entry.displayName, entry.reason)
            }
            if listing.isIdle {
                console.say("\(filing.inbox): no statements to import")
                return .success
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
        let update: LedgerUpdate
        var ledgerTotals: [Currency: Int64] = [:]
        do throws(PennyError) {
            // The ledger's check (LedgerCheck) is done in the update's one read of it.
            update = try LedgerUpdate(
                ledgerPath: options.ledgerPath, dryRun: dryRun, balanceAccounts: Set(rules.accounts.map(\.name)), checkingIn: rules.defaultCurrency)
            ledgerTotals = update.magnitudes
        } catch { throw console.fail(error) }

        let configuration = ReaderConfiguration(
            csvProfiles: rules.csvProfiles, defaultCurrency: rules.defaultCurrency,
            accountCurrencies: Dictionary(rules.accounts.compactMap { a in a.currency.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        let categorizer = Categorizer(rules)
        let rules = self.rules, override = accountOverride
        let matchFailure = MatchFailureBox()
        let transfers: TransferIndex
        do throws(PennyError) { transfers = try Self.transferIndex(rules: rules, ledgerPath: options.ledgerPath) } catch { throw console.fail(error) }
        var importer = StatementImporter(
            update: update,
            resolveAccount: { (header) throws(PennyError) in try rules.resolveAccount(for: header, override: override) },
            categorize: { transaction, folded, account in
                let decision = categorizer.categorize(transaction, foldedDescription: folded, account: account)
                if matchFailure.error == nil { matchFailure.error = decision.matchFailure }
                return decision
            },
            declaredOpenings: Set(rules.accounts.filter { $0.opening != nil }.map(\.name)),
            ownAccounts: Set(rules.accounts.map(\.name)), transfers: transfers)
        importer.magnitudes = AmountTotals(ledgerTotals)
        var total = FileOutcome()
        let roundUps = RoundUpRun(rules: rules, ledgerPath: options.ledgerPath)
        do throws(PennyError) {
            if !rules.roundUps.isEmpty && !dryRun {
                try roundUps.ensureDerivedFileExists()
                try update.ensureInclude(roundUps.includeName)
            }
            let openings = try importer.addOpenings(rules.accounts)
            if openings > 0 && options.verbose { console.say("opening balances: \(openings) new") }
        } catch { throw console.fail(error) }

        var failures: [String: PennyError] = [:]
        // Batch mode: each file as it was when read; it is filed only if still so.
        var asRead: [String: FileIdentity] = [:]
        let progress = Progress(quiet: options.quiet)
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
            do throws(PennyError) {
                let probe = try FileProbe(url: URL(fileURLWithPath: file))
                let reader = try ReaderRegistry.standard.reader(for: probe, forcedFormat: forcedFormat, configuration: configuration, displayName: file)
                let outcome = try importer.importFile(source: file) { (emit) throws(PennyError) in
                    try reader.read(probe, displayName: file, configuration: configuration) { (event) throws(PennyError) in
                        try emit(event)
                        if let error = matchFailure.error { throw error }
                    }
                    // What was read must be what gets filed: a file written to meanwhile is rolled back.
                    if let identity, FileIdentity(path: file) != identity {
                        changedWhileRead = true
                        throw .badInput("changed while it was being read", at: SourceLocation(file: file))
                    }
                }
                total.add(outcome)
                progress.clear()
                console.say("\(file): \(Self.describe(outcome))")
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
                if error.kind == .ledgerUnavailable || error == matchFailure.error { throw console.fail(error) }
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
        do throws(PennyError) { try update.commit() } catch { throw console.fail(error) }
        // Round-ups are derived data: rewritten whole from the committed ledger. If that
        // fails, the ledger stands, and the next command of any kind writes them again.
        if !dryRun && (!rules.roundUps.isEmpty || FileManager.default.fileExists(atPath: roundUps.derivedPath)) {
            do throws(PennyError) { try roundUps.write(try roundUps.compute()) } catch {
                throw console.fail(
                    PennyError(
                        error.kind, "the ledger was written, but the round-ups journal was not: \(error.message); the next penny command writes it again",
                        at: error.location))
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
                do throws(PennyError) {
                    console.say("\(entry.displayName): refused, moved to \(try filing.refuse(entry))")
                } catch { throw console.fail(error) }
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
                do throws(PennyError) {
                    let destination = try filing.file(file, failure: failures[file])
                    if options.verbose { console.say("\(file) -> \(destination)") }
                    record?.moved(file, to: destination)
                } catch { throw console.fail(error) }
            }
        }
        let fileCount = files.count
        console.say("total: \(fileCount) file\(fileCount == 1 ? "" : "s"), \(Self.describe(total)), \(rejected) rejected\(dryRun ? " (dry run: ledger not written)" : "")")
        return rejected > 0 ? .rejectedInput : .success
    }

    /// SPEC §8: for each closing balance a statement gave, whether the ledger's statement
    /// transactions (opening included, round-ups left out) agree on that date.
    func checkBalances(_ closings: [(account: String, balance: StatementBalance)], _ balances: StatementBalances) {
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

    static func describe(_ o: FileOutcome) -> String {
        let paired = o.paired > 0 ? ", \(o.paired) transfer\(o.paired == 1 ? "" : "s") paired" : ""
        return "\(o.new) new, \(o.duplicates) duplicate\(o.duplicates == 1 ? "" : "s"), \(o.skipped) skipped, \(o.uncategorized) uncategorized\(paired)"
    }

    /// The ledger's transfers between own accounts and which of them already paired.
    static func transferIndex(rules: RuleSet, ledgerPath: String) throws(PennyError) -> TransferIndex {
        let index = TransferIndex(windows: rules.transferWindow)
        // With fewer than two own accounts there is nothing to pair: skip reading the ledger.
        guard rules.accounts.count >= 2, FileManager.default.fileExists(atPath: ledgerPath) else { return index }
        let own = Set(rules.accounts.map(\.name))
        try JournalReader(defaultCurrency: rules.defaultCurrency).forEachTransaction(
            path: ledgerPath, tagNames: ["rule"], wantsDescription: false, commentPrefix: PennyComment.transferLegPrefix,
            comment: { line in
                if case .transferLeg(_, _, _, let pairs, _, _) = PennyComment.parse(line) { index.markPaired(pairs) }
            }
        ) { t in
            guard t.postings.count == 2, own.contains(t.postings[1].account), let amount = t.postings[0].amount else { return }
            if own.contains(t.postings[0].account) {
                index.add(TransferIndex.Entry(id: t.id, side: t.postings[1].account, other: t.postings[0].account, date: t.date, otherAmount: amount))
            } else if t.tags["rule"] == JournalEntry.defaultRule, let ownAmount = t.postings[1].amount {
                index.addUncategorized(TransferIndex.Entry(id: t.id, side: t.postings[1].account, other: "", date: t.date, otherAmount: ownAmount))
            }
        }
        return index
    }

    /// A file, or the visible files of a directory in name order.
    static func expand(_ path: String) throws(PennyError) -> [String] {
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
