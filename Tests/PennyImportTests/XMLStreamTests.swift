import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// The CAMT reader's libxml2 SAX stream (`XMLStream`): what it hands on and what it refuses.
struct XMLStreamTests {
    /// libxml2 reports a start tag before it finds that nothing ends it; the tag's own
    /// error is the file's, not what the reader would say about the half tag.
    @Test func aCutStartTagIsMalformedXML() {
        let text = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<BkToCstmrSt"
        #expect(ReaderErrorTests.rejection(text, name: "x.xml", reader: CAMTReader()) == "x.xml:3: error: malformed XML: Couldn't find end of Start Tag BkToCstmrSt")
    }
}
