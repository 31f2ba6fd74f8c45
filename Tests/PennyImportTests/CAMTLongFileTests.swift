import Foundation
import PennyCore
import PennyImport
import PennyTestSupport
import Testing

/// Lines past 65,535 (a tree node's 16 bits) are named as they are: an entry's source and
/// an error's location in a large statement.
@Suite struct CAMTLongFileTests {
    /// A statement of `entries` entries, one line each after the header lines, the last
    /// one written by `last`.
    static func statement(entries: Int, last: String) -> String {
        var text = """
            <?xml version="1.0"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
            <BkToCstmrStmt><Stmt>
            <Acct><Id><IBAN>PT50</IBAN></Id></Acct>

            """
        let entry = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-03-01</Dt></BookgDt></Ntry>\n"
        text.reserveCapacity(entries * entry.utf8.count)
        for _ in 0..<(entries - 1) { text += entry }
        return text + last + "\n</Stmt></BkToCstmrStmt>\n</Document>\n"
    }

    private func read(_ text: String) -> (lines: [Int], error: String?) {
        let url = TestScratch.root.appendingPathComponent("penny-long-\(UUID().uuidString).xml")
        try! Data(text.utf8).write(to: url)
        var lines: [Int] = []
        do throws(PennyError) {
            try CAMTReader().read(try FileProbe(url: url), displayName: "long.xml", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
                if case .transaction(let t) = event { lines.append(t.location.line) }
            }
            return (lines, nil)
        } catch {
            return (lines, error.headline)
        }
    }

    @Test func anEntryPastLine65535KeepsItsLine() {
        let result = read(Self.statement(entries: 70_000, last: "<Ntry><Amt Ccy=\"EUR\">2.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-02</Dt></BookgDt></Ntry>"))
        #expect(result.error == nil)
        #expect(result.lines.count == 70_000)
        // Entries start on line 5: the last one is on line 70,004.
        #expect(result.lines.last == 70_004)
    }

    @Test func anErrorPastLine65535NamesItsLine() {
        let result = read(Self.statement(entries: 70_000, last: "<Ntry><Amt Ccy=\"EUR\">1,00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-03-02</Dt></BookgDt></Ntry>"))
        #expect(result.error == "long.xml:70004: error: cannot read amount '1,00': unexpected character in amount (EUR)")
    }
}
