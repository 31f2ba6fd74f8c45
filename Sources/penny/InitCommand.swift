import ArgumentParser
import Foundation
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
        try FileManager.default.createDirectory(at: rulesDirectory, withIntermediateDirectories: true)
        for (url, text) in [(starter, StarterRules.text), (ledger, JournalWriter.header)] {
            if FileManager.default.fileExists(atPath: url.path) {
                console.say("\(Self.shown(url, in: base)): exists, left alone")
            } else {
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
                console.say("\(Self.shown(url, in: base)): created")
            }
        }
    }
}
