import Foundation
import PennyCore
import PennyTestSupport
@testable import PennyImport
import Testing

/// Each format's one sign rule (docs/conformance.md): CAMT's CdtDbtInd on an unsigned
/// amount, OFX's signed TRNAMT whatever TRNTYPE says.
struct SignRuleTests {
    static func amounts(_ text: String, name: String, reader: some StatementReader) throws -> [Int64] {
        let url = TestScratch.root.appendingPathComponent("penny-sign-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        var amounts: [Int64] = []
        let probe = try FileProbe(url: url)
        try reader.read(probe, displayName: name, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
            if case .transaction(let t) = event { amounts.append(t.amount.minorUnits) }
        }
        return amounts
    }

    @Test func ofxTakesTheSignOfTRNAMTAndKeepsTRNTYPEAsATag() throws {
        let text =
            ReaderErrorTests.ofxHead + "<CURDEF>EUR\n<BANKTRANLIST>\n"
            + "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240301\n<TRNAMT>5.00\n<FITID>1\n</STMTTRN>\n"
            + "<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>20240302\n<TRNAMT>-3.00\n<FITID>2\n</STMTTRN>\n"
            + "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240303\n<TRNAMT>-7.00\n<FITID>3\n</STMTTRN>\n" + ReaderErrorTests.ofxTail
        #expect(try Self.amounts(text, name: "x.ofx", reader: OFXReader()) == [500, -300, -700])
    }

    @Test func camtTakesTheSignOfCdtDbtIndOnce() throws {
        let debit = ReaderErrorTests.camtDocument("<Amt Ccy=\"EUR\">50.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>")
        #expect(try Self.amounts(debit, name: "x.xml", reader: CAMTReader()) == [-5000])
        let credit = ReaderErrorTests.camtDocument("<Amt Ccy=\"EUR\">50.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>")
        #expect(try Self.amounts(credit, name: "x.xml", reader: CAMTReader()) == [5000])
    }
}
