import Foundation
import PennyTestSupport
import PennyCore
import PennyLedger
import Testing

/// A sum made from a journal's postings that would pass 64 bits stops the read at the line
/// of the transaction that caused it.
struct JournalReaderOverflowTests {
    @Test func aSumThatOverflowsNamesTheTransactionsLine() throws {
        let path = TestScratch.root.appendingPathComponent("penny-overflow-\(UUID().uuidString).journal").path
        try """
        2024-03-01 * First
            expenses:food  30000000000000000.00 EUR
            assets:bank

        2024-03-02 * Second
            expenses:food  30000000000000000.00 EUR
            assets:bank

        """.write(toFile: path, atomically: true, encoding: .utf8)
        var total: Int64 = 0
        do throws(PennyError) {
            try JournalReader(defaultCurrency: .euro).forEachPosting(path: path) { (p) throws(MoneyError) in
                // Counted twice, as a report that adds a posting to two totals would: the
                // amounts pass the reader's own guard, the doubled sum does not fit.
                guard p.account == "expenses:food" else { return }
                try total.add(checked: p.amount.minorUnits)
                try total.add(checked: p.amount.minorUnits)
            }
            Issue.record("the read should have stopped")
        } catch {
            #expect(error.location == SourceLocation(file: path, line: 5))
            #expect(error.message.hasPrefix("a sum of amounts passes what Penny counts exactly"))
        }
    }
}
