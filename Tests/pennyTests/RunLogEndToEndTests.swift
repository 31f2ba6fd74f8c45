import Foundation
import Testing

/// `penny import --log FILE` leaves one JSON line per run; `penny status` reads it back with
/// what needs a person's attention.
@Suite(.serialized) struct RunLogEndToEndTests {
    func lines(_ w: Workspace) throws -> [[String: Any]] {
        try w.text("runs.jsonl").split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func aBatchRunLeavesOneJSONLineAndStatusNamesWhatNeedsAttention() throws {
        let w = try Workspace()
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0", "--log", "runs.jsonl")
        #expect(result.status == 1)
        let runs = try lines(w)
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run["exit"] as? Int == 1)
        #expect(run["rejected"] as? Int == 1)
        #expect(run["new"] as? Int == 2)
        #expect((run["start"] as? String)?.count == 20)
        let files = try #require(run["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String } == ["imported", "rejected"])
        #expect((files[1]["reason"] as? String)?.hasPrefix("inbox/montepio-broken.csv:5:4: error: cannot read amount") == true)
        #expect((files[1]["moved_to"] as? String)?.hasSuffix("quarantine/montepio-broken.csv") == true)
        #expect(files.map { $0["code"] as? String } == [nil, "input"])
        #expect(run["error_code"] == nil)

        let status = try w.penny("status", "--log", "runs.jsonl")
        #expect(status.status == 0)
        #expect(status.stdout.contains("exit 1  2 files: 2 new, 0 duplicates, 1 rejected"))
        #expect(status.stdout.contains("quarantined: "))
        // Where the file is, where it came from and why, each once.
        #expect(status.stdout.contains("quarantine/montepio-broken.csv (from inbox/montepio-broken.csv:5:4): cannot read amount '-8,5O'"), "\(status.stdout)")
    }

    /// Issue 32: `penny status` without `--log` found no log, so quarantined files went
    /// unmentioned. A batch run logs beside the ledger unless told where, and status reads it.
    @Test func aBatchRunLogsBesideTheLedgerAndStatusFindsIt() throws {
        let w = try Workspace()
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        #expect(try w.penny("import", "--inbox", "inbox", "--settle", "0").status == 1)
        #expect(try w.text("ledger.journal.runs.jsonl").split(separator: "\n").count == 1)
        let status = try w.penny("status")
        #expect(status.stdout.hasPrefix("Last runs (ledger.journal.runs.jsonl):"), "\(status.stdout)")
        #expect(status.stdout.contains("montepio-broken.csv (from inbox/montepio-broken.csv:5:4): cannot read amount '-8,5O'"), "\(status.stdout)")
        // A dry run and an import of named files leave no log of their own.
        #expect(try w.penny("import", "samples/aib-2024-03.csv").status == 0)
        #expect(try w.text("ledger.journal.runs.jsonl").split(separator: "\n").count == 1)
    }

    @Test func aRunStoppedByTheLockIsLoggedWithItsReason() throws {
        let w = try Workspace()
        let lock = open(w.path("ledger.journal.lock"), O_CREAT | O_RDWR, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let result = try w.penny("import", "samples", "--wait", "0", "--log", "runs.jsonl")
        #expect(result.status == 3)
        let run = try #require(try lines(w).first)
        #expect(run["exit"] as? Int == 3)
        #expect((run["error"] as? String)?.contains("the ledger is locked by another penny run") == true)
        #expect(run["error_code"] as? String == "ledger.locked")
        #expect(try w.penny("status", "--log", "runs.jsonl").stdout.contains("the last run stopped (exit 3)"))
    }

    /// Stable codes a monitor can match, whatever the wording of the message.
    @Test func codesNameWhatWentWrong() throws {
        let w = try Workspace()
        try "%PDF-1.4\n".write(toFile: w.path("statement.pdf"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "statement.pdf", "--log", "runs.jsonl").status == 1)
        try "rule broken\n  if amout < 0\n".write(toFile: w.path("rules/zz-broken.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples", "--log", "runs.jsonl").status == 2)
        let runs = try lines(w)
        let files = try #require(runs.first?["files"] as? [[String: Any]])
        #expect(files.first?["code"] as? String == "input.unrecognized")
        #expect(runs.last?["error_code"] as? String == "config.rules")
        #expect(runs.last?["error"] as? String == "1 error in the rules")
        try FileManager.default.removeItem(atPath: w.path("rules/zz-broken.rules"))
        try "2024-03-01 * Hand edit\n    expenses:food  12,3x EUR\n    assets:bank:montepio\n".write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples", "--log", "runs.jsonl").status == 3)
        #expect(try lines(w).last?["error_code"] as? String == "ledger.syntax")
    }

    @Test func nothingToDoSaysSo() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let status = try w.penny("status")
        #expect(status.stdout.contains("2 transactions no rule categorized: run `penny uncategorized`"))
        // Every transaction categorized, every account reconciled, no pot waiting: nothing to do.
        let clean = try Workspace()
        try FileManager.default.removeItem(atPath: clean.path("rules/categories.rules"))
        try "rule all\n  if amount < 0\n  category expenses:misc\nrule income\n  if amount > 0\n  category income:misc\n".write(
            toFile: clean.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        #expect(try clean.penny("import", "samples").status == 0)
        #expect(try clean.penny("status").stdout == "Nothing needs attention.\n")
    }
}
