import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// XML that once crashed, crawled or was read silently wrong: deep nesting, entities.
struct HostileXMLTests {
    static let camtHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S</Id>
        <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>

        """
    static let entry = """
        <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
        <NtryDtls><TxDtls><RmtInf><Ustrd>TEXT</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>

        """
    static let camtTail = "</Stmt></BkToCstmrStmt></Document>\n"

    /// CAMT with 100,000 levels inside Ustrd took 97 s; now the depth is bounded.
    @Test func deepNestingInACAMTIsRefusedAtItsLine() {
        let deep = Self.entry.replacingOccurrences(of: "TEXT", with: String(repeating: "<a>", count: 100_000) + "x" + String(repeating: "</a>", count: 100_000))
        #expect(
            ReaderErrorTests.rejection(Self.camtHead + deep + Self.camtTail, name: "x.xml", reader: CAMTReader())
                == "x.xml:5: error: elements nested more than 256 deep: not a bank statement")
    }

    /// OFX 2.x nested 100,000 deep segfaulted (exit 139).
    @Test func deepNestingInAnOFXIsRefusedAtItsLine() {
        let text =
            "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"220\"?>\n<OFX>" + String(repeating: "<A>", count: 100_000) + String(repeating: "</A>", count: 100_000)
            + "</OFX>\n"
        #expect(ReaderErrorTests.rejection(text, name: "x.ofx", reader: OFXReader()) == "x.ofx:3: error: malformed XML: Excessive depth in document: 256 use XML_PARSE_HUGE option")
    }

    /// External entities were never resolved and entities never expanded, but the file was
    /// imported with the entity as text or "no description". Now it is refused.
    @Test func aCAMTDeclaringEntitiesIsRefused() {
        let text =
            Self.camtHead.replacingOccurrences(
                of: "?>\n", with: "?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM \"file:///etc/passwd\"><!ENTITY lol \"lol\">]>\n", options: [], range: nil)
            + Self.entry.replacingOccurrences(of: "TEXT", with: "&xxe;&lol;") + Self.camtTail
        let error = ReaderErrorTests.rejection(text, name: "x.xml", reader: CAMTReader())
        #expect(error?.hasPrefix("x.xml:") == true)
        #expect(
            error?.hasSuffix("error: the file declares XML entities (a DOCTYPE with <!ENTITY>); Penny does not expand them, and a bank statement has none") == true,
            "\(error ?? "")")
    }

    @Test func anOFXDeclaringEntitiesIsRefused() {
        let text = "OFXHEADER:100\nDATA:OFXSGML\n\n<!DOCTYPE OFX [<!ENTITY e \"x\">]>\n<OFX>\n<BANKMSGSRSV1>\n"
        #expect(
            ReaderErrorTests.rejection(text, name: "x.ofx", reader: OFXReader())
                == "x.ofx:4: error: the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none")
    }

    /// A parameter entity (`<!ENTITY % p SYSTEM ...> %p;`) was not seen as an entity and the
    /// file was imported; libxml2 did not load it, but nothing said the file was hostile.
    @Test func aCAMTDeclaringAParameterEntityIsRefusedAtTheDoctype() {
        let text =
            Self.camtHead.replacingOccurrences(
                of: "?>\n", with: "?>\n<!DOCTYPE Document [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>\n", options: [], range: nil)
            + Self.entry + Self.camtTail
        #expect(
            ReaderErrorTests.rejection(text, name: "x.xml", reader: CAMTReader())
                == "x.xml:2: error: the file declares XML entities (a DOCTYPE with <!ENTITY>); Penny does not expand them, and a bank statement has none")
    }

    /// Entity expansion is bounded by never expanding: a billion laughs is refused at its DOCTYPE.
    @Test func aBillionLaughsIsRefusedBeforeAnyExpansion() {
        let laughs =
            "<!DOCTYPE Document [<!ENTITY l0 \"lol\">"
            + (1...9).map { "<!ENTITY l\($0) \"\(String(repeating: "&l\($0 - 1);", count: 10))\">" }.joined() + "]>\n"
        let camt = Self.camtHead.replacingOccurrences(of: "?>\n", with: "?>\n" + laughs) + Self.entry.replacingOccurrences(of: "TEXT", with: "&l9;") + Self.camtTail
        let ofx = "<?xml version=\"1.0\"?>\n" + laughs.replacingOccurrences(of: "Document", with: "OFX") + "<OFX><NAME>&l9;</NAME></OFX>\n"
        let started = Date()
        #expect(
            ReaderErrorTests.rejection(camt, name: "x.xml", reader: CAMTReader())
                == "x.xml:2: error: the file declares XML entities (a DOCTYPE with <!ENTITY>); Penny does not expand them, and a bank statement has none")
        #expect(
            ReaderErrorTests.rejection(ofx, name: "x.ofx", reader: OFXReader())
                == "x.ofx:2: error: the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// An external DTD was never loaded (no XML_PARSE_DTDLOAD, no network) and the statement
    /// was imported without a word; now the file is refused, naming it.
    @Test func aStatementNamingAnExternalDTDIsRefused() {
        let camt =
            Self.camtHead.replacingOccurrences(of: "?>\n", with: "?>\n<!DOCTYPE Document SYSTEM \"file:///etc/passwd\">\n", options: [], range: nil)
            + Self.entry + Self.camtTail
        #expect(
            ReaderErrorTests.rejection(camt, name: "x.xml", reader: CAMTReader())
                == "x.xml:2: error: the file names an external DTD ('file:///etc/passwd'); Penny never loads one, and a bank statement needs none")
        let ofx = "<?xml version=\"1.0\"?>\n<!DOCTYPE OFX PUBLIC \"-//x//EN\" \"file:///etc/passwd\">\n<OFX>\n"
        #expect(
            ReaderErrorTests.rejection(ofx, name: "x.ofx", reader: OFXReader())
                == "x.ofx:2: error: the file names an external DTD ('file:///etc/passwd'); Penny never loads one, and a bank statement needs none")
    }
}
