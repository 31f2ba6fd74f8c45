import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// The OFX reader's XML stage streams: the normalized XML goes to libxml2 in parts, and a
/// transaction is built and handed on as soon as its `STMTTRN` ends, with the statement's
/// header (its `LEDGERBAL` read by the first pass) before it.
@Suite struct OFXStreamingTests {
    /// An OFX 1.x statement of `count` transactions, its `LEDGERBAL` after them.
    static func statement(_ count: Int) -> String {
        var text = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>EUR\n"
        text += "<BANKACCTFROM>\n<ACCTID>DE89370400440532013000\n</BANKACCTFROM>\n<BANKTRANLIST>\n"
        for n in 0..<count {
            text += "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240302\n<TRNAMT>-2.50\n<FITID>T\(n)\n<NAME>KAFFEEBAR MITTE \(n)\n</STMTTRN>\n"
        }
        return text + "</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>-10.00\n<DTASOF>20240331\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n"
    }

    @Test func transactionsComeWhileTheXMLIsStillBeingWritten() throws {
        let normalizer = try OFXNormalizer(Self.statement(2000), fileName: "s.ofx")
        let outline = OFXOutline()
        let first = try XMLStream(pushedAs: "s.ofx", names: OFXTag.names, options: XMLTree.options)
        first.begin(outline)
        try normalizer.write(partSize: 4096) { part, isLast in first.push(part, last: isLast) }
        try first.end()
        #expect(!outline.irregular)
        #expect(outline.statements.count == 1)

        let emitter = OFXEmitter(
            statements: outline.statements, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro), displayName: "s.ofx", afterFirst: nil)
        let second = try XMLStream(pushedAs: "s.ofx", names: OFXTag.names, options: XMLTree.options)
        second.begin(emitter)
        var parts = 0
        var transactions = 0
        var firstTransactionPart: Int?
        var closing: StatementBalance?
        var headerBeforeTransactions = false
        try normalizer.write(partSize: 4096) { part, isLast in
            parts += 1
            second.push(part, last: isLast)
            for event in emitter.take() {
                switch event {
                case .statement(let header):
                    closing = header.closing
                    headerBeforeTransactions = transactions == 0
                case .transaction:
                    transactions += 1
                    if firstTransactionPart == nil { firstTransactionPart = parts }
                default: break
                }
            }
        }
        try second.end()
        #expect(transactions == 2000)
        #expect(headerBeforeTransactions)
        #expect(closing?.amount.minorUnits == -1000)
        // A reader that parsed the whole document first would deliver only after the last part.
        #expect(parts > 10)
        #expect(firstTransactionPart == 1)
    }

    @Test func theReaderGivesTheTreesEvents() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ofx-\(UUID().uuidString).ofx")
        try Array(Self.statement(300).utf8).withUnsafeBytes { try Data($0).write(to: url) }
        defer { try? FileManager.default.removeItem(at: url) }
        var events: [String] = []
        try OFXReader().read(try FileProbe(url: url), displayName: "s.ofx", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
            events.append("\(event)")
        }
        #expect(events.count == 301)
        #expect(events.first?.hasPrefix("statement") == true)
    }

    /// Past line 65,535 (where libxml2's tree keeps no exact line and names a child's) the
    /// streamed reader gives each transaction its true line: every `STMTTRN` is 7 lines on.
    @Test func aLargeFileKeepsEachTransactionsTrueLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ofx-lines-\(UUID().uuidString).ofx")
        try Data(Self.statement(12_000).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var lines: [Int] = []
        try OFXReader().read(FileProbe(url: url), displayName: "big.ofx", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
            if case .transaction(let t) = event { lines.append(t.location.line) }
        }
        #expect(lines.count == 12_000)
        #expect(lines.last! > 65_535 + 7, "the last transactions are past the tree's limit")
        #expect(lines.enumerated().allSatisfy { n, line in line == lines[0] + 7 * n })
    }
}
