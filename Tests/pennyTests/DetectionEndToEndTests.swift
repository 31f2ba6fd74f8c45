import Foundation
import Testing

/// Format detection looks past header lines and names what a file looks like.
@Suite(.serialized) struct DetectionEndToEndTests {
    /// An OFX whose header starts with `DATA:OFXSGML` was "unrecognized statement format"
    /// without a line, though `--format ofx` read it exactly.
    @Test func anOFXWhoseHeaderLinesComeInAnotherOrderIsRecognized() throws {
        let w = try Workspace()
        let bytes = try w.bytes("samples/visa-2024-03.ofx")
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let reordered = lines.filter { $0.starts(with: Array("DATA:".utf8)) } + lines.filter { !$0.starts(with: Array("DATA:".utf8)) }
        try Data(reordered.joined(separator: [0x0A])).write(to: w.url.appendingPathComponent("data-first.ofx"))
        let result = try w.penny("import", "data-first.ofx")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("data-first.ofx: 7 new"))
    }

    /// A recorded API exchange whose body is MT940 text said "malformed JSON at 1:1".
    @Test func aJSONRecordingWithAnMT940BodyIsReadAsMT940() throws {
        let w = try Workspace()
        try w.copy(fixture: "repro/mt940-recording.json", as: "recording.json")
        // The body holds two accounts' statements: each goes to its own (under --account
        // both would be booked into one, which is refused).
        let accounts = "account assets:bank:giro-1\n  id 50880050/0194787400888\n\naccount assets:bank:giro-2\n  id 50880050/0194791600888\n"
        try accounts.write(toFile: w.path("rules/recording.rules"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "recording.json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("recording.json: 11 new"))
    }

    @Test func aPDFIsNamedAsOne() throws {
        let w = try Workspace()
        try Data("%PDF-1.4\n%âãÏÓ\n".utf8).write(to: w.url.appendingPathComponent("extrato.pdf"))
        let result = try w.penny("import", "extrato.pdf")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "extrato.pdf:1: error: unrecognized statement format (tried csv, ofx, camt, json, qif, mt940); it looks like a PDF document: download the statement as CSV, OFX, CAMT, QIF or MT940 instead"
            ), "\(result.stderr)")
    }
}

/// A declared charset that the bytes contradict.
@Suite(.serialized) struct CharsetEndToEndTests {
    /// An OFX declaring CHARSET 1252 whose bytes are UTF-8 was read as 1252: "TÃ\u{8D}TULO
    /// COBRANÃ‡A". Valid UTF-8 with multi-byte sequences is UTF-8, with a warning.
    @Test func utf8BytesUnderADeclared1252AreReadAsUTF8WithAWarning() throws {
        let w = try Workspace()
        let sample = try #require(String(data: try w.bytes("samples/visa-2024-03.ofx"), encoding: .windowsCP1252))
        #expect(sample.contains("CHARSET:1252"))
        try Data(sample.replacingOccurrences(of: "CAFÉ NICOLA", with: "TÍTULO COBRANÇA").utf8).write(to: w.url.appendingPathComponent("utf8.ofx"))
        let result = try w.penny("import", "utf8.ofx")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("utf8.ofx:1: warning: the file declares windows-1252 but its bytes are UTF-8 (with accented letters): read as UTF-8"))
        #expect(try w.text("ledger.journal").contains("2024-03-03 * TÍTULO COBRANÇA\n"))
    }
}
