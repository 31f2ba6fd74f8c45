import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyRoundUp
import PennyRules

extension ImportRun {
    /// Imports one file into `session`: in batch mode a file gone or still being written is
    /// left; a file that fails is rejected, unless the failure stops the run (`reject`).
    func importFile(_ file: String, into session: inout ImportSession, progress: Progress) throws(PennyError) {
        RegexBudget.reset()
        var identity: FileIdentity?
        if filing != nil {
            guard let seen = settled(file, firstLook: session.firstLook[file], progress: progress) else { return }
            identity = seen
        }
        session.roundUpIncrement?.tap.markFile()
        do throws(PennyError) {
            let (choice, outcome) = try read(file, identity: identity, into: &session)
            try tally(outcome, of: file, choice: choice, identity: identity, into: &session, progress: progress)
        } catch {
            progress.clear()
            try reject(file, error, identity: identity, session: &session)
        }
    }

    /// Batch mode: the file as it is now; nil (said) when it is gone, was modified too
    /// recently, or changed since the inbox was listed (`--settle`): it may still be being
    /// written. The second look needs no clock to agree with the file's (a network share's
    /// clock may be off), only the file's size and time to stay.
    func settled(_ file: String, firstLook: FileIdentity?, progress: Progress) -> FileIdentity? {
        guard let seen = FileIdentity(path: file) else {
            console.say("\(file): gone from the inbox before it was read")
            return nil
        }
        if settleSeconds > 0, let firstLook, firstLook.size != seen.size || firstLook.modified != seen.modified {
            progress.clear()
            console.say("\(file): left in the inbox: it changed while penny looked at it, it may still be being written (--settle \(settleSeconds)); the next run imports it")
            record?.left(file, "changed while penny looked at it")
            return nil
        }
        if let age = seen.settling(now: Date(), settle: settleSeconds) {
            progress.clear()
            console.say("\(file): left in the inbox: modified \(age) s ago, it may still be being written (--settle \(settleSeconds)); the next run imports it")
            record?.left(file, "modified \(age) s ago")
            return nil
        }
        return seen
    }

    /// Reads `file` with the reader its content calls for, into its statements' accounts:
    /// the reader parses on its own thread while this one files (`EventPipe`). What was read
    /// must be what gets filed: a file written to meanwhile (`identity`) is rolled back.
    func read(_ file: String, identity: FileIdentity?, into session: inout ImportSession) throws(PennyError) -> (CSVAutoProfile.Choice, FileOutcome) {
        let probe = try FileProbe(url: URL(fileURLWithPath: file))
        let choice = try session.autoProfile.choose(probe: probe, forcedFormat: forcedFormat, configuration: session.configuration, file: file)
        let rules = self.rules
        let forced = OverriddenAccounts(override: choice.override)
        session.importer.resolveAccount = { (header) throws(PennyError) in
            try forced.check(header)
            return try rules.resolveAccount(for: header, override: choice.override, fallback: choice.fallback)
        }
        let reader = choice.reader
        let configuration = choice.configuration
        let categorizer = usesRowLane ? session.categorizer : nil
        let filingAccount = FilingAccount()
        session.importer.filingAccount = filingAccount
        let importer = session.importer
        let update = session.update
        let outcome = try importer.importFile(source: file, ruleFailure: &session.ruleFailure) { (emit) throws(PennyError) in
            // Verdicts help only while rows are new (a batch of known rows adds nothing).
            var added = update.addedCount
            try EventPipe.run(
                produce: { (send) throws(PennyError) in try reader.read(probe, displayName: file, configuration: configuration, emit: send) },
                categorizer: categorizer,
                filingAccount: filingAccount,
                wantsVerdicts: {
                    defer { added = update.addedCount }
                    return update.addedCount != added
                },
                consume: { (event) throws(PennyError) in try emit(event) })
            if let identity, FileIdentity(path: file) != identity { throw Self.changedWhileRead(file) }
        }
        return (choice, outcome)
    }

    /// The error of a file written to while it was read.
    static func changedWhileRead(_ file: String) -> PennyError {
        .badInput("changed while it was being read", at: SourceLocation(file: file))
    }

    /// Counts an imported file and says what it added, with its notes and warnings; writes
    /// the CSV profile worked out for it.
    func tally(
        _ outcome: FileOutcome, of file: String, choice: CSVAutoProfile.Choice, identity: FileIdentity?, into session: inout ImportSession, progress: Progress
    ) throws(PennyError) {
        session.total.add(outcome)
        session.importedFiles += 1
        progress.clear()
        console.say("\(file): \(Self.describe(outcome))")
        try session.autoProfile.keep(choice, dryRun: dryRun, console: console)
        record?.imported(file, outcome)
        for note in outcome.notes + outcome.ambiguities { console.say("  note: \(note)") }
        for warning in outcome.warnings {
            console.warn(warning.warningHeadline)
            record?.warning(warning.warningHeadline)
        }
        session.asRead[file] = identity
    }

    /// A file that failed: the run stops when the ledger is unavailable, or when a rule gave
    /// up on a file named by hand (nothing of the run is written); in batch mode a rule that
    /// gave up quarantines that file with the rule's message, and the night goes on with
    /// the others. A file that changed while it was read is left in the inbox; any other is
    /// rejected.
    func reject(_ file: String, _ error: PennyError, identity: FileIdentity?, session: inout ImportSession) throws(PennyError) {
        if error.kind == .ledgerUnavailable || (error == session.ruleFailure && filing == nil) { throw error }
        if error == session.ruleFailure { session.ruleFailure = nil }
        if let identity, error == Self.changedWhileRead(file) || FileIdentity(path: file) != identity {
            console.say("\(file): left in the inbox: it changed while it was being read, so nothing was imported from it; the next run imports it")
            record?.left(file, "changed while it was being read")
            return
        }
        console.error(error)
        console.say("\(file): rejected, nothing imported")
        record?.rejected(file, error)
        session.failures[file] = error
        session.asRead[file] = identity
        session.rejected += 1
    }

    /// Round-ups are derived data: the derived journal is rewritten whole from the totals
    /// (the sidecar's plus this import's, or the committed ledger read whole). If that
    /// fails, the ledger stands, and the next command of any kind writes them again.
    func writeRoundUps(_ session: ImportSession) throws(PennyError) {
        guard session.derivesRoundUps else { return }
        do throws(PennyError) {
            let totals: RoundUpTotals
            if let incremental = session.roundUpIncrement?.totals() {
                totals = incremental
                if verbose { console.say("round-ups: this import's purchases added to the sidecar's totals") }
            } else {
                totals = try session.roundUps.scanTotals()
                if verbose { console.say("round-ups: the ledger read whole") }
            }
            try session.roundUps.write(totals)
        } catch {
            throw PennyError(
                error.kind, "the ledger was written, but the round-ups journal was not: \(error.message); the next penny command writes it again",
                at: error.location)
        }
    }

    /// Batch mode: names each refused entry (never read) and quarantines it with the
    /// reason; how many.
    func refuse(_ refused: [InboxListing.Entry], filing: Filing) throws(PennyError) -> Int {
        for entry in refused {
            console.error(.badInput(entry.reason, at: SourceLocation(file: entry.displayName)))
            record?.refused(entry.displayName, entry.reason)
            guard !dryRun else {
                console.say("\(entry.displayName): refused (dry run: left in the inbox)")
                continue
            }
            console.say("\(entry.displayName): refused, moved to \(try filing.refuse(entry))")
        }
        return refused.count
    }

    /// Batch mode, after the commit: files each statement read into the archive or the
    /// quarantine, unless it changed since it was read.
    func fileAway(_ files: [String], session: ImportSession, filing: Filing) throws(PennyError) {
        for file in files {
            guard let identity = session.asRead[file] else { continue }
            guard FileIdentity(path: file) == identity else {
                console.say(
                    session.failures[file] == nil
                        ? "\(file): left in the inbox: it changed after it was imported; the next run imports what is new (what is already in the ledger counts as duplicates)"
                        : "\(file): left in the inbox, not quarantined: it changed after it was read; the next run tries it again")
                continue
            }
            let destination = try filing.file(file, failure: session.failures[file])
            if verbose { console.say("\(file) -> \(destination)") }
            record?.moved(file, to: destination)
        }
    }
}
