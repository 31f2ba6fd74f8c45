import Foundation
import PennyTestSupport
import Testing

/// Occurrence counts and the bank ids seen go to a scratch file past a limit
/// (`PENNY_COUNTS_SPILL`, debug builds), so a statement's size or shape never grows memory:
/// with every key spilled, imports write byte for byte the ledger that counting in memory
/// writes (an export pasted twice, a date with many rows, rows out of date order,
/// statements with bank ids), and re-importing adds nothing.
@Suite struct SpilledCountsEndToEndTests {
    static let spilled = ["PENNY_COUNTS_SPILL": "1"]
    static let header = "Data Mov.;Data Valor;Descrição;Montante;Saldo Contabilístico\r\n"

    /// A Montepio export of July: 300 rows on the 9th, many of them alike, then the rest of
    /// the month; pasted twice, with its first 50 rows a third time.
    static func writePastedTwice(in w: Workspace) throws {
        var rows: [String] = []
        for i in 0..<400 {
            let day = i < 300 ? 9 : 10 + i % 19
            rows.append(String(format: "%02d-07-2024;%02d-07-2024;COMPRA LOJA %d;-%d,%02d;0,00\r\n", day, day, i % 37, i % 5 + 1, i % 3))
        }
        let text = header + (rows + rows + rows.prefix(50)).joined()
        try text.data(using: .windowsCP1252)!.write(to: w.url.appendingPathComponent("montepio-2024-07.csv"))
    }

    /// A Montepio export of August whose rows are in a random order, many alike.
    static func writeShuffled(in w: Workspace) throws {
        var random = SeededGenerator(seed: 8)
        let rows = (0..<600).map { i in
            let day = 1 + i % 31
            return String(format: "%02d-08-2024;%02d-08-2024;PAGAMENTO %d;-%d,00;0,00\r\n", day, day, i % 11, i % 4 + 1)
        }
        let text = header + rows.shuffled(using: &random).joined()
        try text.data(using: .windowsCP1252)!.write(to: w.url.appendingPathComponent("montepio-2024-08.csv"))
    }

    static let files = [
        "samples/montepio-2024-03.csv", "samples/n26-2024-03.json", "samples/visa-2024-03.ofx",
        "samples/montepio-savings-2024-03.camt.xml", "montepio-2024-07.csv", "montepio-2024-08.csv",
    ]

    @Test func spilledCountsWriteTheLedgerCountingInMemoryWrites() throws {
        let inMemory = try Workspace(), spilling = try Workspace()
        for w in [inMemory, spilling] {
            try Self.writePastedTwice(in: w)
            try Self.writeShuffled(in: w)
        }
        for file in Self.files {
            let expected = try inMemory.penny("import", file)
            let result = try spilling.penny(environment: Self.spilled, "import", file)
            #expect(expected.status == 0, "\(file): \(expected.stderr)")
            #expect(result.stdout == expected.stdout, "\(file)")
            #expect(try spilling.bytes("ledger.journal") == (try inMemory.bytes("ledger.journal")), "after \(file)")
        }
        let pasted = try inMemory.text("ledger.journal").components(separatedBy: "COMPRA LOJA 0\n").count - 1
        #expect(pasted > 20, "the pasted rows are all there, each counted apart")
        for file in Self.files {
            let again = try spilling.penny(environment: Self.spilled, "import", file)
            #expect(again.status == 0)
            #expect(again.stdout.contains(" 0 new,"), "\(file): \(again.stdout)")
        }
        #expect(try spilling.bytes("ledger.journal") == (try inMemory.bytes("ledger.journal")))
    }

    /// One OFX statement listing every transaction twice: each FITID repeats, so none is
    /// an identity; the rows are told apart by content, all imported, none again.
    @Test func aStatementWhoseEveryIDRepeatsIsImportedOnceByContent() throws {
        let inMemory = try Workspace(), spilling = try Workspace()
        let text = try String(contentsOf: packageRoot.appendingPathComponent("samples/visa-2024-03.ofx"), encoding: .isoLatin1)
        let start = try #require(text.range(of: "<STMTTRN>")), end = try #require(text.range(of: "</BANKTRANLIST>"))
        let list = String(text[start.lowerBound..<end.lowerBound])
        let pasted = text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: list + list)
        for w in [inMemory, spilling] { try pasted.write(toFile: w.path("visa-pasted.ofx"), atomically: true, encoding: .isoLatin1) }
        let expected = try inMemory.penny("import", "visa-pasted.ofx")
        #expect(expected.status == 0, "\(expected.stderr)")
        #expect(expected.stdout.contains("14 new"), "\(expected.stdout)")
        let result = try spilling.penny(environment: Self.spilled, "import", "visa-pasted.ofx")
        #expect(result.stdout == expected.stdout)
        #expect(try spilling.bytes("ledger.journal") == (try inMemory.bytes("ledger.journal")))
        #expect(try spilling.penny(environment: Self.spilled, "import", "visa-pasted.ofx").stdout.contains(" 0 new,"))
    }

    @Test func aScratchFileThatCannotBeMadeRefusesTheFileAndKeepsTheLedger() throws {
        let w = try Workspace()
        try Self.writePastedTwice(in: w)
        #expect(try w.penny("import", "samples/montepio-2024-03.csv").status == 0)
        let before = try w.bytes("ledger.journal")
        let environment = Self.spilled.merging(["TMPDIR": w.path("no-such-folder")]) { $1 }
        let result = try w.penny(environment: environment, "import", "montepio-2024-07.csv")
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("cannot keep the occurrence counts and bank ids of this file: the temporary file for them failed; nothing of it was written"), "\(result.stderr)"
        )
        #expect(try w.bytes("ledger.journal") == before)
        #expect(FileManager.default.fileExists(atPath: w.path("montepio-2024-07.csv")))
    }
}
