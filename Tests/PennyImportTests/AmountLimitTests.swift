import Foundation
import PennyTestSupport
import PennyCore
@testable import PennyImport
import Testing

/// Every reader reads the largest amounts Penny holds (±92233720368547758.07 EUR, Int64.max
/// minor units) exactly, and refuses one cent more at the amount's line, never wrapping or
/// keeping a wrong value.
struct AmountLimitTests {
    /// A statement of one transaction in each format, with `AMOUNT` where the amount goes
    /// (written as the format writes amounts), and the line the amount is on.
    static let documents: [(name: String, reader: any StatementReader, text: String, amountLine: Int, decimalComma: Bool)] = [
        ("x.csv", CSVReader(), "Date,Description,Amount\n2024-03-01,Big,AMOUNT\n", 2, false),
        (
            "x.ofx", OFXReader(),
            ReaderErrorTests.ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240301\n<TRNAMT>AMOUNT\n<FITID>1\n</STMTTRN>\n" + ReaderErrorTests.ofxTail, 9,
            false
        ),
        (
            "x.xml", CAMTReader(),
            ReaderErrorTests.camtDocument("<Amt Ccy=\"EUR\">MAGNITUDE</Amt><CdtDbtInd>SIGN</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>"), 5, false
        ),
        (
            "x.json", JSONReader(), ReaderErrorTests.berlinDocument("{\"bookingDate\": \"2024-03-01\", \"transactionAmount\": {\"amount\": \"AMOUNT\", \"currency\": \"EUR\"}}"), 3,
            false
        ),
        ("x.qif", QIFReader(), "!Type:Bank\nD03/01/2024\nTAMOUNT\nPBig\n^\n", 3, false),
        ("x.sta", MT940Reader(), ":20:S1\n:25:DE89370400440532013000\n:60F:C240229EUR0,00\n:61:240301SIGNMAGNITUDENTRF//A\n:62F:C240301EUR0,00\n", 4, true),
    ]

    static func read(_ document: (name: String, reader: any StatementReader, text: String, amountLine: Int, decimalComma: Bool), units: String, negative: Bool)
        throws(PennyError) -> [Int64]
    {
        let magnitude = document.decimalComma ? units.replacingOccurrences(of: ".", with: ",") : units
        let text = document.text.replacingOccurrences(of: "AMOUNT", with: (negative ? "-" : "") + magnitude)
            .replacingOccurrences(of: "MAGNITUDE", with: magnitude)
            .replacingOccurrences(of: "SIGN", with: document.name == "x.xml" ? (negative ? "DBIT" : "CRDT") : (negative ? "D" : "C"))
        let url = TestScratch.root.appendingPathComponent("penny-limit-\(UUID().uuidString)-\(document.name)")
        try! Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var profile = CSVProfile(name: "limits", location: SourceLocation(file: "limits.rules", line: 1))
        profile.dateColumn = .header("Date")
        profile.dateFormat = DateFormat("%Y-%m-%d")!
        profile.descriptionColumns = [.header("Description")]
        profile.amount = .signed(.header("Amount"))
        profile.amountFormat = AmountFormat(decimalMark: ".")
        profile.account = "assets:bank"
        profile.fileGlobs = ["*.csv"]
        let configuration = ReaderConfiguration(csvProfiles: [profile], defaultCurrency: .euro)
        var amounts: [Int64] = []
        let probe = try FileProbe(url: url)
        try document.reader.read(probe, displayName: document.name, configuration: configuration) { (event) throws(PennyError) in
            if case .transaction(let t) = event { amounts.append(t.amount.minorUnits) }
        }
        return amounts
    }

    @Test(arguments: documents.indices)
    func theLargestAmountsReadExactly(index: Int) throws {
        let document = Self.documents[index]
        #expect(try Self.read(document, units: "92233720368547758.07", negative: false) == [Int64.max], "\(document.name)")
        #expect(try Self.read(document, units: "92233720368547758.07", negative: true) == [-Int64.max], "\(document.name)")
    }

    @Test(arguments: documents.indices)
    func oneCentMoreIsRefusedAtItsLine(index: Int) {
        let document = Self.documents[index]
        for negative in [false, true] {
            do throws(PennyError) {
                let read = try Self.read(document, units: "92233720368547758.08", negative: negative)
                Issue.record("\(document.name) read \(read) instead of refusing the amount")
            } catch {
                #expect(error.location?.file == document.name && error.location?.line == document.amountLine, "\(document.name): \(error)")
                #expect(error.message.contains("too large"), "\(document.name): \(error)")
            }
        }
    }
}
