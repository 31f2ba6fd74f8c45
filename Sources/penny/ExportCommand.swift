import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyRules

/// `penny export`: the ledger in another tool's format.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the ledger in another tool's format (beancount, for bean-check and Fava).",
        subcommands: [ExportBeancountCommand.self])
}

/// `penny export beancount`: the ledger as a beancount file (docs/beancount.md).
struct ExportBeancountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beancount",
        abstract: "Write the ledger (round-ups and prices included) as a beancount file that bean-check accepts and Fava browses.",
        discussion: "Example:\n  penny export beancount --output ledger.beancount && fava ledger.beancount")

    @Option(help: "The file to write, atomically (default: standard output).")
    var output: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let rules = FileManager.default.fileExists(atPath: options.rulesPath) ? try RulesLoader.load(path: options.rulesPath) : RuleSet()
        let export = BeancountExport(ledgerPath: options.ledgerPath, defaultCurrency: rules.defaultCurrency)
        guard let output else {
            try export.write { text in FileHandle.standardOutput.write(Data(text.utf8)) }
            return
        }
        let writer = try AtomicFileWriter(path: output)
        try export.write { (text) throws(PennyError) in try writer.append(Array(text.utf8)) }
        try writer.commit()
        if !options.quiet { print("wrote \(output)") }
    }
}
