import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import PennyRules
import Testing

/// The import pipeline in process: the same ledger the command line makes, its lines, and
/// what it refuses.
@Suite struct ImportRunTests {
    let rules: RuleSet

    init() throws { rules = try RulesLoader.load(path: packageRoot.appendingPathComponent("rules").path) }

    @Test func importingTheSamplesGivesTheGoldenLedger() throws {
        let folder = try ScratchFolder()
        let output = CapturedOutput()
        let samples = packageRoot.appendingPathComponent("samples").path
        let rejected = try ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console()).perform(paths: [samples])
        #expect(rejected == 0)
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("Tests/pennyTests/Fixtures/samples.journal"), encoding: .utf8)
        #expect(try folder.text("ledger.journal").replacingOccurrences(of: samples + "/", with: "samples/") == golden)
        #expect(output.out.contains { $0.hasPrefix("total: 5 files, ") && $0.hasSuffix(", 0 rejected") })
        #expect(output.out.contains("balance: assets:bank:savings 5453.25 EUR on 2024-03-31 agrees with the statement"))
    }

    @Test func aSecondRunAddsNothingAndLeavesTheLedgerAsItWas() throws {
        let folder = try ScratchFolder()
        let samples = packageRoot.appendingPathComponent("samples").path
        let ledger = folder.path("ledger.journal")
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [samples])
        let before = try folder.text("ledger.journal")
        let output = CapturedOutput()
        #expect(try ImportRun(rules: rules, ledgerPath: ledger, console: output.console()).perform(paths: [samples]) == 0)
        #expect(try folder.text("ledger.journal") == before)
        #expect(output.out.last?.hasPrefix("total: 5 files, 0 new, ") == true)
    }

    @Test func aDryRunWritesNothing() throws {
        let folder = try ScratchFolder()
        var run = ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: CapturedOutput().console())
        run.dryRun = true
        #expect(try run.perform(paths: [packageRoot.appendingPathComponent("samples").path]) == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("ledger.journal")))
    }

    @Test func aRejectedFileIsCountedAndNamedWhileTheOthersImport() throws {
        let folder = try ScratchFolder()
        let broken = try folder.write("statements/broken.json", "{\"transactions\": [")
        let good = packageRoot.appendingPathComponent("samples/n26-2024-03.json").path
        let output = CapturedOutput()
        let rejected = try ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console()).perform(paths: [broken, good])
        #expect(rejected == 1)
        #expect(output.out.contains("\(broken): rejected, nothing imported"))
        #expect(output.err.contains { $0.hasPrefix("\(broken):1:") })
        #expect(try folder.text("ledger.journal").contains("n26-2024-03.json"))
    }

    @Test func quietPrintsOnlyErrors() throws {
        let folder = try ScratchFolder()
        let output = CapturedOutput()
        _ = try ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console(quiet: true))
            .perform(paths: [packageRoot.appendingPathComponent("samples").path, folder.path("missing.csv")])
        #expect(output.out.isEmpty)
        #expect(output.err == ["\(folder.path("missing.csv")): error: no such file or directory"])
    }

    @Test func aLockedLedgerStopsTheRunWithNothingWritten() throws {
        let folder = try ScratchFolder()
        let ledger = folder.path("ledger.journal")
        let holder = try LedgerLock(ledgerPath: ledger, waitSeconds: 0)
        defer { withExtendedLifetime(holder) {} }
        var run = ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console())
        run.waitSeconds = 0
        #expect(throws: PennyError.self) { try run.perform(paths: [packageRoot.appendingPathComponent("samples").path]) }
        #expect(!FileManager.default.fileExists(atPath: ledger))
    }
}
