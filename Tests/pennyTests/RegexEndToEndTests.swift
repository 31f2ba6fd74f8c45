import Foundation
import Testing

/// Rules' regular expressions cannot stall a command: nested repetition is refused by every
/// command when the rules are read, and a match past its bound stops the command before the
/// ledger is written.
@Suite(.serialized) struct RegexEndToEndTests {
    func appendRule(_ w: Workspace, _ pattern: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: w.path("rules/categories.rules")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\nrule slow\n  if description matches \(pattern)\n  category expenses:slow\n".utf8))
        try handle.close()
    }

    /// A statement with one description of 60 a's and a '!'.
    func slowStatement(_ w: Workspace, at path: String) throws {
        let rows = "Data Mov.;Data Valor;Descri\u{E7}\u{E3}o;Montante;Saldo Contabil\u{ED}stico\n01-04-2024;01-04-2024;\(String(repeating: "A", count: 60))!;-1,00;\n"
        try FileManager.default.createDirectory(atPath: (w.path(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try #require(rows.data(using: .windowsCP1252)).write(to: URL(fileURLWithPath: w.path(path)))
    }

    @Test func nestedRepetitionIsRefusedByRulesCheckAndByImport() throws {
        let w = try Workspace()
        let lines = try w.text("rules/categories.rules").components(separatedBy: "\n").count
        try appendRule(w, "/(a+)+$/")
        let message =
            "rules/categories.rules:\(lines + 2):27: error: rule 'slow': /(a+)+$/ repeats '(a+)+', a repetition inside a repetition, which can take minutes on a long description; repeat the group or what is inside it, not both (or make the inner one possessive, like 'a++')"
        let check = try w.penny("rules", "check")
        #expect(check.status == 2)
        #expect(check.stderr.contains(message))
        let imported = try w.penny("import", "samples")
        #expect(imported.status == 2)
        #expect(imported.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal")))
    }

    /// `(a|aa)+$` passes the static check; on 60 a's it would run for hours. Issue 33,
    /// item 7: it stopped the whole batch every night; now that file is quarantined with
    /// the rule's message and the others are imported.
    @Test func regexThatGivesUpQuarantinesItsFileAndTheBatchGoesOn() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let lines = try w.text("rules/categories.rules").components(separatedBy: "\n").count
        try appendRule(w, "/(a|aa)+$/")
        try slowStatement(w, at: "inbox/montepio-2024-04.csv")
        try FileManager.default.copyItem(atPath: w.path("samples/history/montepio-2024-05.csv"), toPath: w.path("inbox/montepio-2024-05.csv"))
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        let message =
            "rules/categories.rules:\(lines + 2):3: error: rule 'slow': 'if description matches /(a|aa)+$/' gave up on \"\(String(repeating: "A", count: 57))...\" after about 10 million backtracking steps; simplify the regular expression (no repetition inside a repetition)"
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try w.text("quarantine/montepio-2024-04.csv.error.txt").contains("gave up on"))
        #expect(result.stdout.contains("inbox/montepio-2024-05.csv: "), "\(result.stdout)")
        #expect(try w.text("ledger.journal").contains("inbox/montepio-2024-05.csv"))
        #expect(!(try w.text("ledger.journal")).contains("inbox/montepio-2024-04.csv"))
    }

    /// Issue 33, item 7: each match was bounded, not a file's whole work (300 rows just
    /// under the bound took minutes). A file's matches share one budget; once it is spent
    /// the rule gives up and batch mode quarantines the file (the budget is made small here).
    @Test func aFilesRegexWorkIsBoundedAsAWhole() throws {
        let w = try Workspace()
        try appendRule(w, "/(a|aa)+$/")
        var rows = "Data Mov.;Data Valor;Descri\u{E7}\u{E3}o;Montante;Saldo Contabil\u{ED}stico\n"
        for day in 1...5 { rows += "0\(day)-04-2024;0\(day)-04-2024;\(String(repeating: "A", count: 24))!;-1,00;\n" }
        try FileManager.default.createDirectory(atPath: w.path("inbox"), withIntermediateDirectories: true)
        try #require(rows.data(using: .windowsCP1252)).write(to: URL(fileURLWithPath: w.path("inbox/montepio-2024-04.csv")))
        let result = try w.penny(environment: ["PENNY_REGEX_BUDGET": "3"], ["import", "--inbox", "inbox", "--settle", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("this file's regular expressions took over 30000 backtracking steps in all"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/montepio-2024-04.csv")))
    }

    /// Named by hand, the file is the user's to watch: the rule that gave up stops the run
    /// before the ledger is written.
    @Test func regexThatGivesUpStopsAnImportByHand() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let before = try w.text("ledger.journal")
        try appendRule(w, "/(a|aa)+$/")
        try slowStatement(w, at: "statements/montepio-2024-04.csv")
        let result = try w.penny("import", "statements/montepio-2024-04.csv")
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: rule 'slow': 'if description matches /(a|aa)+$/' gave up on"))
        #expect(try w.text("ledger.journal") == before)
    }

    @Test func regexThatGivesUpStopsRecategorizeBeforeTheLedgerIsRewritten() throws {
        let w = try Workspace()
        try slowStatement(w, at: "statements/montepio-2024-04.csv")
        try w.penny("import", "samples", "statements")
        let before = try w.text("ledger.journal")
        try appendRule(w, "/(a|aa)+$/")
        let result = try w.penny("recategorize")
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: rule 'slow': 'if description matches /(a|aa)+$/' gave up on"))
        #expect(try w.text("ledger.journal") == before)
    }
}
