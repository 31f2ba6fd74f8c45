import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The default-filed entries a transfer leg may pair with are kept in bounded memory
/// (spilled to sorted runs beyond a limit); lookups must give what a plain dictionary of
/// every entry gives, across spills and removals.
struct DefaultFiledEntriesTests {
    @Test func lookupsAgreeWithADictionaryAcrossSpillsAndRemovals() throws {
        var generator = SeededGenerator(seed: 31)
        for limit in [1, 7, 300, 1 << 18] {
            let store = DefaultFiledEntries(near: temporaryDirectory().appendingPathComponent("l.journal").path, memoryLimit: limit)
            var model: [DefaultFiledEntries.Key: [(id: UInt64, day: Int32)]] = [:]
            var nextID: UInt64 = 1
            let accounts = ["assets:checking", "assets:savings", "liabilities:card"]
            func randomKey() -> DefaultFiledEntries.Key {
                DefaultFiledEntries.Key(
                    account: accounts.randomElement(using: &generator)!, units: Int64.random(in: -40...40, using: &generator) * 125,
                    currency: ["EUR", "USD"].randomElement(using: &generator)!)
            }
            for step in 0..<3_000 {
                switch step % 10 {
                case 0..<6:
                    let key = randomKey(), day = Int32.random(in: 19_000...19_060, using: &generator)
                    store.add(key, id: nextID, day: day)
                    model[key, default: []].append((nextID, day))
                    nextID += 1
                case 6:
                    let gone = Set((0..<3).map { _ in UInt64.random(in: 1..<nextID, using: &generator) })
                    store.remove(ScratchIDSet(gone))
                    for key in model.keys { model[key]!.removeAll { gone.contains($0.id) } }
                default:
                    let key = randomKey(), day = Int.random(in: 19_000...19_060, using: &generator), window = Int.random(in: 0...5, using: &generator)
                    let days = (day - window)...(day + window)
                    let found = try #require(store.lookup(key, days: days))
                    let expected = (model[key] ?? []).filter { days.contains(Int($0.day)) }
                    #expect(found.map(\.id).sorted() == expected.map(\.id).sorted(), "limit \(limit), step \(step)")
                    #expect(Set(found.map { "\($0.id)@\($0.day)" }) == Set(expected.map { "\($0.id)@\($0.day)" }))
                }
            }
            #expect(!store.failed)
        }
    }

    /// A file read a second time (its first pass rolled back) adds the same entries again:
    /// they must be found once, whether the first ones had been spilled or not.
    @Test(arguments: [1, 3, 50]) func anEntryForgottenThenAddedAgainIsFoundOnce(limit: Int) throws {
        let store = DefaultFiledEntries(near: temporaryDirectory().appendingPathComponent("l.journal").path, memoryLimit: limit)
        let key = DefaultFiledEntries.Key(account: "assets:savings", units: 30_000, currency: "EUR")
        for id in UInt64(1)...10 { store.add(key, id: id, day: 19_000 + Int32(id)) }
        store.remove(ScratchIDSet(UInt64(6)...10))
        for id in UInt64(6)...10 { store.add(key, id: id, day: 19_000 + Int32(id)) }
        store.remove([9])
        let found = try #require(store.lookup(key, days: 19_000...19_020))
        #expect(found.map(\.id).sorted() == [1, 2, 3, 4, 5, 6, 7, 8, 10], "limit \(limit)")
    }

    /// Through `TransferIndex`: candidates come best first whether the entries stayed in
    /// memory or were spilled.
    @Test func transferCandidatesAreTheSameSpilledOrNot() throws {
        let small = TransferIndex(
            windows: { _, _ in 3 }, defaultFiled: DefaultFiledEntries(near: temporaryDirectory().appendingPathComponent("l.journal").path, memoryLimit: 2))
        let large = TransferIndex(windows: { _, _ in 3 })
        let base = LocalDate(year: 2024, month: 5, day: 10)!
        for (i, offset) in [0, 2, -3, 4, 1, -1, 0].enumerated() {
            for index in [small, large] {
                index.addUncategorized(
                    TransferIndex.Entry(
                        id: UInt64(100 + i), side: "assets:checking", other: "", date: base.adding(days: offset), otherAmount: Money(minorUnits: -5_000, currency: .euro)))
            }
        }
        small.markPaired(104)
        large.markPaired(104)
        let ask = { (index: TransferIndex) in
            try index.uncategorizedCandidates(account: "assets:checking", amount: Money(minorUnits: -5_000, currency: .euro), date: base, from: "assets:savings").map(\.id)
        }
        #expect(try ask(small) == ask(large))
        #expect(try ask(small) == [100, 106, 105, 101, 102])
    }

    /// A scratch file that cannot be written stops the pairing with an error rather than
    /// pairing against part of the entries.
    @Test func aFailedScratchFileIsAnErrorNotAMissedPairing() {
        let index = TransferIndex(windows: { _, _ in 3 }, defaultFiled: DefaultFiledEntries(memoryLimit: 1, makeScratch: { nil }))
        let date = LocalDate(year: 2024, month: 5, day: 10)!
        index.addUncategorized(TransferIndex.Entry(id: 7, side: "assets:checking", other: "", date: date, otherAmount: Money(minorUnits: -5_000, currency: .euro)))
        #expect {
            _ = try index.uncategorizedCandidates(account: "assets:checking", amount: Money(minorUnits: -5_000, currency: .euro), date: date, from: "assets:savings")
        } throws: { error in
            (error as? PennyError)?.message.contains("cannot keep the ledger's default-filed entries for transfer pairing") == true
        }
    }
}
