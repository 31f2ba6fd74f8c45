import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyPipeline
import PennyRules

/// A statement through what `penny import` runs on it: detection, the reader forced to the
/// target's format on its own thread (`EventPipe`), account resolution, categorization and
/// the importer with its row lane, into a dry run.
struct ReaderFuzzing {
    let harness: Harness
    let format: StatementFormat

    func run() {
        let path = harness.input
        var lending = harness.configuration
        lending.lendsRows = true
        let configuration = lending
        let probe: FileProbe
        do throws(PennyError) { probe = try FileProbe(url: URL(fileURLWithPath: path)) } catch {
            Harness.requireLocation(error, "probe")
            return
        }
        do throws(PennyError) {
            _ = try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: configuration, displayName: path)
        } catch { Harness.requireLocation(error, "detection") }
        guard let reader = ReaderRegistry.standard.readers.first(where: { $0.format == format }) else { fatalError("no \(format) reader") }
        let rules = harness.rules, categorizer = harness.categorizer
        let fallback = rules.accounts.first?.name ?? "assets:fuzz"
        do throws(PennyError) {
            let ledger = (harness.folder as NSString).appendingPathComponent("never-written.journal")
            let update = try LedgerUpdate(ledgerPath: ledger, dryRun: true, balanceAccounts: Set(rules.accounts.map(\.name)))
            var importer = StatementImporter(
                update: update,
                resolveAccount: { header in
                    do throws(PennyError) { return try rules.resolveAccount(for: header, override: nil) } catch {
                        Harness.requireLocation(error, "account resolution")
                        return fallback
                    }
                },
                categorize: { transaction, folded, account in categorizer.categorize(transaction, foldedDescription: folded, account: account) },
                ownAccounts: Set(rules.accounts.map(\.name)))
            var scratch = Categorizer.MatchScratch()
            importer.rowLane = StatementImporter.RowLane(
                verdict: { row, folded, account in categorizer.verdict(row: row, foldedDescription: folded, account: account, scratch: &scratch) },
                renderer: RowEntryRenderer(
                    ruleDecisions: categorizer.ruleDecisions, defaultExpense: categorizer.defaultDecision(for: Money(minorUnits: -1, currency: rules.defaultCurrency)),
                    defaultIncome: categorizer.defaultDecision(for: Money(minorUnits: 0, currency: rules.defaultCurrency))))
            // The reader's thread hashes the rows' content keys for the published account, as
            // in `penny import`.
            let filingAccount = FilingAccount()
            importer.filingAccount = filingAccount
            let profile = csvProfile(probe)
            _ = try importer.importFile(source: path) { (emit) throws(PennyError) in
                try EventPipe.run(
                    produce: { (send) throws(PennyError) in
                        if let profile {
                            try CSVReader().read(probe.url, profile: profile, displayName: path, configuration: configuration, emit: send)
                        } else {
                            try reader.read(probe, displayName: path, configuration: configuration, emit: send)
                        }
                    }, categorizer: categorizer, filingAccount: filingAccount, consume: emit)
            }
        } catch { Harness.requireLocation(error, "\(format) import") }
    }

    /// For CSV: the profile whose header the input has, else the one its length picks, so
    /// that every profile gets inputs (the file is named statement.csv: no `match-file` claims it).
    private func csvProfile(_ probe: FileProbe) -> CSVProfile? {
        let profiles = harness.configuration.csvProfiles
        guard format == .csv, !profiles.isEmpty else { return nil }
        let reader = CSVReader()
        for profile in profiles {
            var single = harness.configuration
            single.csvProfiles = [profile]
            if reader.recognizes(probe, configuration: single) { return profile }
        }
        return profiles[harness.inputSize % profiles.count]
    }
}
