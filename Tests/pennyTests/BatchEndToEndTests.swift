import Foundation
import Testing

/// `penny import --inbox DIR`: every file imported, then archived or quarantined; nothing
/// deleted, nothing from a failed file in the ledger.
@Suite(.serialized) struct BatchEndToEndTests {
    @Test func filesAreArchivedOrQuarantined() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        let before = try w.text("ledger.journal")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        let now = Calendar.current.dateComponents([.year, .month], from: Date())
        let month = String(format: "%04d/%02d", now.year!, now.month!)
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.path("inbox")).isEmpty)
        #expect(FileManager.default.fileExists(atPath: w.path("archive/\(month)/montepio-2024-04.csv")))
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/montepio-broken.csv")))
        #expect(try w.text("quarantine/montepio-broken.csv.error.txt").hasPrefix("inbox/montepio-broken.csv:5:4: error: cannot read amount '-8,5O'"))
        let after = try w.text("ledger.journal")
        #expect(after.hasPrefix(before) && after.contains("COMPRA LIDL ODIVELAS") && !after.contains("montepio-broken"))

        // The same file again: imported as duplicates, archived beside the first, never overwritten.
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        let again = try w.penny("import", "--inbox", "inbox", "--archive", "archive", "--settle", "0")
        #expect(again.status == 0)
        #expect(again.stdout.contains("inbox/montepio-2024-04.csv: 0 new, 2 duplicates"))
        #expect(FileManager.default.fileExists(atPath: w.path("archive/\(month)/montepio-2024-04 (2).csv")))
        #expect(try w.text("ledger.journal") == after)
    }

    @Test func usage() throws {
        let w = try Workspace()
        #expect(try w.penny("import").stderr.contains("give statement files or folders, or --inbox DIR"))
        #expect(try w.penny("import", "--inbox", "x", "samples").status == 2)
        #expect(try w.penny("import", "--archive", "a", "samples").stderr.contains("--archive and --quarantine go with --inbox"))
        #expect(try w.penny("import", "--settle", "0", "samples").stderr.contains("--settle goes with --inbox"))
        #expect(try w.penny("import", "--inbox", "inbox", "--settle=-1").stderr.contains("--settle -1: expected a number of seconds, 0 or more"))
    }
}
