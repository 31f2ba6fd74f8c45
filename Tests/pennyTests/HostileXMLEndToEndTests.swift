import Foundation
import Testing

/// A statement that references `file:///etc/passwd` (an external entity, a parameter entity,
/// an external DTD) imports nothing of it, nor of itself, and says so at its DOCTYPE line.
@Suite(.serialized) struct HostileXMLEndToEndTests {
    /// Issue 33, item 15: libxml2 printed its own `encoding error : input conversion failed`
    /// line to stderr for an encoding it cannot convert; now Penny's one error line is all.
    @Test func anEncodingLibXML2CannotConvertGivesPennysErrorAlone() throws {
        let w = try Workspace()
        let camt = try w.text("samples/montepio-savings-2024-03.camt.xml")
        let ebcdic = camt.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"EBCDIC-US\"")
        try #require(ebcdic != camt)
        try ebcdic.write(toFile: w.path("ebcdic.camt.xml"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "ebcdic.camt.xml")
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("ebcdic.camt.xml:1: error: malformed XML: ") == true, "\(result.stderr)")
    }

    @Test func statementsReferencingALocalFileImportNothingAndSaySo() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples/aib-2024-03.csv").status == 0)
        let before = try w.bytes("ledger.journal")
        let camt = try w.text("samples/montepio-savings-2024-03.camt.xml")
        let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        try #require(camt.hasPrefix(declaration))
        let body = String(camt.dropFirst(declaration.count))
        let hostile = [
            ("xxe.camt.xml", "<!DOCTYPE Document [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n", "&xxe;"),
            ("param.camt.xml", "<!DOCTYPE Document [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>\n", ""),
            ("dtd.camt.xml", "<!DOCTYPE Document SYSTEM \"file:///etc/passwd\">\n", ""),
        ]
        try FileManager.default.createDirectory(atPath: w.path("hostile"), withIntermediateDirectories: true)
        for (name, doctype, reference) in hostile {
            let text = declaration + doctype + body.replacingOccurrences(of: "<Id>SAV-2024-03</Id>", with: "<Id>SAV-2024-03\(reference)</Id>")
            try text.write(toFile: w.path("hostile/" + name), atomically: true, encoding: .utf8)
        }
        let ofx = "<?xml version=\"1.0\"?>\n<!DOCTYPE OFX [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<OFX><NAME>&xxe;</NAME></OFX>\n"
        try ofx.write(toFile: w.path("hostile/xxe.ofx"), atomically: true, encoding: .utf8)

        let result = try w.penny("import", "hostile")
        #expect(result.status == 1)
        let entities = "error: the file declares XML entities (a DOCTYPE with <!ENTITY>); Penny does not expand them, and a bank statement has none"
        #expect(result.stderr.contains("hostile/xxe.camt.xml:2: " + entities))
        #expect(result.stderr.contains("hostile/param.camt.xml:2: " + entities))
        #expect(
            result.stderr.contains(
                "hostile/dtd.camt.xml:2: error: the file names an external DTD ('file:///etc/passwd'); Penny never loads one, and a bank statement needs none"))
        #expect(
            result.stderr.contains(
                "hostile/xxe.ofx:2: error: the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none"))
        #expect(result.stdout.contains("total: 4 files, 0 new, 0 duplicates, 0 skipped, 0 uncategorized, 4 rejected"), "\(result.stdout)")
        #expect(try w.bytes("ledger.journal") == before)
        #expect(!(try w.text("ledger.journal")).contains("root:"))
    }
}
