import Foundation
import Testing

/// The OFX reader reads the XML once: a statement's header goes out before its
/// transactions and its closing balance (LEDGERBAL, after them in the file) after them, so
/// the `; statement-balance:` line follows the statement's entries; and a file whose XML
/// breaks after transactions already reached the importer is still rejected whole.
@Suite(.serialized) struct OFXOnePassEndToEndTests {
    @Test func theStatementBalanceLineComesAfterTheStatementsEntries() throws {
        let w = try Workspace()
        let result = try w.penny("import", "samples/visa-2024-03.ofx")
        #expect(result.status == 0, "\(result.stderr)")
        let journal = try w.text("ledger.journal")
        let balance = try #require(journal.range(of: "\n; statement-balance: liabilities:card:visa closing 2024-03-31 -103.18 EUR id "))
        #expect(journal[..<balance.lowerBound].components(separatedBy: "; source: samples/visa-2024-03.ofx:").count == 8, "all 7 entries before it")
        #expect(!journal[balance.upperBound...].contains("; source: samples/visa-2024-03.ofx:"))
    }

    /// 3,000 transactions (about 400 KB, several of the reader's 64 KiB parts), the last
    /// one's name holding a control character libxml2 refuses: the transactions before it
    /// reach the importer before the XML breaks, and nothing of the file is written.
    @Test func aFileWhoseXMLBreaksAfterSomeTransactionsIsRejectedWithNothingWritten() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples/aib-2024-03.csv").status == 0)
        let before = try w.bytes("ledger.journal")
        let declarations = try w.bytes("ledger.journal.declarations.journal")
        let ofx = String(decoding: try w.bytes("samples/visa-2024-03.ofx"), as: UTF8.self)
        let head = try #require(ofx.range(of: "<STMTTRN>"))
        let tail = try #require(ofx.range(of: "</BANKTRANLIST>"))
        var body = ""
        for n in 0..<3000 {
            let name = n == 2999 ? "BROKEN \u{11} NAME" : "SHOP \(n)"
            body += "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240303\n<TRNAMT>-1.00\n<FITID>BIG\(n)\n<NAME>\(name)\n</STMTTRN>\n"
        }
        let big = String(ofx[..<head.lowerBound]) + body + String(ofx[tail.lowerBound...])
        try Data(big.utf8).write(to: w.url.appendingPathComponent("big.ofx"))
        let line = big.components(separatedBy: "BROKEN")[0].utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1

        let result = try w.penny("import", "big.ofx")
        #expect(result.status == 1)
        #expect(result.stderr == "big.ofx:\(line): error: malformed XML: PCDATA invalid Char value 17\n")
        #expect(result.stdout.hasPrefix("big.ofx: rejected, nothing imported\n"))
        #expect(try w.bytes("ledger.journal") == before)
        // As for a CSV rejected mid-way, the names of the entries rolled back may be declared
        // (harmless, DeclarationsKeeper): the declarations only grow.
        let declared = String(decoding: try w.bytes("ledger.journal.declarations.journal"), as: UTF8.self)
        #expect(Set(String(decoding: declarations, as: UTF8.self).split(separator: "\n")).isSubset(of: Set(declared.split(separator: "\n"))))
    }
}
