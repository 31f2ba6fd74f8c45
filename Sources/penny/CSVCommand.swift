import ArgumentParser
import Foundation
import PennyCore
import PennyImport
import PennyPipeline
import PennyRules

/// `penny csv ...`: work with bank CSV layouts.
struct CSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv", abstract: "Work out how to read a bank's CSV export.",
        discussion: "Example:\n  penny csv guess ~/Downloads/extrato.csv",
        subcommands: [CSVGuessCommand.self])
}

/// `penny csv guess FILE`: the profile the sniffer reads from the file, why, and its first rows as read.
struct CSVGuessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guess", abstract: "Show the csv profile Penny works out for a file, the evidence, and its first rows as read.",
        discussion: "Exits 1 when the file leaves something ambiguous; the profile then lists the candidates as comments.\nExample:\n  penny csv guess extrato.csv")

    @Argument(help: "The CSV file.")
    var file: String

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let sniff = try CSVSniffer.sniff(url: URL(fileURLWithPath: file), displayName: file)
        print(CSVGuess.describe(sniff, file: file), terminator: "")
        if sniff.isConclusive {
            print("\npreview (the first rows as penny reads them):")
            print(CSVGuess.preview(sniff.profile, file: file), terminator: "")
        }
        if !sniff.isConclusive { throw ExitCode(ExitStatus.rejectedInput.rawValue) }
    }
}
