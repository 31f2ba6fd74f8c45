import Foundation
import PennyCore
import PennyImport
import PennyPipeline
import PennyRules
import Testing

/// `penny csv guess` and `penny import` agree on every CSV the project has (issue 26): the
/// conformance set (held-out files included: compared, not tuned on), the test fixtures and
/// the shared corpus, each with rules declaring one account (`type card` for a card export)
/// and nothing else. Guess reads the file exactly when the import imports it; when both
/// refuse, the reason is the same line; when both read, guess prints the profile the import
/// used (for a sniffed file, the text the import writes to `rules/csv/`).
@Suite struct GuessImportAgreementTests {
    struct Case: CustomStringConvertible {
        var path: String
        var isCard = false
        var currency = "EUR"
        var description: String { path.replacingOccurrences(of: packageRoot.path + "/", with: "") }
    }

    static func cases() -> [Case] {
        var cases: [Case] = []
        let set = packageRoot.appendingPathComponent("conformance/csv")
        if let data = FileManager.default.contents(atPath: set.appendingPathComponent("manifest.json").path),
            let manifest = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        {
            for entry in manifest {
                let name = (entry["file"] as? String) ?? (entry["id"] as? String) ?? ""
                cases.append(
                    Case(
                        path: set.appendingPathComponent("files/" + name).path, isCard: entry["is_card"] as? Bool ?? false,
                        currency: (entry["currency"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "EUR"))
            }
        }
        let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/csv")
        for root in [packageRoot.appendingPathComponent("Tests"), shared] {
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            let csvs = walk.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".csv") }.sorted()
            cases += csvs.map { Case(path: root.appendingPathComponent($0).path) }
        }
        return cases
    }

    @Test func everyCSVSetIsThere() {
        let cases = Self.cases()
        #expect(cases.filter { $0.path.contains("/conformance/csv/files/") }.count >= 62)
        #expect(cases.filter { $0.path.contains("/Tests/") }.count >= 70)
    }

    @Test(arguments: cases()) func guessAndImportAgree(_ c: Case) throws {
        let folder = try ScratchFolder()
        let account = c.isCard ? "liabilities:card:test" : "assets:bank:test"
        try folder.write("rules/accounts.rules", "default currency \(c.currency)\n\naccount \(account)\n" + (c.isCard ? "  type card\n" : ""))
        let rulesPath = folder.path("rules")
        let rules = try RulesLoader.load(path: rulesPath)

        // What `penny csv guess` prints.
        let verdict = CSVVerdict.decide(file: c.path, rules: rules, rulesPath: rulesPath)
        let guess = CSVGuess.describe(verdict)
        let guessFirst = guess.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""

        // What `penny import` does.
        let output = CapturedOutput()
        var run = ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console())
        run.rulesPath = rulesPath
        let rejected = try run.perform(paths: [c.path])

        #expect(verdict.isRead == (rejected == 0), "guess: \(guessFirst)\nimport: \(output.err.first ?? output.out.joined(separator: "\n"))")
        if !verdict.isRead && rejected > 0 {
            let importFirst = output.err.first?.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            #expect(guessFirst == importFirst)
        }
        guard verdict.isRead, rejected == 0, verdict.format == nil else { return }
        switch verdict.source {
        case .sniffed?:
            // The profile the import wrote is the block guess printed, byte for byte.
            let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("rules/csv"))) ?? []
            #expect(written.count == 1)
            if let name = written.first {
                let text = try folder.text("rules/csv/" + name)
                #expect(guess.contains("\nprofile:\n" + text), "\(text)")
            }
        case .builtin(let name)?:
            #expect(output.out.contains("  read with the built-in profile \(name) (see 'penny csv guess')"))
            var profile = try #require(BuiltinProfiles.all.first { $0.name == name })
            profile.account = account
            #expect(guess.contains("\nprofile:\n" + CSVProfileRenderer.render(profile)))
            #expect(!FileManager.default.fileExists(atPath: folder.path("rules/csv")))
        case .user?, nil:
            Issue.record("no user profile is declared: \(guess)")
        }
    }
}
