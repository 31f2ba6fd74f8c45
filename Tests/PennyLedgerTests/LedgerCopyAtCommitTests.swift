import Foundation
import PennyCore
import PennyLedger
import Testing

/// The ledger is copied into the update's temporary file only at commit: an update that
/// adds nothing leaves the file alone, one that adds keeps the old text before the new,
/// and a ledger another program rewrote meanwhile is refused instead of overwritten.
struct LedgerCopyAtCommitTests {
    func entry(_ n: UInt64) -> JournalEntry {
        JournalEntry(
            date: day("2024-03-01"), description: "T\(n)", account: "assets:a", category: "expenses:b", amount: euros(-100), id: DedupID(value: n),
            source: "s.csv:\(n)", rule: nil)
    }

    func inode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    }

    @Test func anUpdateThatAddsNothingLeavesTheLedgerAlone() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let first = try LedgerUpdate(ledgerPath: path, dryRun: false)
        try first.append(entry(1))
        try first.commit()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let node = try inode(path)

        let again = try LedgerUpdate(ledgerPath: path, dryRun: false)
        #expect(try !again.append(entry(1)))
        try again.commit()
        #expect(try inode(path) == node)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["ledger.journal"])
    }

    @Test func newEntriesFollowTheOldTextAndALastLineWithoutItsEndIsEnded() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let old = "; hand written\n2024-01-01 * opening\n    assets:a  1.00 EUR\n    equity:o\n; no line end"
        try old.write(toFile: path, atomically: true, encoding: .utf8)
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        try update.append(entry(7))
        try update.commit()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(old + "\n"))
        #expect(text.hasSuffix(JournalWriter.render(entry(7))))
    }

    @Test func aLedgerChangedMeanwhileIsRefusedNotOverwritten() throws {
        let path = temporaryDirectory().appendingPathComponent("ledger.journal").path
        try "; before\n".write(toFile: path, atomically: false, encoding: .utf8)
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        try update.append(entry(3))
        let edited = "; before\n; an editor's line\n"
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: PennyError.self) { try update.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
    }
}
