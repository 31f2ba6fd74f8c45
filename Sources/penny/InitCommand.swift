import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyLedger
import PennyRules

/// `penny init [DIR]`: a starter rules directory and an empty ledger; never overwrites.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create a starter rules/ directory and an empty ledger; never overwrites.",
        discussion: "Example:\n  penny init ~/money && cd ~/money")

    @Argument(help: "Where to create them (default: the current directory).")
    var directory = "."

    @OptionGroup var options: GlobalOptions

    /// A path as the user would type it: relative to DIR when inside it.
    static func shown(_ url: URL, in base: URL) -> String {
        let prefix = base.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    func run() throws {
        let console = Console(quiet: options.quiet)
        let base = URL(fileURLWithPath: directory)
        let rulesDirectory = options.rules.map { URL(fileURLWithPath: $0, relativeTo: base) } ?? base.appendingPathComponent("rules")
        let ledger = options.ledger.map { URL(fileURLWithPath: $0, relativeTo: base) } ?? base.appendingPathComponent("ledger.journal")
        let starter = rulesDirectory.appendingPathComponent("penny.rules")
        for url in [rulesDirectory, starter, ledger] { try Self.refuseDanglingLink(url, shown: Self.shown(url, in: base)) }
        try FileManager.default.createDirectory(at: rulesDirectory, withIntermediateDirectories: true)
        // A new ledger includes its declarations file from its head (docs/ledger.md).
        try Self.createDeclarations(forNewLedger: ledger)
        let header = JournalWriter.header + "\ninclude \(LedgerDeclarations.includeName(forLedger: ledger.path))\n"
        for (url, text) in [(starter, StarterRules.text), (ledger, header)] {
            try Self.create(url, text: text, shown: Self.shown(url, in: base), console: console)
        }
    }

    /// The declarations file of a ledger that does not exist yet, unless it exists already.
    static func createDeclarations(forNewLedger ledger: URL) throws {
        let declarations = LedgerDeclarations.path(forLedger: ledger.path)
        if !FileManager.default.fileExists(atPath: ledger.path), !FileManager.default.fileExists(atPath: declarations) {
            try Data(LedgerDeclarations().text.utf8).write(to: URL(fileURLWithPath: declarations), options: .withoutOverwriting)
        }
    }

    /// Writes `text` to `url` unless a file is there (then left alone); says which.
    static func create(_ url: URL, text: String, shown: String, console: Console) throws {
        if FileManager.default.fileExists(atPath: url.path) {
            console.say("\(shown): exists, left alone")
        } else {
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            console.say("\(shown): created")
        }
    }

    /// A symbolic link whose target does not exist, where init would create a file or the
    /// rules folder, is said plainly (Foundation's error was printed raw).
    static func refuseDanglingLink(_ url: URL, shown: String) throws(PennyError) {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path), !FileManager.default.fileExists(atPath: url.path) else { return }
        throw PennyError(
            .configuration, "\(shown) is a symbolic link to \(target), which does not exist: remove the link, or create what it points to, and run 'penny init' again",
            at: SourceLocation(file: shown))
    }
}
