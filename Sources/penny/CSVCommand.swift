import ArgumentParser
import Foundation
import PennyCore
import PennyImport
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
        let console = Console(quiet: options.quiet)
        let sniff: CSVSniff
        do throws(PennyError) { sniff = try CSVSniffer.sniff(url: URL(fileURLWithPath: file), displayName: file) } catch { throw console.fail(error) }
        print(CSVGuess.describe(sniff, file: file), terminator: "")
        if sniff.isConclusive {
            print("\npreview (the first rows as penny reads them):")
            print(CSVGuess.preview(sniff.profile, file: file), terminator: "")
        }
        if !sniff.isConclusive { throw ExitCode(ExitStatus.rejectedInput.rawValue) }
    }
}

/// The text `penny csv guess` and a refused import print about a sniff.
enum CSVGuess {
    /// Decisions with their evidence, what stays open, and the profile block.
    static func describe(_ sniff: CSVSniff, file: String) -> String {
        var out = "\(file): \(sniff.isConclusive ? "read with the profile below" : "ambiguous: \(sniff.refusal)")\n\ndecisions:\n"
        let width = min(40, sniff.decisions.map(\.choice.count).max() ?? 0)
        for d in sniff.decisions {
            out += "  \(d.choice.padding(toLength: max(width, d.choice.count), withPad: " ", startingAt: 0))  \(d.reason)\n"
        }
        if !sniff.ambiguities.isEmpty {
            out += "\ncould not tell apart:\n"
            for a in sniff.ambiguities { out += "  \(a.topic): \(a.reason)\n" }
        }
        out += "\nprofile:\n" + profileBlock(sniff)
        return out
    }

    /// The profile as a rules block; candidates of what is ambiguous are commented in it.
    static func profileBlock(_ sniff: CSVSniff) -> String {
        let candidates = sniff.ambiguities.flatMap { a in
            ["\(a.topic): pick one" + (a.candidates.isEmpty ? " (no candidate: edit by hand)" : ":")] + a.candidates.map { "  " + $0 }
        }
        var notes = ["Written by penny from \((sniff.profile.fileGlobs.first.map { _ in "a file like this one" }) ?? "this header"); edit freely (docs/csv.md)."]
        if let id = sniff.accountIdentifier { notes.append("The file names the account \(id).") }
        return CSVProfileRenderer.render(sniff.profile, notes: notes, candidates: candidates)
    }

    /// The first rows read by the importer itself with the profile.
    static func preview(_ profile: CSVProfile, file: String, rows: Int = 5) -> String {
        var out = ""
        var seen = 0
        struct Enough: Error {}
        let configuration = ReaderConfiguration(csvProfiles: [profile], defaultCurrency: .euro)
        do throws(PennyError) {
            try CSVReader().read(URL(fileURLWithPath: file), profile: profile, displayName: file, configuration: configuration) { (event) throws(PennyError) in
                guard case .transaction(let t) = event else { return }
                guard seen < rows else { throw .badInput("enough") }
                seen += 1
                let amount = t.amount.description
                out += "  line \(t.location.line)  \(t.date)  \(amount.padding(toLength: max(12, amount.count), withPad: " ", startingAt: 0))  \(t.description)\n"
            }
        } catch {
            if error.message != "enough" { out += "  \(error.headline)\n" }
        }
        return out
    }
}
