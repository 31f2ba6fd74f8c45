import Foundation
import PennyTestSupport
import PennyCore
@testable import PennyImport
import Testing

/// One test per error message of the OFX, CAMT and JSON readers, with its location.
struct ReaderErrorTests {
    static func rejection(_ text: String, name: String, reader: some StatementReader) -> String? {
        let url = TestScratch.root.appendingPathComponent("penny-err-\(UUID().uuidString)-\(name)")
        try! Data(text.utf8).write(to: url)
        do throws(PennyError) {
            let probe = try FileProbe(url: url)
            try reader.read(probe, displayName: name, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { _ in }
            return nil
        } catch {
            return error.headline
        }
    }

    static let ofxHead = "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n"
    /// Closes what `ofxHead` and a transaction list open: a complete file but for its defect.
    static let ofxTail = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"

    @Test(arguments: [
        ("no OFX element here\n", "x.ofx:1: error: no <OFX> element: this is not an OFX file"),
        (ofxHead + "<CURDEF>EUR\n<BANKTRANLIST\n", "x.ofx:7: error: unterminated tag: expected '>'"),
        (ofxHead + "<CURDEF>EUR\n<BANK TRANLIST>\n", "x.ofx:7: error: malformed OFX tag '<BANK TRANLIST>'"),
        (ofxHead + "<CURDEF>EURO\n<BANKTRANLIST>\n" + ofxTail, "x.ofx:5: error: unknown currency 'EURO' in CURDEF"),
        (
            ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240301\n<TRNAMT>-1.00\n<NAME>SPO",
            "x.ofx:10: error: the file ends with <STMTTRN> still open: it was cut off (a download that stopped early?); nothing of it is imported"
        ),
        (ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240301\n</STMTTRN>\n" + ofxTail, "x.ofx:7: error: transaction without TRNAMT"),
        (ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<TRNAMT>-1.00\n</STMTTRN>\n" + ofxTail, "x.ofx:7: error: transaction without DTPOSTED"),
        (
            ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240230\n<TRNAMT>-1.00\n</STMTTRN>\n" + ofxTail,
            "x.ofx:8: error: cannot read DTPOSTED '20240230': expected a real date as YYYYMMDD, optionally with time and zone"
        ),
        (
            ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240301\n<TRNAMT>-1.005\n</STMTTRN>\n" + ofxTail,
            "x.ofx:9: error: cannot read TRNAMT '-1.005': amount has more than 2 decimals (EUR)"
        ),
        (
            ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240301\n<TRNAMT>-1.00\n<ORIGCURRENCY>\n<CURRATE>0,92\n<CURSYM>USD\n</ORIGCURRENCY>\n</STMTTRN>\n"
                + ofxTail,
            "x.ofx:11: error: cannot read CURRATE '0,92': expected a positive decimal like 0.9216"
        ),
        (
            ofxHead + "<CURDEF>EUR\n<BANKTRANLIST><STMTTRN>\n<DTPOSTED>20240301\n<TRNAMT>-90000000000000000.00\n<CURRENCY>\n<CURRATE>100\n<CURSYM>GBP\n</CURRENCY>\n</STMTTRN>\n"
                + ofxTail,
            "x.ofx:9: error: TRNAMT '-90000000000000000.00' at CURRATE 100 passes what Penny counts exactly"
        ),
    ])
    func ofxErrors(text: String, message: String) {
        #expect(Self.rejection(text, name: "x.ofx", reader: OFXReader()) == message)
    }

    static func camtDocument(_ entry: String, message: String = "BkToCstmrStmt") -> String {
        """
        <?xml version="1.0"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
        <\(message)><Stmt>
        <Acct><Id><IBAN>PT50</IBAN></Id></Acct>
        <Ntry>\(entry)</Ntry>
        </Stmt></\(message)>
        </Document>
        """
    }

    @Test(arguments: [
        (camtDocument("<CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>"), "x.xml:5: error: entry without Amt"),
        (camtDocument("<Amt Ccy=\"EUR\">1.00</Amt><BookgDt><Dt>2024-03-01</Dt></BookgDt>"), "x.xml:5: error: entry without CdtDbtInd (CRDT or DBIT)"),
        (camtDocument("<Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>"), "x.xml:5: error: entry without BookgDt or ValDt"),
        (
            camtDocument("<Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>01.03.2024</Dt></BookgDt>"),
            "x.xml:5: error: cannot read the entry date '01.03.2024': expected YYYY-MM-DD"
        ),
        (
            camtDocument("<Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CR</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>"),
            "x.xml:5: error: CdtDbtInd is 'CR': expected CRDT or DBIT"
        ),
        (
            camtDocument("<Amt Ccy=\"EUR\">1,00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>"),
            "x.xml:5: error: cannot read amount '1,00': unexpected character in amount (EUR)"
        ),
        (
            camtDocument("<Amt Ccy=\"EUR\">-50.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>"),
            "x.xml:5: error: Amt '-50.00' carries a sign: CAMT amounts are unsigned and CdtDbtInd (here DBIT) gives the sign"
        ),
        (
            camtDocument("", message: "BkToCstmrSomething"),
            "x.xml:3: error: unexpected CAMT message 'BkToCstmrSomething': expected BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn"
        ),
        (
            camtDocument(
                "<Amt Ccy=\"EUR\">92.21</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt><AmtDtls><InstdAmt><Amt Ccy=\"USD\">100.00</Amt><CcyXchg><XchgRate>1,0845</XchgRate></CcyXchg></InstdAmt></AmtDtls>"
            ),
            "x.xml:5: error: cannot read XchgRate '1,0845': expected a positive decimal like 1.0813"
        ),
        (
            camtDocument(
                "<Amt Ccy=\"USD\">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt></Ntry><Ntry><Amt Ccy=\"EUR\">9.21</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-03-02</Dt></BookgDt>"
            )
            .replacingOccurrences(of: "<IBAN>PT50</IBAN></Id>", with: "<IBAN>PT50</IBAN></Id><Ccy>USD</Ccy>"),
            "x.xml:5: error: the entry's Amt is in EUR but the account is in USD (Acct/Ccy): ISO 20022 books an entry in the account's currency, the original amount in AmtDtls/InstdAmt with CcyXchg; refused rather than mixing two currencies on one account"
        ),
        (
            camtDocument("<Amt Ccy=\"EURO\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>"),
            "x.xml:5: error: unknown currency 'EURO' in Ccy"
        ),
        (
            camtDocument("<Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt>")
                .replacingOccurrences(of: "<IBAN>PT50</IBAN></Id>", with: "<IBAN>PT50</IBAN></Id><Ccy>EURO</Ccy>"),
            "x.xml:3: error: unknown currency 'EURO' in Acct/Ccy"
        ),
        (camtDocument("<Amt>").replacingOccurrences(of: "</Ntry>", with: ""), "x.xml:6: error: malformed XML: Opening and ending tag mismatch: Amt line 5 and Stmt"),
    ])
    func camtErrors(text: String, message: String) {
        #expect(Self.rejection(text, name: "x.xml", reader: CAMTReader()) == message)
    }

    static func berlinDocument(_ item: String) -> String {
        "{\"account\": {\"iban\": \"DE89\"},\n\"transactions\": {\"booked\": [\n\(item)\n]}}"
    }

    @Test(arguments: [
        (
            "{\"hello\": 1}",
            "x.json:1: error: unrecognized JSON statement: expected Penny's format ({\"account\", \"transactions\": [...]}), Berlin Group/GoCardless ({\"transactions\": {\"booked\": [...]}}) or Plaid"
        ),
        (berlinDocument("{\"bookingDate\": \"2024-03-01\"}"), "x.json:3: error: transaction without an amount"),
        (berlinDocument("{\"bookingDate\": \"2024-03-01\", \"transactionAmount\": {\"amount\": \"1.00\", \"currency\": \"EURO\"}}"), "x.json:3: error: unknown currency 'EURO'"),
        (berlinDocument("{\"bookingDate\": \"01/03/2024\", \"transactionAmount\": {\"amount\": \"1.00\"}}"), "x.json:3: error: cannot read date '01/03/2024': expected YYYY-MM-DD"),
        (
            berlinDocument("{\"bookingDate\": \"2024-03-01\", \"transactionAmount\": {\"amount\": 1e3}}"),
            "x.json:3: error: cannot read amount '1e3': unexpected character in amount (EUR)"
        ),
        ("{\"a\": [1, 2", "x.json:1:12: error: malformed JSON: unexpected end of file: expected ',' or ']'"),
        ("{\"a\" 1}", "x.json:1:6: error: malformed JSON: expected ':' after a member name"),
        ("{\"a\": tru}", "x.json:1:7: error: malformed JSON: expected 'true'"),
        ("{\"a\": \"x\ny\"}", "x.json:1:9: error: malformed JSON: control character in a string"),
        ("{\"a\": \"\\q\"}", "x.json:1:9: error: malformed JSON: unknown escape '\\q'"),
        ("{\"a\": -}", "x.json:1:8: error: malformed JSON: expected digits in a number"),
        ("{} x", "x.json:1:4: error: malformed JSON: unexpected text after the JSON value"),
    ])
    func jsonErrors(text: String, message: String) {
        #expect(Self.rejection(text, name: "x.json", reader: JSONReader()) == message)
    }
}
