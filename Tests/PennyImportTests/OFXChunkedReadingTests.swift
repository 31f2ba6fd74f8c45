import Foundation
import PennyCore
@testable import PennyImport
import PennyTestSupport
import Testing

/// The OFX reader reads its file a part at a time: whatever the parts' size, the text, the
/// XML and the errors are those of the whole file decoded at once (as `TextEncodings` reads it).
@Suite struct OFXChunkedReadingTests {
    static let body =
        "<OFX>\n<!-- a comment\nover two lines -->\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n<CURDEF>EUR\n"
        + "<BANKACCTFROM><ACCTID>DE89370400440532013000</BANKACCTFROM>\n<BANKTRANLIST>\n"
        + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240302<TRNAMT>-2.50<FITID>T1<NAME>CAFÉ &amp; BAR <MEMO><![CDATA[a <b>\nc]]></STMTTRN>\n"
        + "<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>20240303\n<TRNAMT>10,00\n<FITID>T2\n<NAME>Ünïcödé € — R&D\n</STMTTRN>\n"
        + "</BANKTRANLIST>\n<LEDGERBAL><BALAMT>7.50<DTASOF>20240331</LEDGERBAL>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"

    /// Files of every charset path: UTF-8 with and without a byte-order mark, mislabelled
    /// UTF-8, true Windows-1252, XML with a processing instruction and a DOCTYPE, and the errors.
    static var files: [[UInt8]] {
        let sgml = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n"
        let mislabelled = Array((sgml + body).utf8)
        let windows1252 = Array((sgml + "<OFX><STMTRS><NAME>caf").utf8) + [0xE9, 0x80, 0x81] + Array("</NAME></STMTRS></OFX>\n".utf8)
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?OFX OFXHEADER=\"200\"\nVERSION=\"220\"?>\n<!DOCTYPE OFX [ ]>\n"
        return [
            mislabelled, [0xEF, 0xBB, 0xBF] + Array(body.utf8), windows1252, Array((xml + body).utf8), Array(body.utf8.dropLast(60)),
            Array("<OFX>\n<STMTRS>\n<NAME\n".utf8), Array("<OFX>\n<ST MTRS>\n".utf8), Array("no ofx here\n".utf8),
            Array("<!DOCTYPE OFX SYSTEM \"file:///etc/passwd\">\n<OFX>".utf8), Array("<OFX><!-- never closed\n\n".utf8),
            Array("\n\n<!ENTITY x \"y\">\n<OFX>".utf8), Array(body.utf8) + [0xC3],
        ]
    }

    /// The XML (or error) of `bytes` decoded whole, as the reader did before it read in parts.
    static func whole(_ bytes: [UInt8]) -> String {
        let text = TextEncodings.decode(bytes, declared: OFXReader.declaredEncoding(bytes))
        do throws(PennyError) {
            return String(decoding: try OFXNormalizer(text, fileName: "f.ofx").document(), as: UTF8.self)
        } catch {
            return error.headline
        }
    }

    /// The XML (or error) of `bytes` read from a file in parts of `partSize` bytes.
    static func chunked(_ bytes: [UInt8], partSize: Int) throws -> String {
        let url = TestScratch.root.appendingPathComponent("penny-ofx-parts-\(UUID().uuidString).ofx")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(OFXFile(path: url.path, displayName: "f.ofx"))
        do throws(PennyError) {
            let (declared, evidence) = try OFXReader.charsetEvidence(file)
            let charset = OFXCharset(declared: declared, evidence: evidence)
            #expect(charset.isMislabelledUTF8 == TextEncodings.isMislabelledUTF8(bytes, declared: declared))
            let input = OFXInput(file: file, charset: charset, partSize: partSize)
            return String(decoding: try OFXNormalizer(input, fileName: "f.ofx").document(), as: UTF8.self)
        } catch {
            return error.headline
        }
    }

    @Test func everyPartSizeGivesTheWholeFilesXMLAndErrors() throws {
        var random = SeededGenerator(seed: 20_261_126)
        for bytes in Self.files {
            let expected = Self.whole(bytes)
            for partSize in [1, 2, 3, 5, 16, 17, 64, 1 << 16] + (0..<12).map({ _ in Int.random(in: 1...200, using: &random) }) {
                #expect(try Self.chunked(bytes, partSize: partSize) == expected, "part size \(partSize)")
            }
        }
    }

    /// Memory does not grow with the file: the window holds one part and the token being read.
    @Test func theWindowStaysAboutOnePartWhateverTheFilesSize() throws {
        let text = OFXStreamingTests.statement(20_000)
        let url = TestScratch.root.appendingPathComponent("penny-ofx-window-\(UUID().uuidString).ofx")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(OFXFile(path: url.path, displayName: "big.ofx"))
        let (declared, evidence) = try OFXReader.charsetEvidence(file)
        let input = OFXInput(file: file, charset: OFXCharset(declared: declared, evidence: evidence), partSize: 4096)
        var largest = 0
        var tokens = 0
        try OFXTokenizer(input, fileName: "big.ofx").run { _ in
            largest = max(largest, input.end)
            tokens += 1
        }
        #expect(text.utf8.count > 300 * 4096)
        #expect(tokens > 200_000)
        #expect(largest <= 2 * 4096)
    }

    @Test func theUTF8CheckInPartsAgreesWithTheWholeText() {
        var random = SeededGenerator(seed: 7)
        let alphabet: [UInt8] = [0x41, 0x0A, 0x80, 0xBF, 0xC2, 0xC0, 0xDF, 0xE0, 0xA0, 0xED, 0xEF, 0xBB, 0xF0, 0x90, 0xF4, 0xF5, 0xFF]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var check = OFXUTF8Check()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...5, using: &random))
                bytes[start..<end].withUnsafeBufferPointer { check.add($0) }
                start = end
            }
            #expect(check.finish() == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
