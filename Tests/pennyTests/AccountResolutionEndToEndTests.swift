import Foundation
import Testing

/// A checking account whose IBAN ends in the same digits as a card declared `*4321`: every
/// reader files the IBAN's statement under the checking account, the card's under the card.
@Suite(.serialized) struct AccountResolutionEndToEndTests {
    /// The card is declared first, so a first-match resolution would take the IBAN.
    static let rules = """
        default currency EUR

        account liabilities:card:visa
          id *4321
          type card

        account assets:bank:checking
          id "PT50 0036 0000 0000 0123 4432 1"

        """

    static let iban = "PT50003600000000012344321"

    static let ofx = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        CHARSET:1252

        <OFX>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS>
        <CURDEF>EUR
        <BANKACCTFROM><BANKID>0036<ACCTID>\(iban)<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240301<DTEND>20240331
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240304<TRNAMT>-12.00<FITID>B-1<NAME>PADARIA</STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-12.00<DTASOF>20240331</LEDGERBAL>
        </STMTRS>
        </STMTTRNRS></BANKMSGSRSV1>
        </OFX>

        """

    static let cardOFX = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        CHARSET:1252

        <OFX>
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <CCSTMTRS>
        <CURDEF>EUR
        <CCACCTFROM><ACCTID>4111111111114321</CCACCTFROM>
        <BANKTRANLIST><DTSTART>20240301<DTEND>20240331
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240305<TRNAMT>-7.00<FITID>C-1<NAME>CINEMA</STMTTRN>
        </BANKTRANLIST>
        </CCSTMTRS>
        </CCSTMTTRNRS></CREDITCARDMSGSRSV1>
        </OFX>

        """

    static let camt = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
          <BkToCstmrStmt><Stmt><Id>S1</Id>
            <Acct><Id><IBAN>\(iban)</IBAN></Id><Ccy>EUR</Ccy></Acct>
            <Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
              <BookgDt><Dt>2024-03-06</Dt></BookgDt><AcctSvcrRef>C-1</AcctSvcrRef>
              <AddtlNtryInf>JUROS</AddtlNtryInf></Ntry>
          </Stmt></BkToCstmrStmt>
        </Document>

        """

    static let berlinGroup = """
        {"account": {"iban": "\(iban)", "currency": "EUR"},
         "transactions": {"booked": [{"transactionId": "J-1", "bookingDate": "2024-03-07",
           "transactionAmount": {"amount": "-3.00", "currency": "EUR"},
           "remittanceInformationUnstructured": "KIOSK"}]}}

        """

    static let pennyJSON = """
        {"account": {"id": "pt50 0036 0000 0000 0123 4432 1", "currency": "EUR"},
         "transactions": [{"id": "P-1", "date": "2024-03-08", "amount": "-4.00", "description": "BAKERY"}]}

        """

    func workspace(_ files: [String: String]) throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try Self.rules.write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(toFile: w.path(name), atomically: true, encoding: .utf8) }
        return w
    }

    /// Each posting line's account and amount, from the ledger as written.
    func postings(_ w: Workspace) throws -> [String] {
        try w.text("ledger.journal").split(separator: "\n").filter { $0.hasPrefix("    ") && !$0.hasPrefix("    ;") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ") }
    }

    @Test(arguments: ["bank.ofx", "bank.camt.xml", "bank-berlin-group.json", "bank-penny.json"])
    func theIBANsStatementGoesToTheIBANsAccountNotTheCard(file: String) throws {
        let texts = ["bank.ofx": Self.ofx, "bank.camt.xml": Self.camt, "bank-berlin-group.json": Self.berlinGroup, "bank-penny.json": Self.pennyJSON]
        let w = try workspace([file: try #require(texts[file])])
        let result = try w.penny("import", file)
        #expect(result.status == 0, "\(result.stderr)")
        let own = try postings(w).filter { $0.hasPrefix("assets:") || $0.hasPrefix("liabilities:") }
        #expect(own.count == 1)
        #expect(own.allSatisfy { $0.hasPrefix("assets:bank:checking ") })
    }

    @Test func theCardsStatementStillGoesToTheCard() throws {
        let w = try workspace(["card.ofx": Self.cardOFX, "bank.ofx": Self.ofx])
        #expect(try w.penny("import", "card.ofx", "bank.ofx").status == 0)
        let own = try postings(w).filter { $0.hasPrefix("assets:") || $0.hasPrefix("liabilities:") }
        #expect(own == ["liabilities:card:visa -7.00", "assets:bank:checking -12.00"])
    }

    @Test func twoCardsClaimingOneStatementStopImportAndRulesCheckNamingBothBlocks() throws {
        let w = try workspace(["card.ofx": Self.cardOFX])
        try (Self.rules + "account liabilities:card:other\n  id *321\n").write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        let message =
            "rules/accounts.rules:9:1: error: id '*321' of liabilities:card:other and id '*4321' of liabilities:card:visa (rules/accounts.rules:3:1) can both claim one statement"
        let check = try w.penny("rules", "check")
        #expect(check.status == 2)
        #expect(check.stderr.contains(message))
        let result = try w.penny("import", "card.ofx")
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal")))
    }
}
