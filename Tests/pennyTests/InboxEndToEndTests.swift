import Foundation
import Testing

/// Batch mode on an unlucky night: statements still being written, links and odd names in
/// the inbox, an empty inbox, and a second run that waited for the first.
@Suite(.serialized) struct InboxEndToEndTests {
    /// A workspace whose inbox holds `names`, each a copy of the April Montepio statement
    /// last modified an hour ago (settled).
    func inbox(_ names: String...) throws -> Workspace {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w.path("inbox"), withIntermediateDirectories: true)
        for name in names {
            try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/" + name)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: w.path("inbox/" + name))
        }
        return w
    }

    func archived(_ w: Workspace) throws -> [String] {
        guard FileManager.default.fileExists(atPath: w.path("archive")) else { return [] }
        return try FileManager.default.subpathsOfDirectory(atPath: w.path("archive")).filter { $0.hasSuffix(".csv") }
    }

    func inboxNames(_ w: Workspace) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: w.path("inbox")).sorted()
    }

    @Test func statementModifiedWithinTheSettleTimeStaysInTheInbox() throws {
        let w = try inbox()
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: w.path("inbox/montepio-2024-04.csv"))
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "3600")
        #expect(result.status == 0)
        // Modified 0–2 s ago: the run looks twice, two seconds apart.
        #expect(
            result.stdout.contains(/inbox\/montepio-2024-04.csv: left in the inbox: modified [0-3] s ago, it may still be being written \(--settle 3600\); the next run imports it/)
        )
        #expect(try inboxNames(w) == ["montepio-2024-04.csv"])
        #expect(try archived(w).isEmpty)
        #expect(!((try? w.text("ledger.journal")) ?? "").contains("COMPRA LIDL ODIVELAS"))
    }

    /// Issue 33, item 4: a file on a share whose clock is behind (its time an hour ago)
    /// was taken as settled while still being written, imported in part and archived. The
    /// second look sees it change, whatever its clock says, and leaves it.
    @Test func aStatementStillGrowingWithAnOldClockStaysInTheInbox() throws {
        let w = try inbox()
        let file = w.path("inbox/montepio-2024-04.csv")
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: file)
        // A writer appends a line every 0.2 s for 4 s and sets the file's time back an hour each time.
        let writer = "for i in $(seq 20); do echo '28-04-2024;28-04-2024;SHOP '$i';-1,00;100,00' >> '\(file)'; touch -d '1 hour ago' '\(file)'; sleep 0.2; done"
        let script = "(\(writer)) & sleep 0.5; '\(pennyBinary.path)' import --inbox inbox --settle 60; status=$?; wait; exit $status"
        let result = try w.run("/bin/sh", ["-c", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("inbox/montepio-2024-04.csv: left in the inbox: it changed while penny looked at it"), "\(result.stdout)")
        #expect(try inboxNames(w) == ["montepio-2024-04.csv"])
        #expect(try archived(w).isEmpty)
    }

    @Test func settledStatementIsImportedWithTheDefaultSettleTime() throws {
        let w = try inbox("montepio-2024-04.csv")
        let result = try w.penny("import", "--inbox", "inbox")
        #expect(result.status == 0)
        #expect(result.stdout.contains("inbox/montepio-2024-04.csv: 2 new"))
        #expect(try inboxNames(w).isEmpty)
        #expect(try archived(w).count == 1)
    }

    /// The statement grows while the batch reads it: it is not archived, and the next run
    /// imports every row exactly once.
    @Test func statementAppendedToDuringTheRunStaysInTheInboxAndIsCompletedNextRun() throws {
        let w = try inbox()
        let header = "Data Mov.;Data Valor;Descri\u{E7}\u{E3}o;Montante;Saldo Contabil\u{ED}stico\n"
        func rows(_ range: Range<Int>) -> String {
            range.map { i in
                let day = String(format: "%02d-%02d-2023", 1 + (i / 40) % 28, 1 + i / (40 * 28))
                return "\(day);\(day);COMPRA LOJA \(i);-0,01;\n"
            }.joined()
        }
        // The Montepio profile reads windows-1252.
        let file = w.path("inbox/montepio-growing.csv")
        try #require((header + rows(0..<6000)).data(using: .windowsCP1252)).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: file)

        let running = try w.launchPenny("import", "--inbox", "inbox", "--settle", "0")
        #expect(running.waitUntilOpen(file), "penny finished before the statement could grow")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(rows(6000..<6060).utf8))
        try handle.close()
        let first = running.finish()
        #expect(first.status == 0)
        #expect(first.stdout.contains("inbox/montepio-growing.csv: left in the inbox: it changed"))
        #expect(try inboxNames(w) == ["montepio-growing.csv"])
        #expect(try archived(w).isEmpty)

        let second = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(second.status == 0)
        #expect(try inboxNames(w).isEmpty)
        #expect(try archived(w) == [archiveMonth() + "/montepio-growing.csv"])
        let ledger = try w.text("ledger.journal")
        for i in [0, 5999, 6000, 6059] { #expect(ledger.components(separatedBy: "COMPRA LOJA \(i)\n").count == 2) }
        #expect(ledger.components(separatedBy: "COMPRA LOJA").count == 6061)
    }

    func archiveMonth() -> String {
        let now = Calendar.current.dateComponents([.year, .month], from: Date())
        return String(format: "%04d/%02d", now.year!, now.month!)
    }

    @Test func symlinkInTheInboxIsQuarantinedNotFollowed() throws {
        let w = try inbox()
        try w.copy(fixture: "montepio-2024-04.csv", as: "elsewhere/montepio-2024-04.csv")
        try FileManager.default.createSymbolicLink(atPath: w.path("inbox/montepio-link.csv"), withDestinationPath: "../elsewhere/montepio-2024-04.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inbox/montepio-link.csv: error: a symbolic link: batch mode imports only regular files (put the file itself in the inbox)"))
        #expect(result.stdout.contains("inbox/montepio-link.csv: refused, moved to quarantine/montepio-link.csv"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: w.path("quarantine/montepio-link.csv")) == "../elsewhere/montepio-2024-04.csv")
        #expect(try w.bytes("elsewhere/montepio-2024-04.csv") == Data(contentsOf: fixture("montepio-2024-04.csv")))
        #expect(try inboxNames(w).isEmpty)
        #expect(try archived(w).isEmpty)
        #expect(!((try? w.text("ledger.journal")) ?? "").contains("COMPRA LIDL ODIVELAS"))
    }

    @Test func fileNameWithANewlineIsQuarantinedUnderASafeName() throws {
        let w = try inbox("montepio\nnight.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "inbox/montepio\\nnight.csv: error: the file name holds a control character (a newline, tab or escape): rename the file and put it back in the inbox"))
        #expect(result.stdout.contains("inbox/montepio\\nnight.csv: refused, moved to quarantine/montepio_night.csv"))
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/montepio_night.csv")))
        #expect(try w.text("quarantine/montepio_night.csv.error.txt").hasPrefix("inbox/montepio\\nnight.csv: error: the file name holds a control character"))
        #expect(try inboxNames(w).isEmpty)
    }

    /// Issue 33, item 8: a name that is not valid UTF-8 (a Latin-1 `ç` from an old system)
    /// was never imported and never reported; it is quarantined under a readable name with
    /// the reason, and the rest of the inbox is imported.
    @Test func fileNameThatIsNotUTF8IsQuarantinedAndReported() throws {
        let w = try inbox("montepio-2024-04.csv")
        let path: [UInt8] = Array((w.path("inbox") + "/extrato-mar").utf8) + [0xE7] + Array("o.csv".utf8)
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inbox/extrato-mar_o.csv: error: the file name is not valid UTF-8"), "\(result.stderr)")
        #expect(result.stdout.contains("inbox/extrato-mar_o.csv: refused, moved to quarantine/extrato-mar_o.csv"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/extrato-mar_o.csv.error.txt")))
        #expect(try inboxNames(w).isEmpty)
        #expect(try archived(w).count == 1)
    }

    @Test func fileNameWithAQuoteIsQuarantined() throws {
        let w = try inbox("montepio'abril.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inbox/montepio'abril.csv: error: the file name holds a quote: rename the file and put it back in the inbox"))
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/montepio_abril.csv")))
        #expect(try inboxNames(w).isEmpty)
    }

    /// `..csv` used to be taken for a hidden file and stay in the inbox forever, unmentioned.
    @Test func fileNameWithTwoDotsIsQuarantinedNotSkippedSilently() throws {
        let w = try inbox("..csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inbox/..csv: error: the file name holds '..': rename the file and put it back in the inbox"))
        #expect(result.stdout.contains("inbox/..csv: refused, moved to quarantine/_.csv"))
        #expect(try inboxNames(w).isEmpty)
    }

    /// Issue 33, item 15: a name with a right-to-left override was printed raw (it can
    /// show as another name); it is refused, escaped in every message, filed under `_`.
    @Test func fileNameWithABidiOverrideIsEscapedAndQuarantined() throws {
        let w = try inbox("extrato\u{202E}vsc.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inbox/extrato\\u{202E}vsc.csv: error: the file name holds a bidirectional control character"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).unicodeScalars.contains { $0.value == 0x202E })
        #expect(FileManager.default.fileExists(atPath: w.path("quarantine/extrato_vsc.csv")))
    }

    @Test func hiddenFileIsLeftInTheInboxWithTheReason() throws {
        let w = try inbox(".montepio.csv", "montepio-2024-04.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 0)
        #expect(result.stdout.contains("inbox/.montepio.csv: left in the inbox: a hidden file (its name starts with '.')"))
        #expect(try inboxNames(w) == [".montepio.csv"])
    }

    @Test func folderThatNamesNoAccountIsLeftWithTheReason() throws {
        let w = try inbox("montepio-2024-04.csv")
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/older/montepio-2024-04.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "inbox/older: left in the inbox: a folder that names no account: batch mode imports the files of folders named after an account's last name part or alias (like inbox/montepio/)"
            ))
        #expect(try inboxNames(w) == ["older"])
        #expect(FileManager.default.fileExists(atPath: w.path("inbox/older/montepio-2024-04.csv")))
    }

    /// A file dropped in `inbox/savings/` (an account's last name part) is imported to that
    /// account with a sniffed profile and archived; a folder inside it is left and a link in
    /// it quarantined, like in the inbox itself.
    @Test func fileInAnAccountsFolderIsImportedToThatAccountAndArchived() throws {
        let w = try inbox()
        let csv = "Data;Descrição;Montante;Saldo\n02-03-2024;COMPRA;-23,47;1.226,53\n15-03-2024;SALARIO;1.000,00;2.226,53\n"
        try FileManager.default.createDirectory(atPath: w.path("inbox/savings/deeper"), withIntermediateDirectories: true)
        try csv.write(toFile: w.path("inbox/savings/extrato-2024-03.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: w.path("inbox/savings/link.csv"), withDestinationPath: "extrato-2024-03.csv")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("inbox/savings/extrato-2024-03.csv: 2 new"))
        #expect(result.stdout.contains("inbox/savings/deeper: left in the inbox: a folder inside an account's folder: batch mode reads one level of folders"))
        #expect(result.stdout.contains("inbox/savings/link.csv: refused, moved to quarantine/link.csv"))
        #expect(try w.text("ledger.journal").contains("    assets:bank:savings                      1000.00 EUR"))
        #expect(try archived(w) == ["\(archiveMonth())/extrato-2024-03.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.path("inbox/savings")) == ["deeper"])
    }

    @Test func noteInTheInboxIsLeftWithTheReason() throws {
        let w = try inbox("README.txt")
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(result.status == 0)
        #expect(result.stdout.contains("inbox/README.txt: left in the inbox: a note, not a statement (README or .md)"))
    }

    @Test func emptyInboxExitsZeroWithOneLineAndWritesNothing() throws {
        let w = try inbox()
        let result = try w.penny("import", "--inbox", "inbox")
        #expect(result.status == 0)
        #expect(result.stdout == "inbox: no statements to import\n")
        #expect(result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal")))
    }

    @Test func missingInboxIsNamed() throws {
        let w = try Workspace()
        let result = try w.penny("import", "--inbox", "inbox")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inbox: error: no such folder (the inbox)"))
    }

    /// A run that waited for the lock lists the inbox after taking it: the files the run
    /// before it filed are simply gone, not "cannot read file".
    @Test func runThatWaitedForTheLockListsTheInboxAgain() throws {
        let w = try inbox("montepio-2024-04.csv")
        let lockPath = w.path("ledger.journal.lock")
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let running = try w.launchPenny("import", "--inbox", "inbox", "--settle", "0", "--wait", "120")
        let waited = running.waitUntilOpen(lockPath)
        // What the run holding the lock does: file the statement away.
        try FileManager.default.createDirectory(atPath: w.path("archive"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: w.path("inbox/montepio-2024-04.csv"), toPath: w.path("archive/montepio-2024-04.csv"))
        flock(fd, LOCK_UN)
        close(fd)
        let result = running.finish()
        #expect(waited)
        #expect(result.status == 0)
        #expect(!result.stderr.contains("cannot read file"))
        #expect(result.stdout == "inbox: no statements to import\n")
        #expect(FileManager.default.fileExists(atPath: w.path("archive/montepio-2024-04.csv")))
    }
}
