import Foundation
public import PennyCore
public import PennyImport
import PennyRules

/// The text `penny csv guess` and a refused import print about a sniff.
public enum CSVGuess {
    /// What `penny csv guess` prints: the verdict `penny import` acts on. Its first line is
    /// the import's own: `FILE: read with the profile below (...)`, or the refusal exactly as
    /// the import prints it; then the notes, the sniffer's decisions and the profile block
    /// (for a sniffed file, the text the import writes to `rules/csv/`).
    public static func describe(_ verdict: CSVVerdict) -> String {
        var out: String
        if let refusal = verdict.refusalText {
            out = refusal + "\n"
        } else if let format = verdict.format {
            return "\(verdict.file): not a CSV: read as \(format.rawValue), with no profile\n"
        } else {
            let source: String
            switch verdict.source {
            case .builtin(let name)?: source = "the built-in profile \(name), which claims it by its header"
            case .user(let name)?: source = "your profile \(name)"
            case .sniffed?, nil: source = "worked out from the file"
            }
            let count = verdict.transactions.map { ", \($0) transaction\($0 == 1 ? "" : "s")" } ?? ""
            out = "\(verdict.file): read with the profile below (\(source)\(count))\n"
        }
        if let account = verdict.profile?.account { out += "  account: \(account)\n" }
        for note in verdict.notes { out += "  \(note)\n" }
        if let sniff = verdict.sniff, verdict.source == .sniffed {
            out += "\n" + describe(sniff)
        } else if let profile = verdict.profile {
            out += "\nprofile:\n" + CSVProfileRenderer.render(profile)
        }
        return out
    }

    /// Decisions with their evidence, what stays open, and the profile block.
    static func describe(_ sniff: CSVSniff) -> String {
        var out = "decisions:\n"
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
    public static func profileBlock(_ sniff: CSVSniff) -> String {
        let candidates = sniff.ambiguities.flatMap { a in
            ["\(a.topic): pick one" + (a.candidates.isEmpty ? " (no candidate: edit by hand)" : ":")] + a.candidates.map { "  " + $0 }
        }
        var notes = ["Written by penny from \((sniff.profile.fileGlobs.first.map { _ in "a file like this one" }) ?? "this header"); edit freely (docs/csv.md)."]
        if let id = sniff.accountIdentifier { notes.append("The file names the account \(id).") }
        if let sign = sniff.decisions.first(where: { $0.topic == "sign" }) { notes.append("Signs: \(sign.reason).") }
        return CSVProfileRenderer.render(sniff.profile, notes: notes, candidates: candidates)
    }

    /// The first rows read by the importer itself with the profile.
    public static func preview(_ profile: CSVProfile, file: String, rows: Int = 5) -> String {
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
