import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// The OFX reader's XML stage streams, in one pass: the normalized XML goes to libxml2 in
/// parts, the statement's header is handed on before its transactions, each transaction as
/// soon as its `STMTTRN` ends, and the closing balance (`LEDGERBAL`) after them.
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
        let stream = OFXStatementStream(configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro), displayName: "s.ofx", afterFirst: nil)
        let xml = try XMLStream(pushedAs: "s.ofx", names: OFXTag.names, options: XMLTree.options)
        xml.begin(stream)
        var parts = 0
        var transactions = 0
        var firstTransactionPart: Int?
        var closing: StatementBalance?
        var headerBeforeTransactions = false
        var closingAfterTransactions = false
        try normalizer.write(partSize: 4096) { part, isLast in
            parts += 1
            xml.push(part, last: isLast)
            for event in stream.take() {
                switch event {
                case .statement(let header):
                    #expect(header.closing == nil)
                    headerBeforeTransactions = transactions == 0
                case .transaction:
                    transactions += 1
                    if firstTransactionPart == nil { firstTransactionPart = parts }
                case .closing(let balance):
                    closing = balance
                    closingAfterTransactions = transactions == 2000
                default: break
                }
            }
        }
        try xml.end()
        #expect(!stream.irregular)
        #expect(stream.failure == nil)
        #expect(transactions == 2000)
        #expect(headerBeforeTransactions)
        #expect(closingAfterTransactions)
        #expect(closing?.amount.minorUnits == -1000)
        // A reader that parsed the whole document first would deliver only after the last part.
        #expect(parts > 10)
        #expect(firstTransactionPart == 1)
    }

    /// The XML breaks in the last transaction: the transactions before it were handed on
    /// (the importer rolls the file back), then the error comes.
    @Test func xmlThatBreaksLateComesAfterTheTransactionsBeforeIt() throws {
        let text = Self.statement(3000).replacingOccurrences(of: "KAFFEEBAR MITTE 2999", with: "KAFFEEBAR \u{11} 2999")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ofx-late-\(UUID().uuidString).ofx")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var transactions = 0
        var message = ""
        do throws(PennyError) {
            try OFXReader().read(try FileProbe(url: url), displayName: "s.ofx", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
                if case .transaction = event { transactions += 1 }
            }
        } catch {
            message = error.headline
        }
        #expect(message.contains("malformed XML: PCDATA invalid Char value 17"), "\(message)")
        #expect(transactions > 2000)
        #expect(transactions < 3000)
    }

    @Test func theReaderGivesTheTreesEvents() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ofx-\(UUID().uuidString).ofx")
        try Array(Self.statement(300).utf8).withUnsafeBytes { try Data($0).write(to: url) }
        defer { try? FileManager.default.removeItem(at: url) }
        var events: [String] = []
        try OFXReader().read(try FileProbe(url: url), displayName: "s.ofx", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
            events.append("\(event)")
        }
        #expect(events.count == 302)
        #expect(events.first?.hasPrefix("statement") == true)
        #expect(events.last?.hasPrefix("closing") == true)
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

    /// The stream's own guards, behind `OFXShapeCheck` (which sends these shapes to the tree
    /// first, so a file never meets them): reached with the check skipped.
    @Test func theStreamRefusesWhatItCannotReadAsTheTreeDoes() {
        let late = Self.statement(2).replacingOccurrences(of: "<CURDEF>EUR\n", with: "").replacingOccurrences(of: "</STMTRS>", with: "<CURDEF>USD\n</STMTRS>")
        let lateLine = late.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<CURDEF>") }! + 1
        #expect(
            Self.rejection(late, skippingShapeCheck: true)
                == "s.ofx:\(lateLine): error: CURDEF comes after the statement's first transaction (STMTTRN): Penny reads a statement's currency and account before its transactions"
        )
        #expect(Self.rejection(late, skippingShapeCheck: false) == nil)
        func statement(_ kind: String, _ from: String, _ id: String) -> String {
            "<\(kind)><CURDEF>EUR</CURDEF><\(from)><ACCTID>\(id)</ACCTID></\(from)><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE>"
                + "<DTPOSTED>20240302</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>\(id)1</FITID><NAME>\(id)</NAME></STMTTRN></BANKTRANLIST></\(kind)>"
        }
        let card = "<CREDITCARDMSGSRSV1><CCSTMTTRNRS>" + statement("CCSTMTRS", "CCACCTFROM", "CARD") + "</CCSTMTTRNRS></CREDITCARDMSGSRSV1>"
        let bank = "<BANKMSGSRSV1><STMTTRNRS>" + statement("STMTRS", "BANKACCTFROM", "BANK") + "</STMTTRNRS></BANKMSGSRSV1>"
        let oneLine = "<?xml version=\"1.0\"?>\n<OFX>" + card + bank + "</OFX>\n"
        #expect(
            Self.rejection(oneLine, skippingShapeCheck: true)
                == "s.ofx:2: error: statements of different kinds on one line: Penny reads them in the file's order, which is not the order it read them in before")
        #expect(Self.rejection(oneLine, skippingShapeCheck: false) == nil)
    }

    /// The reader's error for `text` (nil when it reads it).
    static func rejection(_ text: String, skippingShapeCheck: Bool) -> String? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ofx-guard-\(UUID().uuidString).ofx")
        try! Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = OFXReader()
        reader.skipsShapeCheck = skippingShapeCheck
        do throws(PennyError) {
            try reader.read(FileProbe(url: url), displayName: "s.ofx", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { _ in }
            return nil
        } catch {
            return error.headline
        }
    }

    /// The events the reader gives for `text`, as text.
    static func events(_ text: String) throws -> [StatementEvent] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ofx-shape-\(UUID().uuidString).ofx")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var events: [StatementEvent] = []
        try OFXReader().read(FileProbe(url: url), displayName: "s.ofx", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
            events.append(event)
        }
        return events
    }

    /// A card statement and then a bank statement on one line: the tree orders them by kind
    /// (the bank's first), and the file is still read so (`OFXShapeCheck` sends it to the tree).
    @Test func statementsOnOneLineAreReadInTheTreesOrder() throws {
        func statement(_ kind: String, _ from: String, _ id: String) -> String {
            "<\(kind)><CURDEF>EUR</CURDEF><\(from)><ACCTID>\(id)</ACCTID></\(from)><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE>"
                + "<DTPOSTED>20240302</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>\(id)1</FITID><NAME>\(id)</NAME></STMTTRN></BANKTRANLIST></\(kind)>"
        }
        let card = "<CREDITCARDMSGSRSV1><CCSTMTTRNRS>" + statement("CCSTMTRS", "CCACCTFROM", "CARD") + "</CCSTMTTRNRS></CREDITCARDMSGSRSV1>"
        let bank = "<BANKMSGSRSV1><STMTTRNRS>" + statement("STMTRS", "BANKACCTFROM", "BANK") + "</STMTTRNRS></BANKMSGSRSV1>"
        let events = try Self.events("<?xml version=\"1.0\"?>\n<OFX>" + card + bank + "</OFX>\n")
        let accounts = events.compactMap { event -> String? in
            guard case .statement(let header) = event else { return nil }
            return header.accountIdentifier
        }
        #expect(accounts == ["BANK", "CARD"])
    }

    /// A `CURDEF` after the transactions: they are in its currency, as before the one pass.
    @Test func aCurrencyAfterTheTransactionsStillCounts() throws {
        let text = Self.statement(2).replacingOccurrences(of: "<CURDEF>EUR\n", with: "").replacingOccurrences(of: "</STMTRS>", with: "<CURDEF>USD\n</STMTRS>")
        let amounts = try Self.events(text).compactMap { event -> Money? in
            guard case .transaction(let transaction) = event else { return nil }
            return transaction.amount
        }
        #expect(amounts.map(\.currency.code) == ["USD", "USD"])
    }
}
