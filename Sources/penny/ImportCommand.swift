import ArgumentParser
import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyPipeline
import PennyReport
import PennyRules

/// `penny import PATH...`: reads statements, categorizes them and merges them into the ledger.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import statement files or directories into the ledger.",
        discussion: """
            CSV, OFX/QFX, CAMT.052/053/054 and JSON (Berlin Group, Plaid, Penny's own) are \
            detected by content. Each file is imported whole or not at all; re-importing adds \
            nothing. Examples:
              penny import ~/Downloads/extrato.csv
              penny import --inbox ~/money/inbox --archive ~/money/archive
            """)

    @Argument(help: "Statement files, or directories whose files are imported in name order.")
    var paths: [String] = []

    @Option(help: "Batch mode: import every file of this folder, then file each away.")
    var inbox: String?

    @Option(help: "Batch mode: where imported files go, under YYYY/MM/ (default: the inbox's ../archive).")
    var archive: String?

    @Option(help: "Batch mode: where failed files go, with NAME.error.txt (default: the inbox's ../quarantine).")
    var quarantine: String?

    @Option(help: "Batch mode: leave files modified less than this many seconds ago in the inbox for the next run (default 5).")
    var settle: Int?

    @Flag(help: "Read and categorize everything, write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("The statement format: \(FormatChoice.choices)."))
    var format = "auto"

    @Option(help: "Import every statement into this own account, whatever the file says.")
    var account: String?

    @OptionGroup var lock: LockOptions

    @Option(help: "After the import, write the monthly recap page of the ledger's latest month to FILE (like `penny report html`).")
    var html: String?

    @Option(help: "After the import, write the report site of the ledger to the folder DIR (like `penny report site --output DIR`).")
    var site: String?

    @Option(
        help:
            "Append one JSON line about this run to FILE (start, end, each file, totals, warnings, exit status); `penny status` reads it. A batch run (--inbox) logs to LEDGER.runs.jsonl unless given another."
    )
    var log: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if inbox == nil && paths.isEmpty { throw ValidationError("give statement files or folders, or --inbox DIR") }
        if inbox != nil && !paths.isEmpty { throw ValidationError("--inbox imports its folder: give no other paths") }
        if inbox == nil && (archive != nil || quarantine != nil) { throw ValidationError("--archive and --quarantine go with --inbox") }
        if inbox == nil && settle != nil { throw ValidationError("--settle goes with --inbox") }
        if let settle, settle < 0 { throw ValidationError("--settle \(settle): expected a number of seconds, 0 or more") }
    }

    func run() throws {
        let record = RunRecord(ledger: options.ledgerPath)
        let (exitCode, failure) = outcome(record)
        // A batch run logs beside the ledger unless told where, so `penny status` finds it.
        let logPath = log ?? (inbox != nil && !dryRun ? RunLog.defaultPath(ledger: options.ledgerPath) : nil)
        if let logPath { try appendLog(record, to: logPath, exit: exitCode) }
        if let failure { throw failure }
    }

    /// Imports: the exit code, and what to throw once the run is logged (nil when it
    /// succeeded); a failure's reason goes into `record` too.
    private func outcome(_ record: RunRecord) -> (exitCode: Int32, failure: Error?) {
        do {
            let status = try perform(record)
            return (status.rawValue, status != .success ? status.exitCode : nil)
        } catch {
            let (code, reason, errorCode) = ExitStatus.describe(error)
            if record.failure == nil { (record.failure, record.failureCode) = (reason, errorCode?.rawValue) }
            return (code, error)
        }
    }

    /// Appends the run's line to the log; a log that cannot be written is an error of its own
    /// (exit 3), said after what the run did, so a monitor never reads silence as success.
    private func appendLog(_ record: RunRecord, to log: String, exit: Int32) throws {
        do { try record.append(to: log, exit: exit, error: record.failure) } catch {
            let failure = (error as? PennyError) ?? PennyError(.ledgerUnavailable, "\(error)", at: SourceLocation(file: log))
            Console(quiet: options.quiet).error(failure)
            throw ExitStatus.ledgerUnavailable.exitCode
        }
    }

    /// Loads the rules and imports; what happens goes into `record` as well as the output.
    private func perform(_ record: RunRecord) throws -> ExitStatus {
        let console = Console(quiet: options.quiet)
        let rules = try RulesLoader.load(path: options.rulesPath)
        guard let choice = FormatChoice(argument: format) else {
            throw PennyError.configuration("unknown format '\(format)': expected \(FormatChoice.choices)")
        }
        var run = ImportRun(rules: rules, ledgerPath: options.ledgerPath, console: console)
        run.forcedFormat = choice.format
        run.accountOverride = try account.map { try Self.declaredAccount($0, in: rules) }
        run.dryRun = dryRun
        run.waitSeconds = lock.wait
        run.verbose = options.verbose
        run.rulesPath = options.rulesPath
        if let inbox {
            let parent = ((inbox as NSString).standardizingPath as NSString).deletingLastPathComponent
            let today = LocalDate.today()
            run.settleSeconds = settle ?? 5
            run.filing = Filing(
                inbox: inbox,
                archive: archive ?? (parent as NSString).appendingPathComponent("archive"),
                quarantine: quarantine ?? (parent as NSString).appendingPathComponent("quarantine"), month: (today.year, today.month))
        }
        record.inbox = inbox
        record.quarantine = run.filing.map { URL(fileURLWithPath: $0.quarantine).standardizedFileURL.path }
        run.record = record
        let status: ExitStatus = try run.perform(paths: inbox.map { [$0] } ?? paths) > 0 ? .rejectedInput : .success
        if let html, !dryRun {
            // The page for the morning: the ledger as it now stands, the latest month.
            let assembly = ReportAssembly(rules: rules, ledgerPath: options.ledgerPath, currency: rules.defaultCurrency, period: .all, interval: .month, depth: 2)
            try AtomicFile.write(try assembly.recapPage(locale: nil), to: html)
            console.say("wrote \(html)")
        }
        if let site, !dryRun {
            // The site for the morning: every month, category, account and payee as they now stand.
            let assembly = ReportAssembly(rules: rules, ledgerPath: options.ledgerPath, currency: rules.defaultCurrency, period: .all, interval: .month, depth: 2)
            var writer = ReportSite(assembly: assembly, locale: nil)
            writer.configuration = SiteConfiguration.describe(version: pennyVersion, rulesPath: options.rulesPath, options: ["", rules.defaultCurrency.code, "2", "", ""])
            console.say(try writer.write(into: site).summary(folder: site))
        }
        return status
    }

    /// The full name of the account `--account` means: a full name, an alias or a name's
    /// last part; refused with the declared accounts when none or several match.
    static func declaredAccount(_ text: String, in rules: RuleSet) throws -> String {
        let found = rules.accounts(called: text)
        if found.count == 1 { return found[0].name }
        let declared = rules.accounts.map(\.name).joined(separator: ", ")
        if found.isEmpty {
            throw PennyError.configuration("--account \(text): no account of that name, alias or last name part in the rules (declared: \(declared.isEmpty ? "none" : declared))")
        }
        throw PennyError.configuration("--account \(text): \(found.map(\.name).joined(separator: " and ")) are both called that; give the full name")
    }
}
