import Foundation
import Testing

/// Six imports of overlapping statements into one ledger at once: the lock lets one write
/// at a time, the others wait (`--wait`) or exit 3; nothing is lost or imported twice.
@Suite(.serialized) struct ConcurrencyEndToEndTests {
    static let statements = [
        "aib-2024-03.csv", "montepio-2024-03.csv", "montepio-savings-2024-03.camt.xml", "n26-2024-03.json", "visa-2024-03.ofx",
    ]

    /// Run `i` imports statements i and i+1 (of five): each statement in two or three runs.
    static func arguments(_ i: Int, wait: Int) -> [String] {
        ["import", "--wait", "\(wait)"] + [i, i + 1].map { "samples/" + statements[$0 % statements.count] }
    }

    /// Holds the ledger's lock, as a run that is writing would.
    final class HeldLock {
        let descriptor: Int32
        init(_ ledger: String) throws {
            descriptor = open(ledger + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        }
        func release() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Every id in a ledger, in file order: entries' `; id:` tags and Penny's comment lines'
    /// (`statement-balance`, `transfer-leg`). Which leg of a transfer is the entry and which
    /// the comment depends on which statement came first; together they are the same.
    func ids(_ w: Workspace) throws -> [String] {
        try w.text("ledger.journal").split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("; id: ") { return String(text.dropFirst(6)) }
            guard text.hasPrefix("; statement-balance: ") || text.hasPrefix("; transfer-leg: "), let range = text.range(of: " id ") else { return nil }
            return String(text[range.upperBound...].prefix(16))
        }
    }

    func balances(_ w: Workspace) throws -> String {
        let hledger = try #require(Workspace.tool("hledger"))
        let result = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func sixWaitingImportsEqualOneSequentialImport() throws {
        let sequential = try Workspace()
        #expect(try sequential.penny("import", "samples").status == 0)
        let w = try Workspace()
        let lock = try HeldLock(w.path("ledger.journal"))
        // All six start while the lock is held, so all six contend for it when it is let go.
        let runs = try (0..<6).map { i in try w.penny(launching: Self.arguments(i, wait: 120)) }
        for run in runs { #expect(run.waitUntilOpen(w.path("ledger.journal.lock"))) }
        lock.release()
        let results = runs.map { $0.finish() }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let found = try ids(w)
        #expect(Set(found).count == found.count, "an entry was imported twice")
        #expect(Set(found) == Set(try ids(sequential)))
        #expect(try balances(w) == (try balances(sequential)))
        #expect(try w.penny("import", "samples").stdout.contains("total: 5 files, 0 new"))
    }

    @Test func withoutWaitingTheImportsThatFindTheLockTakenExitThree() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples/aib-2024-03.csv").status == 0)
        let before = try w.bytes("ledger.journal")
        let lock = try HeldLock(w.path("ledger.journal"))
        let results = try (0..<6).map { i in try w.penny(launching: Self.arguments(i, wait: 0)) }.map { $0.finish() }
        lock.release()
        for result in results {
            #expect(result.status == 3)
            #expect(result.stderr == "ledger.journal: error: the ledger is locked by another penny run (waited 0 s; see --wait)\n")
        }
        #expect(try w.bytes("ledger.journal") == before)

        // Six at once with nobody holding the lock: each either imports or exits 3, never twice.
        let raced = try (0..<6).map { i in try w.penny(launching: Self.arguments(i, wait: 0)) }.map { $0.finish() }
        for result in raced { #expect(result.status == 0 || result.status == 3, "\(result.stderr)") }
        #expect(raced.contains { $0.status == 0 })
        let found = try ids(w)
        #expect(Set(found).count == found.count, "an entry was imported twice")
    }
}
