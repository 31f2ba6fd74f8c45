import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The ledger's index sidecar is used only when its stamp names the ledger as it is; a
/// hand edit, a damaged, truncated or foreign sidecar, or one left by a run killed between
/// the ledger's rename and the sidecar's, makes the update read the ledger, with the same
/// result and the same errors.
struct LedgerIndexTests {
    func entry(_ n: UInt64, _ units: Int64 = -100, account: String = "assets:a") -> JournalEntry {
        JournalEntry(
            date: day("2024-03-01"), description: "T\(n)", account: account, category: "expenses:b", amount: euros(units), id: DedupID(value: n),
            source: "s.csv:\(n)", rule: nil)
    }

    func ledger() -> String { temporaryDirectory().appendingPathComponent("ledger.journal").path }

    func open(_ path: String, accounts: Set<String> = ["assets:a"]) throws -> LedgerUpdate {
        try LedgerUpdate(ledgerPath: path, dryRun: false, balanceAccounts: accounts, checkingIn: .euro)
    }

    /// Imports ids `ids` and commits.
    func importing(_ path: String, _ ids: some Sequence<UInt64>) throws {
        let update = try open(path)
        for id in ids { try update.append(entry(id)) }
        try update.commit()
    }

    /// What an update sees of the ledger: ids among `probe`, totals, a balance.
    func view(_ update: LedgerUpdate, _ probe: some Sequence<UInt64>) -> [String] {
        [
            "ids \(probe.filter { update.contains(DedupID(value: $0)) })", "count \(update.count)",
            "totals \(update.magnitudes.sorted { $0.key.code < $1.key.code }.map { "\($0.key.code)=\($0.value)" })",
            "balance \(String(describing: try? update.statementBalances.balance("assets:a", .euro, through: day("2024-12-31"))))",
        ]
    }

    var indexPath: (String) -> String { LedgerIndexFile.path(forLedger:) }

    @Test func theIndexIsUsedWhenItsStampMatchesAndGivesWhatReadingGives() throws {
        let path = ledger()
        try importing(path, 1...50)
        #expect(FileManager.default.fileExists(atPath: indexPath(path)))
        let indexed = try open(path)
        #expect(indexed.readFromIndex)
        let fromIndex = view(indexed, 0...60)
        try FileManager.default.removeItem(atPath: indexPath(path))
        let read = try open(path)
        #expect(!read.readFromIndex)
        #expect(view(read, 0...60) == fromIndex)
        try read.commit()
        // Nothing was added, but the ledger was read: the index is written again.
        #expect(try open(path).readFromIndex)
    }

    @Test func anUpdateHoldsNoRowIDsButIndexedUntilItReadsOrAddsOne() throws {
        let path = ledger()
        let empty = try open(path)
        #expect(empty.holdsNoRowIDsButIndexed)
        #expect(!empty.indexContains(DedupID(value: 7)))
        try importing(path, 1...50)
        let indexed = try open(path)
        #expect(indexed.holdsNoRowIDsButIndexed)
        #expect(indexed.indexContains(DedupID(value: 7)) && !indexed.indexContains(DedupID(value: 51)))
        // A declared opening's id is no row's.
        var opening = entry(0)
        opening.id = .opening(account: "assets:a")
        #expect(try indexed.appendOpening(opening))
        #expect(indexed.holdsNoRowIDsButIndexed)
        try indexed.append(entry(51))
        #expect(!indexed.holdsNoRowIDsButIndexed)
        // The added id is for `contains` only; `indexContains` answers for the sidecar.
        #expect(indexed.contains(DedupID(value: 51)))
        try FileManager.default.removeItem(atPath: indexPath(path))
        // Read from the ledger, the ids are the update's own.
        #expect(try !open(path).holdsNoRowIDsButIndexed)
    }

    @Test func aHandEditMakesTheLedgerReadAgain() throws {
        let path = ledger()
        try importing(path, 1...20)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n2024-03-02 * by hand\n    ; id: 00000000000000ff\n    assets:a  5.00 EUR\n    income:x\n".utf8))
        try handle.close()
        let update = try open(path)
        #expect(!update.readFromIndex)
        #expect(update.contains(DedupID(value: 0xFF)))
        #expect(try update.statementBalances.balance("assets:a", .euro, through: day("2024-12-31")) == euros(-2000 + 500))
    }

    @Test func anEditKeepingSizeAndTimesIsCaughtByTheContentHash() throws {
        let path = ledger()
        try importing(path, 1...20)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        // Both postings of every entry change, so the ledger still balances.
        text = text.replacingOccurrences(of: "-1.00 EUR", with: "-2.00 EUR").replacingOccurrences(of: " 1.00 EUR", with: " 2.00 EUR")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: path)
        let update = try open(path)
        #expect(!update.readFromIndex)
        #expect(try update.statementBalances.balance("assets:a", .euro, through: day("2024-12-31")) == euros(-4000))
    }

    @Test func aDamagedTruncatedOrForeignIndexIsIgnoredAndRebuilt() throws {
        let path = ledger()
        try importing(path, 1...3000)
        let good = try Data(contentsOf: URL(fileURLWithPath: indexPath(path)))
        let other = ledger()
        try importing(other, 5000...5100)
        let damaged: [Data] = [
            {
                var d = good; d[d.count / 2] ^= 0x40; return d
            }(),
            {
                var d = good; d[300] ^= 1; return d
            }(),
            {
                var d = good; d[20] ^= 1; return d
            }(),
            good.prefix(good.count - 8),
            good.prefix(100),
            Data(),
            try Data(contentsOf: URL(fileURLWithPath: indexPath(other))),
            Data(repeating: 0x41, count: good.count),
        ]
        for data in damaged {
            try data.write(to: URL(fileURLWithPath: indexPath(path)))
            let update = try open(path)
            #expect(!update.readFromIndex)
            #expect(update.count == 3000)
            #expect(update.contains(DedupID(value: 1234)) && !update.contains(DedupID(value: 5050)))
            try update.commit()
            #expect(try Data(contentsOf: URL(fileURLWithPath: indexPath(path))) == good)
            #expect(try open(path).readFromIndex)
        }
    }

    @Test func anIndexLeftByARunKilledAfterTheLedgerRenameIsNotTrusted() throws {
        let path = ledger()
        try importing(path, 1...10)
        let old = try Data(contentsOf: URL(fileURLWithPath: indexPath(path)))
        try importing(path, 11...20)
        // As if killed between the ledger's rename and the index's: the old index stays.
        try old.write(to: URL(fileURLWithPath: indexPath(path)))
        let update = try open(path)
        #expect(!update.readFromIndex)
        #expect(update.contains(DedupID(value: 15)))
        #expect(try !update.append(entry(15)))
        // The temporary file of a killed index write is neither read nor in the way.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: indexPath(path) + ".tmp"))
        try update.commit()
        #expect(try open(path).readFromIndex)
    }

    @Test func aBrokenLedgerIsRefusedWithTheSameErrorIndexOrNot() throws {
        let path = ledger()
        try importing(path, 1...5)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "\n2024-13-45 * broken\n    assets:a  1.00 EUR\n    income:x\n").write(toFile: path, atomically: false, encoding: .utf8)
        var messages: [String] = []
        for _ in 0..<2 {
            do {
                _ = try open(path)
                Issue.record("a broken ledger was opened")
            } catch let error as PennyError {
                #expect(error.code == .ledgerSyntax)
                messages.append("\(String(describing: error.location)) \(error.message)")
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
    }

    @Test func anIncludedFileIsCheckedAtEveryOpenAndItsLineIsKept() throws {
        let path = ledger()
        let folder = (path as NSString).deletingLastPathComponent
        try "".write(toFile: folder + "/extra.journal", atomically: true, encoding: .utf8)
        let first = try open(path)
        try first.append(entry(1))
        try first.ensureInclude("extra.journal")
        try first.append(entry(2))
        try first.commit()
        try "2024-01-01 * x\n    assets:a  1.00 XYZ-less\n    income:x\n".write(toFile: folder + "/extra.journal", atomically: true, encoding: .utf8)
        var messages: [String] = []
        for removeIndex in [false, true] {
            if removeIndex { try FileManager.default.removeItem(atPath: indexPath(path)) }
            do {
                _ = try open(path)
                Issue.record("a broken include was accepted")
            } catch let error as PennyError {
                messages.append("\(String(describing: error.location)) \(error.message)")
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
        try "".write(toFile: folder + "/extra.journal", atomically: true, encoding: .utf8)
        let again = try open(path)
        // The include is known: not added twice.
        try again.ensureInclude("extra.journal")
        #expect(again.addedCount == 0)
    }

    @Test func anIndexOfMoreAccountsServesAnUpdateAskingForFewer() throws {
        let path = ledger()
        let update = try open(path, accounts: ["assets:a", "assets:b"])
        try update.append(entry(1, -300, account: "assets:b"))
        try update.append(entry(2, -200))
        try update.commit()
        let fewer = try open(path, accounts: ["assets:a"])
        #expect(fewer.readFromIndex)
        #expect(try fewer.statementBalances.balance("assets:b", .euro, through: day("2024-12-31")) == euros(0))
        #expect(try fewer.statementBalances.balance("assets:a", .euro, through: day("2024-12-31")) == euros(-200))
        try fewer.append(entry(3, -50))
        try fewer.commit()
        let more = try open(path, accounts: ["assets:a", "assets:b", "assets:c"])
        #expect(!more.readFromIndex)
        #expect(try more.statementBalances.balance("assets:b", .euro, through: day("2024-12-31")) == euros(-300))
        #expect(try more.statementBalances.balance("assets:a", .euro, through: day("2024-12-31")) == euros(-250))
    }

    @Test func aRollbackIsForgottenByTheIndex() throws {
        let path = ledger()
        try importing(path, 1...5)
        let update = try open(path)
        try update.append(entry(6))
        let mark = update.mark()
        try update.append(entry(7))
        try update.rollback(to: mark)
        try update.commit()
        let after = try open(path)
        #expect(after.readFromIndex)
        #expect(after.contains(DedupID(value: 6)) && !after.contains(DedupID(value: 7)))
        #expect(after.magnitudes[.euro] == Int64(6 * 200))
    }

    @Test func aCRLFLedgerWithoutAFinalLineEndKeepsItsShape() throws {
        let path = ledger()
        try "; hand\r\n2024-01-01 * x\r\n    assets:a  1.00 EUR\r\n    income:x".write(toFile: path, atomically: true, encoding: .utf8)
        try importing(path, [1])
        let first = try String(contentsOfFile: path, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)
        try "; hand\r\n2024-01-01 * x\r\n    assets:a  1.00 EUR\r\n    income:x".write(toFile: path, atomically: true, encoding: .utf8)
        try importing(path, [1])
        try importing(path, [2])
        let indexed = try String(contentsOfFile: path, encoding: .utf8)
        try FileManager.default.removeItem(atPath: indexPath(path))
        try importing(path, [3])
        let read = try String(contentsOfFile: path, encoding: .utf8)
        #expect(indexed.hasPrefix(first))
        #expect(read.hasPrefix(indexed))
        #expect(!read.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}

/// `SpillingIDSet` answers exactly as a `Set` does, with spills forced small, through
/// random inserts, lookups and rollbacks; and an index written from it holds exactly its ids.
struct SpillingIDSetTests {
    @Test func agreesWithSetThroughSpillsAndRollbacks() {
        var generator = SystemRandomNumberGenerator()
        let near = temporaryDirectory().appendingPathComponent("ledger.journal").path
        for round in 0..<8 {
            // The last rounds cap the filter at a few blocks, so it stops growing early; odd
            // rounds keep up to eight runs before a merge (the occurrence counts' setting).
            let set = SpillingIDSet(
                near: near, memoryLimit: [1, 7, 64, 300, 1000, 5000, 7, 64][round], logLimit: [1, 5, 100, 64, 4096, 1, 5, 100][round],
                filterByteLimit: round < 6 ? SpillingIDSet.defaultFilterByteLimit : [64, 512][round - 6], maximumRuns: round % 2 == 0 ? 4 : 8)
            var reference: Set<UInt64> = []
            var log: [UInt64] = []
            for step in 0..<6000 {
                let id = Bool.random(using: &generator) ? UInt64.random(in: 0..<3000, using: &generator) : UInt64.random(in: .min ... .max, using: &generator)
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let inserted = reference.insert(id).inserted
                    #expect(set.insert(id) == inserted)
                    if inserted { log.append(id) }
                case 5..<9: #expect(set.contains(id) == reference.contains(id))
                default:
                    guard step % 7 == 0 else { break }
                    let to = Int.random(in: 0...log.count, using: &generator)
                    #expect(set.ids(from: to) == Array(log[to...]))
                    set.rollback(to: to)
                    for gone in log[to...] { reference.remove(gone) }
                    log.removeSubrange(to...)
                }
                #expect(set.count == reference.count)
                #expect(set.logCount == log.count)
            }
            for id in reference { #expect(set.contains(id)) }
            #expect(!set.failed)
        }
    }

    /// Past its byte limit the filter keeps its size (memory stays flat however many ids are
    /// spilled), and the answers stay exact.
    @Test(arguments: [64, 1024]) func aFilterAtItsLimitKeepsItsSizeAndTheAnswersExact(limit: Int) {
        var generator = SystemRandomNumberGenerator()
        let near = temporaryDirectory().appendingPathComponent("ledger.journal").path
        let set = SpillingIDSet(near: near, memoryLimit: 100, logLimit: 64, filterByteLimit: limit)
        var reference: Set<UInt64> = []
        for _ in 0..<20_000 {
            let id = UInt64.random(in: .min ... .max, using: &generator)
            #expect(set.insert(id) == reference.insert(id).inserted)
        }
        #expect(set.filterByteCount > 0 && set.filterByteCount <= limit)
        for id in reference.prefix(2000) { #expect(set.contains(id)) }
        for _ in 0..<2000 {
            let id = UInt64.random(in: .min ... .max, using: &generator)
            #expect(set.contains(id) == reference.contains(id))
        }
        #expect(!set.failed)
    }

    @Test func anIndexHoldsExactlyTheIDsItWasWrittenWith() throws {
        var generator = SystemRandomNumberGenerator()
        let folder = temporaryDirectory()
        let ledger = folder.appendingPathComponent("ledger.journal").path
        try "; ledger\n".write(toFile: ledger, atomically: true, encoding: .utf8)
        let ids = LedgerIDs(indexed: nil, near: ledger, memoryLimit: 997)
        var reference: Set<UInt64> = [0]
        _ = ids.insert(0)
        for _ in 0..<40_000 {
            let id = UInt64.random(in: .min ... .max, using: &generator)
            #expect(ids.insert(id) == reference.insert(id).inserted)
        }
        let fd = Foundation.open(ledger, O_RDONLY)
        defer { close(fd) }
        let stamp = try #require(LedgerStamp(descriptor: fd))
        let path = LedgerIndexFile.path(forLedger: ledger)
        var summary = LedgerSummary()
        summary.defaultCurrency = "EUR"
        try LedgerIndexWriter(path: path).write(stamp: stamp, summary: summary, count: ids.count, hasZero: ids.containsZero, keys: ids.sortedKeyStreams())
        let file = try #require(LedgerIndexFile(path: path, describing: stamp))
        #expect(file.count == reference.count)
        for id in reference { #expect(file.contains(id)) }
        var falsePositives = 0
        for _ in 0..<40_000 where file.contains(UInt64.random(in: .min ... .max, using: &generator)) { falsePositives += 1 }
        #expect(falsePositives == 0)
        // And the next index, merged from this one and new ids.
        let next = LedgerIDs(indexed: file, near: ledger, memoryLimit: 101)
        for _ in 0..<3000 {
            let id = UInt64.random(in: .min ... .max, using: &generator)
            #expect(next.insert(id) == reference.insert(id).inserted)
        }
        try LedgerIndexWriter(path: path).write(stamp: stamp, summary: summary, count: next.count, hasZero: next.containsZero, keys: next.sortedKeyStreams())
        let merged = try #require(LedgerIndexFile(path: path, describing: stamp))
        #expect(merged.count == reference.count)
        for id in reference { #expect(merged.contains(id)) }
        // The same read behind the filter, as a large table is.
        let behindFilter = try #require(LedgerIndexFile(path: path, describing: stamp, directTableBytes: 0))
        for id in reference { #expect(behindFilter.contains(id)) }
        for _ in 0..<40_000 {
            let id = UInt64.random(in: .min ... .max, using: &generator)
            #expect(behindFilter.contains(id) == reference.contains(id))
        }
        var words = stamp.words
        words[3] += 1  // the modification time
        let other = LedgerStamp(words: words)
        #expect(LedgerIndexFile(path: path, describing: other) == nil)
    }

    @Test func ledgerIDsAgreeWithSetOverAnIndexThroughRollbacks() throws {
        var generator = SystemRandomNumberGenerator()
        let ledger = temporaryDirectory().appendingPathComponent("ledger.journal").path
        try "; ledger\n".write(toFile: ledger, atomically: true, encoding: .utf8)
        var reference: Set<UInt64> = []
        let first = LedgerIDs(indexed: nil, near: ledger, memoryLimit: 50)
        for _ in 0..<2000 {
            let id = UInt64.random(in: 0..<4000, using: &generator)
            #expect(first.insert(id) == reference.insert(id).inserted)
        }
        let fd = Foundation.open(ledger, O_RDONLY)
        defer { close(fd) }
        let stamp = try #require(LedgerStamp(descriptor: fd))
        let path = LedgerIndexFile.path(forLedger: ledger)
        try LedgerIndexWriter(path: path).write(stamp: stamp, summary: LedgerSummary(), count: first.count, hasZero: first.containsZero, keys: first.sortedKeyStreams())
        for direct in [Int.max, 0] {
            let file = try #require(LedgerIndexFile(path: path, describing: stamp, directTableBytes: direct))
            let ids = LedgerIDs(indexed: file, near: ledger, memoryLimit: 13)
            var current = reference
            var log: [UInt64] = []
            for _ in 0..<5000 {
                let id = UInt64.random(in: 0..<8000, using: &generator)
                switch Int.random(in: 0..<12, using: &generator) {
                case 0..<4: #expect(ids.contains(id) == current.contains(id))
                case 4..<8:
                    // As the importer does: ask, then append.
                    if !ids.contains(id) {
                        #expect(ids.insert(id))
                        current.insert(id)
                        log.append(id)
                    }
                case 8..<11:
                    let inserted = current.insert(id).inserted
                    #expect(ids.insert(id) == inserted)
                    if inserted { log.append(id) }
                default:
                    let to = Int.random(in: 0...log.count, using: &generator)
                    ids.rollback(to: to)
                    for gone in log[to...] { current.remove(gone) }
                    log.removeSubrange(to...)
                }
                #expect(ids.count == current.count)
            }
        }
    }
}

/// The sorts and the merge behind a spilled run and the next index, against the standard
/// library's sort on the same keys.
struct SpreadKeySortTests {
    /// Spread keys (as ids give), keys crowded into a few buckets, repeats and tiny inputs
    /// all come out exactly as `sorted()` gives them.
    @Test func sortsAnyKeysAsTheStandardSortDoes() {
        var generator = SeededGenerator(seed: 7)
        let shapes: [(Int) -> UInt64] = [
            { _ in IDKey.of(UInt64.random(in: 0...UInt64.max, using: &generator)) },
            { _ in UInt64.random(in: 0...1_000, using: &generator) },  // all in bucket 0
            { i in UInt64(i % 7) << 60 | UInt64.random(in: 0...3, using: &generator) },
            { _ in [0, 1, UInt64.max, UInt64.max - 1].randomElement(using: &generator)! },
        ]
        for (index, shape) in shapes.enumerated() {
            for count in [0, 1, 2, 64, 65, 1_000, 20_000] {
                let keys = (0..<count).map(shape)
                var sorted: [UInt64] = []
                SpreadKeySort.withSorted(count: count, { body in keys.forEach(body) }) { sorted = Array($0) }
                #expect(sorted == keys.sorted(), "shape \(index), \(count) keys")
            }
        }
    }

    /// The spills' sort in the shared buffers, large then small then large again (a reused
    /// buffer holds more than the keys), gives what `sorted()` gives, read twice from the
    /// keys' source as a spill reads its table.
    @Test func theSharedBuffersSortAsTheStandardSortDoesWhateverTheyHeldBefore() {
        var generator = SeededGenerator(seed: 9)
        for count in [20_000, 3, 700, 65, 50_000, 1] {
            let keys = (0..<count).map { _ in IDKey.of(UInt64.random(in: 0...UInt64.max, using: &generator)) }
            var sorted: [UInt64] = []
            SpreadKeySort.withSorted(count: count, { body in keys.forEach(body) }) { sorted = Array($0) }
            #expect(sorted == keys.sorted(), "\(count) keys")
        }
    }

    /// The merge of ascending streams (one empty, one long, equal keys in several) gives
    /// every key of every stream in order.
    @Test func theMergeGivesEveryKeyOfEveryStreamInOrder() {
        var generator = SeededGenerator(seed: 8)
        let runs: [[UInt64]] = [[], (0..<5_000).map { _ in UInt64.random(in: 0...10_000, using: &generator) }.sorted(), [3, 3, 7], [0, UInt64.max]]
        var merge = KeyMerge(
            runs.map { run in
                WordStream(range: 0..<run.count, chunk: 16) { buffer, at in
                    for i in buffer.indices { buffer[i] = run[at + i] }
                    return true
                }
            })
        var merged: [UInt64] = []
        while let key = merge.next() { merged.append(key) }
        #expect(merged == runs.flatMap { $0 }.sorted())
        #expect(!merge.failed)
    }
}
