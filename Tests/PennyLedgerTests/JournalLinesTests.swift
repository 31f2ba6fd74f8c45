import Foundation
import PennyCore
import Testing

@testable import PennyLedger

/// Every reading of a journal gets its lines from one loop (`JournalLines`), classified by
/// `JournalLine`: an indented `#` line is a comment and a blank line, of spaces too, ends a
/// transaction, in the blocks `recategorize` rewrites, the declarations scan and the
/// beancount export as in the reports' reader and the check.
struct JournalLinesTests {
    func journal(_ text: String) throws -> String {
        let path = temporaryDirectory().appendingPathComponent("j.journal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `recategorize`'s blocks took an indented `# note` for a third posting, so the entry
    /// was never recategorized (it needs two postings).
    @Test func theBlocksSkipAnIndentedHashComment() throws {
        let path = try journal("2024-01-01 x\n    ; id: 0123456789abcdef\n    # note\n    a  1.00 EUR\n    b  -1.00 EUR\n")
        let blocks = try JournalBlocks(path: path).blocks
        #expect(blocks.map { $0.postings.map(\.account) } == [["a", "b"]])
        #expect(blocks.first?.lines.count == 5)
    }

    /// `penny ledger declare` declared `account # note` for an indented `#` line and an empty
    /// account for a line of spaces, which also did not end the transaction.
    @Test func theDeclarationsScanReadsLinesAsTheReaderDoes() throws {
        let path = try journal("2024-01-01 x\n    # note\n    a  1.00 EUR\n    b\n   \n    c  1.00 USD\n")
        let names = try DeclarationScan.names(path: path)
        #expect(names.accounts == ["a", "b"])
        #expect(names.commodities == ["EUR"])
    }

    /// The beancount export took an indented `#` line for a posting and carried a
    /// transaction across a blank line.
    @Test func theExportEndsATransactionAtABlankLineAndSkipsHashComments() throws {
        let path = try journal("2024-01-01 x\n    a  1.00 EUR\n    # note\n    b\n\n    ; stray: tag\n    c  2.00 EUR\n")
        var read: [[String]] = []
        var tags: [[String]] = []
        try LedgerItemReader(defaultCurrency: .euro).forEach(path: path) { item in
            guard case .transaction(let t) = item else { return }
            read.append(t.postings.map(\.account))
            tags.append(t.tags.map(\.name))
        }
        #expect(read == [["a", "b"]])
        #expect(tags == [[]])
    }

    /// The id scan of an import's copy pass, the check and the include lines come from the
    /// same classified lines, fed in chunks that cut lines anywhere.
    @Test func theCopyPassReadsIdsIncludesAndTheCheckFromOneLoop() throws {
        let text =
            "include a.journal\n2024-01-01 x\r\n    ; id: 0123456789ABCDEF\n    a  1.00 EUR\n    b\n\n; note\n2024-01-02 y\n    ; id: 00000000000000ff\n    a  2.00 EUR\n    b\ninclude b.journal"
        let path = try journal(text)
        let bytes = Array(text.utf8)
        for cut in [1, 7, 64, bytes.count] {
            let ids = SpillingIDSet(near: path)
            var scanner = LedgerIDScanner(balances: StatementBalances(accounts: []), ids: ids)
            scanner.check = JournalCheck(path: path, defaultCurrency: .euro)
            var at = 0
            while at < bytes.count {
                scanner.scan(bytes[at..<min(at + cut, bytes.count)])
                at += cut
            }
            scanner.finish()
            #expect(ids.contains(0x0123_4567_89AB_CDEF) && ids.contains(0xFF) && ids.count == 2)
            let includes = scanner.includeLines
            #expect(includes.map { $0.0 } == ["a.journal", "b.journal"] && includes.map { $0.1 } == [1, 12])
            #expect(scanner.lineCount == 12)
            let totals: [Currency: Int64]? = try scanner.check?.finish(includes: includes)
            #expect(totals == [Currency.euro: 300])
        }
    }
}
