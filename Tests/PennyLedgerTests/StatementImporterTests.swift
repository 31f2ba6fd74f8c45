import Foundation
import PennyCore
import PennyLedger
import Testing

struct StatementImporterTests {
    func run(_ path: String, _ transactions: [Transaction], failAt: Int? = nil) throws(PennyError) -> FileOutcome {
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        let importer = StatementImporter(
            update: update, resolveAccount: { _ in "assets:bank:x" },
            categorize: { t, _, _ in t.description.contains("COFFEE") ? Categorization(category: "expenses:coffee", ruleName: "coffee") : Categorization(category: "expenses:other")
            })
        let outcome = try importer.importFile(source: "s.csv") { (emit) throws(PennyError) in
            try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: "assets:bank:x", currency: .euro, location: SourceLocation(file: "s.csv"))))
            for (i, t) in transactions.enumerated() {
                if i == failAt { throw .badInput("broken row", at: t.location) }
                try emit(.transaction(t))
            }
        }
        try update.commit()
        return outcome
    }

    @Test func countsNewDuplicatesPendingAndUncategorized() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let file = [
            transaction("2024-03-01", -120, "COFFEE"), transaction("2024-03-01", -120, "COFFEE"),
            transaction("2024-03-02", -999, "SHOP"), transaction("2024-03-03", -5, "PENDING", pending: true),
        ]
        var expected = FileOutcome()
        expected.new = 3
        expected.skipped = 1
        expected.uncategorized = 1
        #expect(try run(path, file) == expected)
        var again = FileOutcome()
        again.duplicates = 3
        again.skipped = 1
        #expect(try run(path, file) == again)
    }

    @Test func repeatedBankIDsAreReadAgainAsContent() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let file = [transaction("2024-03-01", -100, "FEE", id: "SAME"), transaction("2024-03-01", -100, "FEE", id: "SAME")]
        #expect(try run(path, file).new == 2)
        #expect(try run(path, file).duplicates == 2)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.components(separatedBy: "; id: ").count == 3)
    }

    @Test func twinsInAFileNotGroupedByDateStayTwo() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let file = [transaction("2024-03-02", -120, "COFFEE"), transaction("2024-03-03", -9, "X"), transaction("2024-03-02", -120, "COFFEE")]
        #expect(try run(path, file).new == 3)
        #expect(try run(path, file).duplicates == 3)
    }

    /// Issue 30: a file not grouped by date was read whole before being read again keeping
    /// every date's counts, and the rollback of the first reading held everything it wrote
    /// (571 MB for a million shuffled rows). The first reading now stops where a date comes
    /// back; the second reads it all, and the ledger is the one a full first reading gave.
    @Test func aFileOutOfDateOrderIsReadAgainFromWhereADateCameBack() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let days = (0..<200).map { 1 + ($0 * 7) % 28 }
        let file = days.enumerated().map { i, day in transaction(String(format: "2024-03-%02d", day), -Int64(100 + i % 3), i % 2 == 0 ? "COFFEE" : "SHOP") }
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        let importer = StatementImporter(update: update, resolveAccount: { _ in "assets:bank:x" }, categorize: { _, _, _ in Categorization(category: "expenses:other") })
        var delivered: [Int] = []
        let outcome = try importer.importFile(source: "s.csv") { (emit) throws(PennyError) in
            delivered.append(0)
            try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: "assets:bank:x", currency: .euro, location: SourceLocation(file: "s.csv"))))
            for t in file {
                try emit(.transaction(t))
                delivered[delivered.count - 1] += 1
            }
        }
        try update.commit()
        #expect(delivered.count == 2)
        #expect(delivered[0] < 10, "\(delivered)")
        #expect(delivered[1] == file.count)
        #expect(outcome.new == file.count)
        #expect(try run(path, file).duplicates == file.count)
    }

    @Test func aFailingFileLeavesNothing() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        _ = try run(path, [transaction("2024-03-01", -100, "A")])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: PennyError.self) { try run(path, [transaction("2024-03-02", -1, "B"), transaction("2024-03-03", -2, "C")], failAt: 1) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

/// Transfers and a failed file: nothing the failed file wrote can pair later.
struct TransferRollbackTests {
    @Test func aFailedFilesTransferCannotPair() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        let transfers = TransferIndex(windows: { _, _ in 3 })
        var account = "assets:a"
        let importer = StatementImporter(
            update: update, resolveAccount: { _ in account },
            categorize: { t, _, own in
                own == "assets:a" ? Categorization(category: "assets:b", ruleName: "to-b") : Categorization(category: "assets:a", ruleName: "from-a")
            }, ownAccounts: ["assets:a", "assets:b"], transfers: transfers)
        func file(_ t: Transaction, failing: Bool) throws(PennyError) -> FileOutcome {
            try importer.importFile(source: "f") { (emit) throws(PennyError) in
                try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: account, currency: .euro, location: SourceLocation(file: "f"))))
                try emit(.transaction(t))
                if failing { throw .badInput("broken", at: t.location) }
            }
        }
        #expect(throws: PennyError.self) { try file(transaction("2024-05-01", -100, "TO B"), failing: true) }
        account = "assets:b"
        let leg = try file(transaction("2024-05-01", 100, "FROM A"), failing: false)
        #expect(leg.paired == 0 && leg.new == 1)
        account = "assets:a"
        let other = try file(transaction("2024-05-01", -100, "TO B"), failing: false)
        #expect(other.paired == 1 && other.new == 0)
        try update.commit()
    }
}
