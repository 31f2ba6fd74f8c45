import Foundation
import Testing

/// A large ledger's commit writes into the old version kept beside it (`LedgerBase`,
/// `.ledger.journal.penny-base`) instead of copying the whole ledger: the ledger is byte
/// for byte what the whole copy makes, whatever happened in between (re-imports, a rejected
/// file, a hand edit, a recategorize), and a base that does not check out is not used.
/// `PENNY_LEDGER_BASE_MINIMUM=0` (debug builds) makes every ledger large.
@Suite struct LedgerBaseEndToEndTests {
    static let large = ["PENNY_LEDGER_BASE_MINIMUM": "0"]
    static let base = ".ledger.journal.penny-base"

    /// One step of the sequence, run the same way in both workspaces.
    enum Step {
        case importing(String)
        case handEdit
        case recategorize
    }

    static let steps: [Step] = [
        .importing("samples/aib-2024-03.csv"), .importing("samples/montepio-2024-03.csv"), .importing("samples/history/montepio-2024-04.csv"),
        .importing("samples/history/montepio-2024-04.csv"), .importing("montepio-broken.csv"), .importing("samples/history/montepio-2024-05.csv"),
        .handEdit, .importing("samples/history/montepio-2024-06.csv"), .importing("samples/n26-2024-03.json"), .recategorize,
        .importing("samples/visa-2024-03.ofx"), .importing("samples/montepio-savings-2024-03.camt.xml"),
    ]

    func workspace() throws -> Workspace {
        let w = try Workspace()
        try w.copy(fixture: "montepio-broken.csv")
        return w
    }

    func run(_ step: Step, in w: Workspace, environment: [String: String]) throws {
        switch step {
        case .importing(let file): _ = try w.penny(environment: environment, "import", file)
        case .recategorize: _ = try w.penny(environment: environment, "recategorize")
        case .handEdit:
            let handle = try FileHandle(forWritingTo: w.url.appendingPathComponent("ledger.journal"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\n; checked by hand\n".utf8))
            try handle.close()
        }
    }

    func inode(_ path: String) -> UInt64? {
        var status = stat()
        return lstat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    @Test func everyCommitThroughTheBaseWritesTheLedgerTheWholeCopyWrites() throws {
        let whole = try workspace(), kept = try workspace()
        var throughBase = 0
        for step in Self.steps {
            let before = (try? kept.bytes("ledger.journal")) ?? Data()
            let baseBefore = inode(kept.path(Self.base))
            try run(step, in: whole, environment: [:])
            try run(step, in: kept, environment: Self.large)
            #expect(try kept.bytes("ledger.journal") == (try whole.bytes("ledger.journal")), "after \(step)")
            // A new ledger has no old version to keep.
            guard case .importing = step, !before.isEmpty, try kept.bytes("ledger.journal") != before else { continue }
            // The old version is the base now, and the base was written into when it checked out.
            #expect(try kept.bytes(Self.base) == before, "after \(step)")
            if let baseBefore, inode(kept.path("ledger.journal")) == baseBefore { throughBase += 1 }
        }
        #expect(throughBase >= 4)
        #expect(!FileManager.default.fileExists(atPath: whole.path(Self.base)))
        #expect(try kept.penny("report", "summary").stdout == (try whole.penny("report", "summary").stdout))
    }

    /// Two imports into a large ledger, the base changed in between by `spoil`: the base is
    /// not used (the ledger is copied whole) and the ledger is right.
    func importAfter(spoiling spoil: (Workspace) throws -> Void) throws {
        let whole = try workspace(), kept = try workspace()
        for w in [whole, kept] {
            let environment = w.url == kept.url ? Self.large : [:]
            for file in ["samples/aib-2024-03.csv", "samples/montepio-2024-03.csv", "samples/history/montepio-2024-04.csv"] {
                #expect(try w.penny(environment: environment, "import", file).status == 0)
            }
        }
        try spoil(kept)
        let spoiled = inode(kept.path(Self.base))
        #expect(try kept.penny(environment: Self.large, "import", "samples/history/montepio-2024-05.csv").status == 0)
        #expect(try whole.penny("import", "samples/history/montepio-2024-05.csv").status == 0)
        #expect(inode(kept.path("ledger.journal")) != spoiled)
        #expect(try kept.bytes("ledger.journal") == (try whole.bytes("ledger.journal")))
    }

    @Test func aBaseWhoseLastBytesChangedIsNotUsed() throws {
        try importAfter { w in
            let path = w.path(Self.base)
            var status = stat()
            #expect(stat(path, &status) == 0)
            var bytes = try w.bytes(Self.base)
            bytes[bytes.count - 2] = bytes[bytes.count - 2] == 0x41 ? 0x42 : 0x41
            try bytes.write(to: URL(fileURLWithPath: path))
            // Its size and time as recorded: only the bytes tell.
            var times = [status.st_atim, status.st_mtim]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
    }

    @Test func aBaseWithAnotherLinkIsNotUsed() throws {
        try importAfter { w in #expect(link(w.path(Self.base), w.path("backup-of-base")) == 0) }
    }

    @Test func aBaseWithoutItsStateIsNotUsed() throws {
        try importAfter { w in #expect(unlink(w.path(Self.base + ".state")) == 0) }
    }

    /// A ledger changed in place in its middle with its size and times put back (the change
    /// time cannot be): the base is not used, and the change stays.
    @Test func aLedgerEditedInPlaceWithItsTimesPutBackIsCopiedWhole() throws {
        let whole = try workspace(), kept = try workspace()
        for w in [whole, kept] {
            let environment = w.url == kept.url ? Self.large : [:]
            for file in ["samples/aib-2024-03.csv", "samples/montepio-2024-03.csv", "samples/n26-2024-03.json", "samples/history/montepio-2024-04.csv"] {
                #expect(try w.penny(environment: environment, "import", file).status == 0)
            }
        }
        // A letter in the base's part of the ledger, away from its first and last 4 KiB
        // (which the base's check compares): only the change time tells.
        let baseLength = try kept.bytes(Self.base).count
        #expect(baseLength > 2 * 4096 + 256)
        let letter = try #require(try kept.bytes("ledger.journal")[(baseLength / 2)...].firstIndex { $0 >= 0x61 && $0 <= 0x7A })
        #expect(letter > 4096 && letter < baseLength - 4096)
        for w in [whole, kept] {
            let path = w.path("ledger.journal")
            var status = stat()
            #expect(stat(path, &status) == 0)
            var bytes = try w.bytes("ledger.journal")
            bytes[letter] = bytes[letter] == 0x7A ? 0x79 : bytes[letter] + 1
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: bytes)
            try handle.close()
            var times = [status.st_atim, status.st_mtim]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        let base = inode(kept.path(Self.base))
        #expect(try kept.penny(environment: Self.large, "import", "samples/history/montepio-2024-05.csv").status == 0)
        #expect(try whole.penny("import", "samples/history/montepio-2024-05.csv").status == 0)
        #expect(inode(kept.path("ledger.journal")) != base)
        #expect(try kept.bytes("ledger.journal") == (try whole.bytes("ledger.journal")))
    }

    /// A commit through the base that fails before the swap leaves the ledger as it was and
    /// no base; the next import copies the whole ledger and is right.
    @Test(arguments: ["fsync", "rename"]) func aFailedCommitThroughTheBaseChangesNothing(step: String) throws {
        let whole = try workspace(), kept = try workspace()
        for w in [whole, kept] {
            let environment = w.url == kept.url ? Self.large : [:]
            for file in ["samples/montepio-2024-03.csv", "samples/history/montepio-2024-04.csv"] {
                #expect(try w.penny(environment: environment, "import", file).status == 0)
            }
        }
        let before = try kept.bytes("ledger.journal")
        var environment = Self.large
        environment["PENNY_FAULT"] = step
        let failed = try kept.penny(environment: environment, ["import", "samples/history/montepio-2024-05.csv"])
        #expect(failed.status == 3)
        #expect(failed.stderr.contains("the ledger was not changed"), "\(failed.stderr)")
        #expect(try kept.bytes("ledger.journal") == before)
        #expect(!FileManager.default.fileExists(atPath: kept.path(Self.base)))
        #expect(try kept.penny(environment: Self.large, "import", "samples/history/montepio-2024-05.csv").status == 0)
        #expect(try whole.penny("import", "samples/history/montepio-2024-05.csv").status == 0)
        #expect(try kept.bytes("ledger.journal") == (try whole.bytes("ledger.journal")))
    }
}
