import Foundation
import PennyCore
import Testing

@testable import PennyLedger

/// `FileReplacement`, the one writer of every file Penny replaces: the hook runs between
/// the sync and the rename, and a failure at any step before the rename leaves the old
/// file as it was and no temporary file behind.
@Suite struct FileReplacementTests {
    /// A folder holding `file.txt` with "old\n".
    func folder() throws -> (folder: URL, path: String) {
        let folder = temporaryDirectory()
        let path = folder.appendingPathComponent("file.txt").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        return (folder, path)
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The folder's files but `file.txt`: a temporary file left would be one of them.
    func leftovers(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "file.txt" }
    }

    func plainWording(_ failure: FileReplacement.Failure) -> PennyError {
        PennyError(.ledgerUnavailable, "\(failure.step): \(failure.reason)", at: SourceLocation(file: "file.txt"))
    }

    /// A replacement of `path` with "new\n" written, before its commit.
    func written(_ path: String, kind: FileReplacement.Kind = .document) throws -> FileReplacement {
        let replacement = try FileReplacement(replacing: path, kind: kind, wording: plainWording)
        #expect(Foundation.write(replacement.descriptor, "new\n", 4) == 4)
        return replacement
    }

    @Test func theHookRunsAfterTheSyncAndBeforeTheRename() throws {
        let (folder, path) = try folder()
        let replacement = try written(path)
        var ran = false
        let identity = try replacement.commit { () throws(PennyError) in
            ran = true
            #expect(contents(path) == "old\n")
            #expect(contents(replacement.temporaryPath) == "new\n")
            #expect(replacement.descriptor == -1, "closed once synced")
        }
        #expect(ran)
        #expect(contents(path) == "new\n")
        #expect(try leftovers(folder).isEmpty)
        #expect(identity?.size == 4)
        #expect(identity?.inode == FileIdentity(path: path)?.inode, "the identity is the file renamed into place")
    }

    @Test func aHookThatThrowsLeavesTheOldFileAndNoTemporaryFile() throws {
        let (folder, path) = try folder()
        let failure = PennyError(.ledgerUnavailable, "refiling failed", at: SourceLocation(file: path))
        do {
            let replacement = try written(path)
            try replacement.commit { () throws(PennyError) in throw failure }
            Issue.record("the commit went through")
        } catch {
            #expect(error as? PennyError == failure)
        }
        #expect(contents(path) == "old\n")
        #expect(try leftovers(folder).isEmpty)
    }

    @Test func theNewVersionKeepsTheOldOnesPermissions() throws {
        let (_, path) = try folder()
        chmod(path, 0o600)
        try written(path).commit()
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    #if DEBUG
        /// Each step before the rename, failing, changes nothing and leaves nothing; a
        /// failing folder sync comes after the rename: the new version is in place.
        @Test(arguments: [FaultStep.create, .write, .fsync, .rename, .dirsync])
        func aStepThatFailsLeavesTheOldFileAndNoTemporaryFile(step: FaultStep) throws {
            let (folder, path) = try folder()
            var hookRan = false
            do {
                try FaultInjection.simulating(step) {
                    let writer = try AtomicFileWriter(path: path)
                    try writer.append(Array("new\n".utf8))
                    try writer.commit()
                }
                Issue.record("no error at \(step)")
            } catch {
                let expected =
                    switch step {
                    case .create: "cannot create \(folder.path)/.file.txt.penny-tmp: No space left on device; the file was not changed"
                    case .write: "cannot write \(path): No space left on device; the file was not changed"
                    case .fsync: "cannot sync \(folder.path)/.file.txt.penny-tmp: Input/output error; the file was not changed"
                    case .rename: "cannot replace \(path): No space left on device; the file was not changed"
                    default: "the file was written, but its folder could not be synced (Input/output error): a power cut now could undo the change"
                    }
                #expect((error as? PennyError)?.message == expected)
            }
            #expect(contents(path) == (step == .dirsync ? "new\n" : "old\n"))
            #expect(try leftovers(folder).isEmpty)
            // The hook of a replacement runs only once the sync succeeded.
            if step == .fsync || step == .rename {
                let (folder, path) = try self.folder()
                _ = try? FaultInjection.simulating(step) {
                    try written(path).commit { () throws(PennyError) in hookRan = true }
                }
                #expect(hookRan == (step == .rename))
                #expect(contents(path) == "old\n")
                #expect(try leftovers(folder).isEmpty)
            }
        }

        /// The ledger's update goes through the same steps (its writes are the writer
        /// thread's, outside the simulated task).
        @Test(arguments: [FaultStep.create, .fsync, .rename])
        func aLedgerUpdateThatFailsLeavesTheLedgerAndNoTemporaryFile(step: FaultStep) throws {
            let (folder, path) = try folder()
            try "; the ledger\n".write(toFile: path, atomically: false, encoding: .utf8)
            let entry = JournalEntry(
                date: day("2024-03-01"), description: "T", account: "assets:a", category: "expenses:b", amount: euros(-100), id: DedupID(value: 1),
                source: "s.csv:1", rule: nil)
            #expect(throws: PennyError.self) {
                try FaultInjection.simulating(step) {
                    let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
                    try update.append(entry)
                    try update.commit()
                }
            }
            #expect(contents(path) == "; the ledger\n")
            #expect(try leftovers(folder).isEmpty)
        }

        /// The index sidecar reaches one fault step, `index`, at its creation: the
        /// document steps (counted per ledger write by the tests) pass it by.
        @Test func aSidecarReachesOnlyTheIndexStep() throws {
            let (folder, path) = try folder()
            for step in [FaultStep.create, .fsync, .rename, .dirsync] {
                try FaultInjection.simulating(step) { try written(path, kind: .sidecar).commit() }
                #expect(contents(path) == "new\n")
                try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
            }
            #expect(throws: PennyError.self) { try FaultInjection.simulating(.index) { try written(path, kind: .sidecar).commit() } }
            #expect(contents(path) == "old\n")
            #expect(try leftovers(folder).isEmpty)
        }
    #endif
}
