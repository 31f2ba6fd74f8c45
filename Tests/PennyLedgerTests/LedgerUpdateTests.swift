import Foundation
import PennyCore
import PennyLedger
import Testing

struct LedgerUpdateTests {
    func entry(_ n: UInt64, _ units: Int64 = -100) -> JournalEntry {
        JournalEntry(
            date: day("2024-03-01"), description: "T\(n)", account: "assets:a", category: "expenses:b", amount: euros(units), id: DedupID(value: n), source: "s.csv:\(n)", rule: nil
        )
    }

    @Test func appendsSkipsDuplicatesAndCommits() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        #expect(try update.append(entry(1)))
        #expect(try !update.append(entry(1)))
        try update.commit()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(JournalWriter.header))
        #expect(text.components(separatedBy: "; id: 0000000000000001").count == 2)

        let second = try LedgerUpdate(ledgerPath: path, dryRun: false)
        #expect(second.contains(DedupID(value: 1)))
        #expect(try !second.append(entry(1)))
        #expect(try second.append(entry(2)))
        try second.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(text))
    }

    /// A tracked account's balance past 64 bits is refused at its line (read) or its row
    /// (appended), never wrapped.
    @Test func aBalancePast64BitsIsAnErrorAtItsLine() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let big = "92233720368547758.00"
        try "2024-01-01 x\n    assets:a  \(big) EUR\n    c:d\n\n2024-01-01 y\n    assets:a  \(big) EUR\n    c:d\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: PennyError.self) { try LedgerUpdate(ledgerPath: path, dryRun: true, balanceAccounts: ["assets:a"]) }
        #expect(error?.location == SourceLocation(file: path, line: 6))

        let fresh = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let update = try LedgerUpdate(ledgerPath: fresh, dryRun: false, balanceAccounts: ["assets:a"])
        var first = entry(1, .max - 5)
        first.account = "assets:a"
        try update.append(first)
        var second = entry(2, 10)
        second.account = "assets:a"
        second.source = "s.csv"
        second.sourceLine = 7
        let appended = #expect(throws: PennyError.self) { try update.append(second) }
        #expect(appended?.location == SourceLocation(file: "s.csv", line: 7))
    }

    /// A rollback in a ledger with Windows line endings takes the failed file's postings
    /// back out of the balances (its text, read back, ends its lines in CRLF).
    @Test func aRollbackInACRLFLedgerRestoresTheBalances() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        try "2024-01-01 opening\r\n    assets:a  5.00 EUR\r\n    equity:o\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false, balanceAccounts: ["assets:a"])
        var kept = entry(1, -100)
        kept.account = "assets:a"
        try update.append(kept)
        let mark = update.mark()
        for n in 2...4 {
            var failed = entry(UInt64(n), -200)
            failed.account = "assets:a"
            try update.append(failed)
        }
        try update.rollback(to: mark)
        #expect(try update.statementBalances.balance("assets:a", .euro, through: day("2024-12-31")) == euros(400))
    }

    @Test func rollbackForgetsAFileAndLeavesNoTrace() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        try "; mine\n2024-01-01 * hand\n    a:b  1.00 EUR\n    c:d".write(toFile: path, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        try update.append(entry(1))
        let mark = update.mark()
        try update.append(entry(2))
        try update.append(entry(3))
        try update.rollback(to: mark)
        #expect(!update.contains(DedupID(value: 3)))
        try update.append(entry(4))
        try update.commit()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(String(decoding: before, as: UTF8.self) + "\n"))
        #expect(text.contains("T1") && !text.contains("T2") && !text.contains("T3") && text.contains("T4"))
    }

    @Test func dryRunWritesNothingAndAbandonedUpdatesLeaveNoTemporaryFile() throws {
        let directory = temporaryDirectory()
        let path = directory.appendingPathComponent("ledger.journal").path
        do {
            let update = try LedgerUpdate(ledgerPath: path, dryRun: true)
            try update.append(entry(1))
            try update.commit()
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        do {
            let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
            try update.append(entry(1))
            // dropped without commit: an import that failed or was interrupted
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func secondLockWaitsThenFails() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let held = try LedgerLock(ledgerPath: path, waitSeconds: 0)
        #expect(throws: PennyError.self) { try LedgerLock(ledgerPath: path, waitSeconds: 0) }
        do {
            _ = try LedgerLock(ledgerPath: path, waitSeconds: 0)
        } catch {
            #expect(error.kind == .ledgerUnavailable)
            #expect(error.headline == "\(path): error: the ledger is locked by another penny run (waited 0 s; see --wait)")
        }
        withExtendedLifetime(held) {}
    }
}
