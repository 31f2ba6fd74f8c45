import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The transfer sidecar keeps the default-filed entries across runs in sorted run files:
/// across many runs (each adding, forgetting and spilling), lookups from the attached
/// files must give what a dictionary of every entry kept gives, and the files stay few.
struct TransferSidecarTests {
    @Test(arguments: [1, 5, 64, 1 << 18]) func entriesKeptAcrossRunsAgreeWithADictionary(limit: Int) throws {
        var generator = SeededGenerator(seed: UInt64(limit))
        let folder = temporaryDirectory().appendingPathComponent("sidecar-\(limit)-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sidecar = TransferSidecar(ledgerPath: folder + "/ledger.journal")
        var model: [DefaultFiledEntries.Key: [(id: UInt64, day: Int32)]] = [:]
        var files: [TransferRunFile] = []
        var names: (accounts: [String], currencies: [String]) = ([], [])
        var nextID: UInt64 = 1
        var runsSeen: [Int] = []
        for run in 0..<30 {
            let store = DefaultFiledEntries(near: folder + "/ledger.journal", memoryLimit: limit)
            store.attach(files, accounts: names.accounts, currencies: names.currencies)
            var added: [UInt64] = []
            for _ in 0..<Int.random(in: 0...120, using: &generator) {
                let key = DefaultFiledEntries.Key(
                    account: ["assets:a", "assets:b", "assets:c:\(run % 4)"].randomElement(using: &generator)!,
                    units: Int64.random(in: -20...20, using: &generator) * 100, currency: ["EUR", "USD"].randomElement(using: &generator)!)
                let day = Int32.random(in: 19_000...19_040, using: &generator)
                store.add(key, id: nextID, day: day)
                model[key, default: []].append((nextID, day))
                added.append(nextID)
                nextID += 1
            }
            // A failed file forgets what it wrote in this run.
            let gone = Set(added.filter { _ in Int.random(in: 0..<10, using: &generator) == 0 })
            store.remove(ScratchIDSet(gone))
            for key in model.keys { model[key]!.removeAll { gone.contains($0.id) } }
            try expectAgreement(store, model, &generator, "run \(run), before")
            files = try #require(store.persistedRuns(folder: folder, prefix: sidecar.runPrefix))
            names = (Self.names(store.accountNumbers), Self.names(store.currencyNumbers))
            sidecar.removeRuns(except: Set(files.map(\.name)))
            let reopened = DefaultFiledEntries(near: folder + "/ledger.journal", memoryLimit: limit)
            reopened.attach(files, accounts: names.accounts, currencies: names.currencies)
            try expectAgreement(reopened, model, &generator, "run \(run), reopened")
            runsSeen.append(files.count)
        }
        let total = model.values.reduce(0) { $0 + $1.count }
        #expect(runsSeen.max()! <= 2 + Int(log2(Double(max(total, 2)))), "run files stay logarithmic: \(runsSeen)")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(sidecar.runPrefix) }
        #expect(Set(onDisk) == Set(files.map(\.name)), "merged-away runs are removed")
    }

    @Test func theManifestRoundTripsAndRefusesAnythingElse() throws {
        let stamp = LedgerStamp(words: [1, 2, 3, 4, 5, 6])
        let contents = TransferSidecar.Contents(
            stamp: stamp, fingerprint: "own a b", paired: [3, 7],
            defaultFiled: .init(accounts: ["assets:a"], currencies: ["EUR"], runs: [(".l.penny-transfers.ab", 12)]),
            transfers: .init(accounts: ["assets:b", "assets:a"], currencies: ["EUR", "USD"], runs: []))
        let file = TransferSidecar.file(contents)
        let decoded = try #require(TransferSidecar.decode(file))
        #expect(decoded.stamp == stamp && decoded.fingerprint == "own a b" && decoded.paired == [3, 7])
        #expect(decoded.defaultFiled.runs.map(\.name) == [".l.penny-transfers.ab"] && decoded.defaultFiled.runs.map(\.count) == [12])
        #expect(decoded.transfers.accounts == ["assets:b", "assets:a"] && decoded.transfers.currencies == ["EUR", "USD"] && decoded.transfers.runs.isEmpty)
        var flipped = file
        flipped[file.count - 3] ^= 0x01
        #expect(TransferSidecar.decode(flipped) == nil, "a changed byte fails the checksum")
        #expect(TransferSidecar.decode(Array(file.dropLast())) == nil, "a cut file is refused")
    }

    /// Transfer entries spilled to runs (with their key filters) give the candidates and
    /// the exchange candidates the entries kept in memory give.
    @Test func transferCandidatesAreTheSameSpilledOrNot() throws {
        var random = SeededGenerator(seed: 7)
        let folder = temporaryDirectory().appendingPathComponent("l.journal").path
        let small = TransferIndex(
            windows: { a, b in a == "assets:usd" || b == "assets:usd" ? 5 : 2 }, defaultFiled: DefaultFiledEntries(near: folder),
            transfers: DefaultFiledEntries(near: folder, memoryLimit: 3, filtersKeys: true))
        let large = TransferIndex(windows: { a, b in a == "assets:usd" || b == "assets:usd" ? 5 : 2 }, defaultFiled: DefaultFiledEntries(near: folder))
        let accounts = ["assets:a", "assets:b", "assets:usd"]
        let usd = try #require(Currency(code: "USD"))
        for id in UInt64(1)...400 {
            let side = accounts.randomElement(using: &random)!, other = accounts.filter { $0 != side }.randomElement(using: &random)!
            let currency = Bool.random(using: &random) ? Currency.euro : usd
            let entry = TransferIndex.Entry(
                id: id, side: side, other: other, date: LocalDate(dayNumber: 19_000 + Int.random(in: 0...30, using: &random)),
                otherAmount: Money(minorUnits: Int64.random(in: -5...5, using: &random) * 1_000, currency: currency))
            for index in [small, large] { index.add(entry) }
            if id % 37 == 0 { for index in [small, large] { index.markPaired(id) } }
        }
        small.rollback(to: small.checkpoint(), removing: [5, 50, 222])
        large.rollback(to: large.checkpoint(), removing: [5, 50, 222])
        var found = 0, exchanges = 0
        for account in accounts {
            for units in Int64(-5)...5 {
                for currency in [Currency.euro, usd] {
                    for day in stride(from: 18_995, through: 19_035, by: 4) {
                        let amount = Money(minorUnits: units * 1_000, currency: currency), date = LocalDate(dayNumber: day)
                        for category in [nil] + accounts {
                            let expected = try large.candidates(account: account, amount: amount, date: date, category: category)
                            #expect(try small.candidates(account: account, amount: amount, date: date, category: category) == expected)
                            found += expected.count
                        }
                        let plausible: (TransferIndex.Entry) -> Bool = { $0.id % 3 != 0 }
                        let expected = try large.exchangeCandidates(account: account, amount: amount, date: date, category: nil, isPlausible: plausible)
                        #expect(try small.exchangeCandidates(account: account, amount: amount, date: date, category: nil, isPlausible: plausible) == expected)
                        exchanges += expected.count
                    }
                }
            }
        }
        #expect(found > 100 && exchanges > 20, "the lookups found entries: \(found) candidates, \(exchanges) exchanges")
    }

    private func expectAgreement(
        _ store: DefaultFiledEntries, _ model: [DefaultFiledEntries.Key: [(id: UInt64, day: Int32)]], _ generator: inout SeededGenerator, _ label: String
    ) throws {
        for key in model.keys {
            let day = Int.random(in: 19_000...19_040, using: &generator), window = Int.random(in: 0...6, using: &generator)
            let days = (day - window)...(day + window)
            let found = try #require(store.lookup(key, days: days), "\(label)")
            let expected = model[key]!.filter { days.contains(Int($0.day)) }
            #expect(Set(found.map { "\($0.id)@\($0.day)" }) == Set(expected.map { "\($0.id)@\($0.day)" }), "\(label)")
        }
    }

    private static func names(_ numbers: [String: UInt64]) -> [String] { numbers.sorted { $0.value < $1.value }.map(\.key) }
}
