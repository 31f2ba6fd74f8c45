import Foundation
import PennyCore
import PennyLedger
import PennyRules
import Testing

@testable import PennyPipeline

/// `ImportRun`'s steps taken alone: listing the files, and what a failed file does to the run.
@Suite struct ImportRunStepTests {
    let rules: RuleSet

    init() throws { rules = try RulesLoader.load(path: packageRoot.appendingPathComponent("rules").path) }

    @Test func listingExpandsFoldersAndRejectsWhatIsNotThere() throws {
        let folder = try ScratchFolder()
        let output = CapturedOutput()
        let run = ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console())
        let samples = packageRoot.appendingPathComponent("samples").path
        let listing = try #require(try run.list([samples, folder.path("missing.csv")]))
        #expect(listing.rejected == 1)
        #expect(listing.files == (try ImportRun.expand(samples)))
        #expect(listing.refused.isEmpty)
        #expect(output.err.contains { $0.contains("missing.csv") })
    }

    @Test func aRuleThatGaveUpOrAnUnavailableLedgerStopsTheRunAndAnyOtherErrorRejectsTheFile() throws {
        let folder = try ScratchFolder()
        let output = CapturedOutput()
        let run = ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console())
        var session = try run.openSession(rejected: 0)
        let gaveUp = PennyError.configuration("rule 'slow' gave up", at: SourceLocation(file: "r.rules", line: 3))
        session.ruleFailure = gaveUp
        #expect(throws: gaveUp) { try run.reject("a.csv", gaveUp, identity: nil, session: &session) }
        let locked = PennyError(.ledgerUnavailable, "locked")
        #expect(throws: locked) { try run.reject("a.csv", locked, identity: nil, session: &session) }
        try run.reject("b.csv", .badInput("bad row", at: SourceLocation(file: "b.csv", line: 4)), identity: nil, session: &session)
        #expect(session.rejected == 1)
        #expect(session.failures["b.csv"] != nil)
        #expect(output.out.contains("b.csv: rejected, nothing imported"))
    }

    @Test func aFileThatChangedWhileReadIsLeftInTheInbox() throws {
        let folder = try ScratchFolder()
        let file = folder.path("s.csv")
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        let identity = try #require(FileIdentity(path: file))
        let output = CapturedOutput()
        let run = ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: output.console())
        var session = try run.openSession(rejected: 0)
        try run.reject(file, ImportRun.changedWhileRead(file), identity: identity, session: &session)
        #expect(session.rejected == 0)
        #expect(session.asRead[file] == nil)
        #expect(output.out.contains { $0.hasPrefix("\(file): left in the inbox: it changed while it was being read") })
    }
}
