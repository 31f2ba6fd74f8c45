import Foundation
import Testing

/// A write that fails at each step (`PENNY_FAULT=STEP[@N]`, debug builds): a clear error,
/// exit 3, and nothing half-done. Before the rename the ledger is byte-identical to before
/// and every statement stays in the inbox; after it (the folder sync, filing, the log) the
/// ledger is the whole import and each statement is in exactly one place, so the next run
/// finishes the filing without changing the ledger.
@Suite(.serialized) struct WriteFaultEndToEndTests {
    /// A ledger with the AIB sample, and an inbox with a good and a broken statement.
    func batchWorkspace() throws -> Workspace {
        let w = try Workspace()
        #expect(try w.penny("import", "samples/aib-2024-03.csv").status == 0)
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        return w
    }

    static let batch = ["import", "--inbox", "inbox", "--settle", "0"]

    /// Where the two statements are: "inbox", "archive" or "quarantine" (with its note).
    func places(_ w: Workspace) throws -> [String: String] {
        var found: [String: String] = [:]
        for folder in ["inbox", "archive", "quarantine"] {
            guard let walker = FileManager.default.enumerator(atPath: w.path(folder)) else { continue }
            for case let name as String in walker where name.hasSuffix(".csv") {
                let file = (name as NSString).lastPathComponent
                #expect(found[file] == nil, "\(file) is in two places")
                found[file] = folder
                if folder == "quarantine" { #expect(FileManager.default.fileExists(atPath: w.path("quarantine/\(name).error.txt"))) }
            }
        }
        if let notes = FileManager.default.enumerator(atPath: w.path("quarantine")) {
            for case let name as String in notes where name.hasSuffix(".error.txt") {
                #expect(FileManager.default.fileExists(atPath: w.path("quarantine/" + name.dropLast(".error.txt".count))), "a note without its statement")
            }
        }
        return found
    }

    /// What the ledger is after a batch run that nothing disturbed.
    func cleanLedger() throws -> Data {
        let w = try batchWorkspace()
        #expect(try w.penny(environment: [:], Self.batch).status == 1)
        return try w.bytes("ledger.journal")
    }

    func noTemporaryFiles(_ w: Workspace) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: w.path(".")).filter { $0.hasSuffix(".penny-tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    // The batch brings names the ledger has not declared: the declarations file is synced
    // and renamed first (before the ledger, so every name written is declared), so the
    // ledger's own sync and rename are the second of the run.
    @Test(arguments: [
        ("create", "No space left on device; the ledger was not changed"),
        ("write", "No space left on device; the ledger was not changed"),
        ("fsync@2", "Input/output error; the ledger was not changed"),
        ("rename@2", "cannot replace the ledger: No space left on device; the ledger was not changed"),
    ])
    func aBatchFailingBeforeTheRenameChangesNothing(step: String, message: String) throws {
        let w = try batchWorkspace()
        let before = try w.bytes("ledger.journal")
        let result = try w.penny(environment: ["PENNY_FAULT": step], Self.batch)
        #expect(result.status == 3)
        #expect(result.stderr.contains("ledger.journal: error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(try w.bytes("ledger.journal") == before)
        #expect(try places(w) == ["montepio-2024-04.csv": "inbox", "montepio-broken.csv": "inbox"])
        try noTemporaryFiles(w)
        #expect(try w.penny(environment: [:], Self.batch).status == 1)
        #expect(try w.bytes("ledger.journal") == (try cleanLedger()))
        #expect(try places(w) == ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "quarantine"])
    }

    /// The declarations file is written before the ledger: when it cannot be, the import
    /// stops with the ledger (and the declarations) as they were.
    @Test(arguments: ["fsync", "rename"]) func aDeclarationsWriteThatFailsChangesNothing(step: String) throws {
        let w = try batchWorkspace()
        let before = try w.bytes("ledger.journal")
        let declarations = try w.bytes("ledger.journal.declarations.journal")
        let result = try w.penny(environment: ["PENNY_FAULT": step], Self.batch)
        #expect(result.status == 3)
        #expect(result.stderr.contains("ledger.journal.declarations.journal"), "\(result.stderr)")
        #expect(try w.bytes("ledger.journal") == before)
        #expect(try w.bytes("ledger.journal.declarations.journal") == declarations)
        #expect(try places(w) == ["montepio-2024-04.csv": "inbox", "montepio-broken.csv": "inbox"])
        try noTemporaryFiles(w)
        #expect(try w.penny(environment: [:], Self.batch).status == 1)
        #expect(try w.bytes("ledger.journal") == (try cleanLedger()))
    }

    /// The index sidecar is written after the ledger: failing to write it fails nothing.
    @Test func anIndexThatCannotBeWrittenLeavesTheImportWholeAndTheNextRunWritesIt() throws {
        let w = try batchWorkspace()
        let index = w.path(".ledger.journal.penny-index")
        #expect(FileManager.default.fileExists(atPath: index))
        let result = try w.penny(environment: ["PENNY_FAULT": "index"], Self.batch)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("index"), "\(result.stderr)")
        #expect(try w.bytes("ledger.journal") == (try cleanLedger()))
        #expect(try places(w) == ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "quarantine"])
        try noTemporaryFiles(w)
        #expect(!FileManager.default.fileExists(atPath: index + ".tmp"))
        // The index left names the ledger before the run: ignored, and written again.
        #expect(try w.penny("import", "samples/aib-2024-03.csv").status == 0)
        #expect(try w.bytes("ledger.journal") == (try cleanLedger()))
        #expect(FileManager.default.fileExists(atPath: index))
    }

    @Test func aFolderSyncThatFailsSaysTheChangeMayNotLastAndFilesNothing() throws {
        let w = try batchWorkspace()
        let result = try w.penny(environment: ["PENNY_FAULT": "dirsync@2"], Self.batch)
        #expect(result.status == 3)
        #expect(
            result.stderr.contains(
                "ledger.journal: error: the ledger was written, but its folder could not be synced (Input/output error): a power cut now could undo the change; nothing else was done"
            ), "\(result.stderr)")
        let clean = try cleanLedger()
        #expect(try w.bytes("ledger.journal") == clean)
        #expect(try places(w) == ["montepio-2024-04.csv": "inbox", "montepio-broken.csv": "inbox"])
        let again = try w.penny(environment: [:], Self.batch)
        #expect(again.stdout.contains("inbox/montepio-2024-04.csv: 0 new, 2 duplicates"))
        #expect(try w.bytes("ledger.journal") == clean)
        #expect(try places(w) == ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "quarantine"])
    }

    @Test(arguments: [
        ("move@1", ["montepio-2024-04.csv": "inbox", "montepio-broken.csv": "inbox"]),
        ("move@2", ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "inbox"]),
        ("note", ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "inbox"]),
    ])
    func filingThatFailsLeavesEachStatementInOnePlace(fault: String, expected: [String: String]) throws {
        let w = try batchWorkspace()
        let result = try w.penny(environment: ["PENNY_FAULT": fault], Self.batch)
        #expect(result.status == 3)
        let file = fault == "move@1" ? "montepio-2024-04.csv" : "montepio-broken.csv"
        let folder = fault == "move@1" ? "archive/" : "quarantine"
        #expect(result.stderr.contains("inbox/\(file): error: cannot file inbox/\(file) into "), "\(result.stderr)")
        #expect(result.stderr.contains(folder) && result.stderr.contains("No space left on device"), "\(result.stderr)")
        let clean = try cleanLedger()
        #expect(try w.bytes("ledger.journal") == clean)
        #expect(try places(w) == expected)
        #expect(try w.penny(environment: [:], Self.batch).status != 3)
        #expect(try w.bytes("ledger.journal") == clean)
        #expect(try places(w) == ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "quarantine"])
    }

    @Test func aLogThatCannotBeWrittenIsAnErrorAfterTheRun() throws {
        let w = try batchWorkspace()
        let result = try w.penny(environment: ["PENNY_FAULT": "log"], Self.batch + ["--log", "runs.jsonl"])
        #expect(result.status == 3)
        #expect(
            result.stderr.contains(
                "runs.jsonl: error: cannot write the log: No space left on device; the run's line is missing from it (what the run did is above)"),
            "\(result.stderr)")
        #expect(result.stdout.contains("total: 2 files, 2 new, 0 duplicates"))
        #expect(try w.bytes("ledger.journal") == (try cleanLedger()))
        #expect(try places(w) == ["montepio-2024-04.csv": "archive", "montepio-broken.csv": "quarantine"])
        #expect(try w.penny(environment: [:], Self.batch + ["--log", "runs.jsonl"]).status == 0)
        #expect(try w.text("runs.jsonl").split(separator: "\n").count == 1)
    }

    @Test(arguments: ["create", "write", "fsync", "rename"])
    func recategorizeFailingChangesNothing(step: String) throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let rules = try w.text("rules/categories.rules").replacingOccurrences(of: "expenses:food:groceries", with: "expenses:food:supermarket")
        try rules.write(toFile: w.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        let before = try w.bytes("ledger.journal")
        let result = try w.penny(environment: ["PENNY_FAULT": step], ["recategorize"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("ledger.journal: error: ") && result.stderr.contains("the file was not changed"), "\(result.stderr)")
        #expect(try w.bytes("ledger.journal") == before)
        try noTemporaryFiles(w)
        #expect(try w.penny("recategorize").status == 0)
        #expect(try w.bytes("ledger.journal") != before)
    }

    @Test(arguments: ["create", "write", "fsync", "rename"])
    func roundUpApplyFailingChangesNothing(step: String) throws {
        let w = try Workspace()
        let later = "\nroundup later-change\n  from assets:bank:aib\n  pot assets:savings:later\n  apply later\n  to assets:bank:savings 100%\n"
        try (try w.text("rules/roundups.rules") + later).write(toFile: w.path("rules/roundups.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples").status == 0)
        let ledger = try w.bytes("ledger.journal"), derived = try w.bytes("ledger.journal.roundups.journal")
        let apply = ["roundup", "apply", "later-change", "--date", "2024-12-31"]
        let result = try w.penny(environment: ["PENNY_FAULT": step], apply)
        #expect(result.status == 3)
        #expect(result.stderr.contains("ledger.journal: error: ") && result.stderr.contains("the ledger was not changed"), "\(result.stderr)")
        #expect(try w.bytes("ledger.journal") == ledger)
        #expect(try w.bytes("ledger.journal.roundups.journal") == derived)
        try noTemporaryFiles(w)
        #expect(try w.penny(environment: [:], apply).status == 0)
        #expect(try w.bytes("ledger.journal") != ledger)
    }

    /// Root writes in a folder whose mode says read-only: Penny goes by the mode bits.
    @Test func aReadOnlyLedgerFolderIsRefusedBeforeAnythingIsWritten() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w.path("books"), withIntermediateDirectories: true)
        #expect(try w.penny("import", "--ledger", "books/ledger.journal", "samples/aib-2024-03.csv").status == 0)
        let before = try w.bytes("books/ledger.journal")
        let entries = try FileManager.default.contentsOfDirectory(atPath: w.path("books")).sorted()
        chmod(w.path("books"), 0o555)
        defer { chmod(w.path("books"), 0o755) }
        for arguments in [["import", "--ledger", "books/ledger.journal", "samples"], ["recategorize", "--ledger", "books/ledger.journal"]] {
            let result = try w.penny(environment: [:], arguments)
            #expect(result.status == 3)
            #expect(
                result.stderr.contains(
                    "books/ledger.journal: error: the folder books is read-only (mode 555); Penny writes the new version beside the file and will not: make the folder writable (chmod u+w) to change it"
                ), "\(result.stderr)")
        }
        #expect(try w.bytes("books/ledger.journal") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.path("books")).sorted() == entries)
    }
}
