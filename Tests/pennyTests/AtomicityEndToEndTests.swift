import Foundation
import Testing

/// An import killed at any instant leaves the ledger exactly as before or exactly as after.
@Suite(.serialized) struct AtomicityEndToEndTests {
    /// A statement big enough that an import takes a while (about 30,000 rows).
    static func writeLargeStatement(in w: Workspace) throws {
        var text = "Data Mov.;Data Valor;Descrição;Montante;Saldo Contabilístico\r\n"
        for i in 0..<30_000 {
            let day = 1 + i % 28
            text += String(format: "%02d-04-2024;%02d-04-2024;COMPRA LOJA %d;-%d,%02d;0,00\r\n", day, day, i, i % 90 + 1, i % 100)
        }
        try text.data(using: .windowsCP1252)!.write(to: w.url.appendingPathComponent("big/montepio-2024-04.csv"))
    }

    @Test func killedImportsLeaveBeforeOrAfter() throws {
        // The ledger before, and the ledger after an import that is not interrupted.
        let reference = try Workspace()
        try FileManager.default.createDirectory(at: reference.url.appendingPathComponent("big"), withIntermediateDirectories: true)
        try Self.writeLargeStatement(in: reference)
        #expect(try reference.penny("import", "samples").status == 0)
        let before = try reference.bytes("ledger.journal")
        #expect(try reference.penny("import", "big").status == 0)
        let after = try reference.bytes("ledger.journal")
        #expect(after.count > before.count + 500_000)

        var outcomes: Set<String> = []
        for delay in [0.02, 0.1, 0.3, 0.6] {
            let w = try Workspace()
            try FileManager.default.createDirectory(at: w.url.appendingPathComponent("big"), withIntermediateDirectories: true)
            try Self.writeLargeStatement(in: w)
            #expect(try w.penny("import", "samples").status == 0)
            #expect(try w.bytes("ledger.journal") == before)
            let process = Process()
            process.executableURL = pennyBinary
            process.arguments = ["import", "big"]
            process.currentDirectoryURL = w.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let ledger = try w.bytes("ledger.journal")
            #expect(ledger == before || ledger == after, "killed after \(delay) s: a ledger that is neither before nor after")
            outcomes.insert(ledger == before ? "before" : "after")
            // The next run recovers: it finishes the import as if nothing had happened.
            #expect(try w.penny("import", "big").status == 0)
            #expect(try w.bytes("ledger.journal") == after)
        }
        #expect(outcomes.contains("before"), "no kill landed during the import; the statement is too small for this machine")
    }
}
