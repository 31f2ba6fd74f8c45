import Foundation
import Testing

/// Statements and ledgers that once crashed, corrupted or fooled a night's run.
@Suite(.serialized) struct HostileInputEndToEndTests {
    /// Two statements for one card in one file, the second repeating the first's FITIDs with
    /// dates out of order: the importer once stopped at `fatalError` (exit 132) and the whole
    /// night died. Now the file is refused with its line, quarantined, and the others imported.
    @Test func aRepeatedStatementIsQuarantinedNotACrash() throws {
        let w = try Workspace()
        try w.copy(fixture: "repro/repeated-statement.ofx", as: "inbox/repeated-statement.ofx")
        try w.copy(fixture: "repro/second-pass-crash.ofx", as: "inbox/second-pass-crash.ofx")
        try FileManager.default.copyItem(atPath: w.path("samples/aib-2024-03.csv"), toPath: w.path("inbox/aib-2024-03.csv"))
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "inbox/repeated-statement.ofx:46: error: transaction id 'CARD0004' of liabilities:card:visa is also in an earlier statement of this file (line 22): the file repeats a statement; refused rather than imported twice"
            ))
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/repeated-statement.ofx")))
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/second-pass-crash.ofx")))
        #expect(result.stdout.contains("inbox/aib-2024-03.csv: "))
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("TESCO STORES 3456"))
        #expect(!journal.contains("LIVRARIA"))
    }
}
