import ArgumentParser
import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyRules

/// Wires readers, rules and the ledger for one `penny import`, and prints its lines.
struct ImportRun {
    let rules: RuleSet
    let options: GlobalOptions
    let console: Console
    let forcedFormat: StatementFormat?
    let accountOverride: String?
    let dryRun: Bool
    let waitSeconds: Int

    /// Imports every file; returns the exit status (1 when some file was rejected).
    func perform(paths: [String]) throws -> ExitStatus {
        var rejected = 0
        var files: [String] = []
        for path in paths {
            do throws(PennyError) { files += try Self.expand(path) } catch {
                console.error(error)
                rejected += 1
            }
        }
        let lock: LedgerLock
        let update: LedgerUpdate
        do throws(PennyError) {
            lock = try LedgerLock(ledgerPath: options.ledgerPath, waitSeconds: waitSeconds)
            update = try LedgerUpdate(ledgerPath: options.ledgerPath, dryRun: dryRun)
        } catch { throw console.fail(error) }
        defer { withExtendedLifetime(lock) {} }

        let configuration = ReaderConfiguration(
            csvProfiles: rules.csvProfiles, defaultCurrency: rules.defaultCurrency,
            accountCurrencies: Dictionary(rules.accounts.compactMap { a in a.currency.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        let categorizer = Categorizer(rules)
        let rules = self.rules, override = accountOverride
        let importer = StatementImporter(
            update: update,
            resolveAccount: { (header) throws(PennyError) in try rules.resolveAccount(for: header, override: override) },
            categorize: { categorizer.categorize($0, foldedDescription: $1, account: $2) },
            declaredOpenings: Set(rules.accounts.filter { $0.opening != nil }.map(\.name)))
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

        for file in files {
            do throws(PennyError) {
                let probe = try FileProbe(url: URL(fileURLWithPath: file))
                let reader = try ReaderRegistry.standard.reader(for: probe, forcedFormat: forcedFormat, configuration: configuration, displayName: file)
                let outcome = try importer.importFile(source: file) { (emit) throws(PennyError) in
                    try reader.read(probe, displayName: file, configuration: configuration, emit: emit)
                }
                total.add(outcome)
                console.say("\(file): \(Self.describe(outcome))")
            } catch {
                if error.kind == .ledgerUnavailable { throw console.fail(error) }
                console.error(error)
                console.say("\(file): rejected, nothing imported")
                rejected += 1
            }
        }
        do throws(PennyError) {
            try update.commit()
            // Round-ups are derived data: rewritten whole from the committed ledger.
            if !dryRun && (!rules.roundUps.isEmpty || FileManager.default.fileExists(atPath: roundUps.derivedPath)) {
                try roundUps.write(try roundUps.compute())
            }
        } catch { throw console.fail(error) }
        let fileCount = files.count
        console.say("total: \(fileCount) file\(fileCount == 1 ? "" : "s"), \(Self.describe(total)), \(rejected) rejected\(dryRun ? " (dry run: ledger not written)" : "")")
        return rejected > 0 ? .rejectedInput : .success
    }

    static func describe(_ o: FileOutcome) -> String {
        "\(o.new) new, \(o.duplicates) duplicate\(o.duplicates == 1 ? "" : "s"), \(o.skipped) skipped, \(o.uncategorized) uncategorized"
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
