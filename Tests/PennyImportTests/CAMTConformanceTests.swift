import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Every CAMT file of the corpus: counts (batches split), sums, dates, accounts and balances
/// as the independent parse found them, or a rejection listed in docs/conformance.md.
struct CAMTConformanceTests {
    static let rejections: [String: String] = [
        "camt/genkgo-camt/camt052.v6.Amt-zero.xml": "the entry's Amt is in SEK but the account is in CHF (its balances)",
        "camt/genkgo-camt/camt053.v2.wrong.xml": "no statement (Stmt, Rpt or Ntfctn) in this CAMT document",
        "camt/ofxstatement-iso20022/unsupported.xml": "not a CAMT document: namespace 'urn:weird-namespace'",
    ]

    @Test(arguments: Conformance.files("camt").filter { Conformance.expected[$0] != nil })
    func matchesTheCorpusFacts(file: String) throws {
        let facts = try #require(Conformance.expected[file]?["etree"] as? [String: Any], "no facts for \(file)")
        guard let outcome = Conformance.readOrExpectRejection(file, with: CAMTReader(), rejections: Self.rejections) else { return }
        let statements = facts["statements"] as? [[String: Any]] ?? []
        #expect(outcome.headers.count == statements.count, "\(file): statements")
        var remaining = outcome.transactions[...]
        for (header, expected) in zip(outcome.headers, statements) {
            #expect(header.accountIdentifier == expected["account_id"] as? String, "\(file): account")
            let count = expected["expected_txn_count_if_batches_split"] as? Int ?? -1
            let mine = remaining.prefix(count)
            remaining = remaining.dropFirst(count)
            #expect(mine.count == count, "\(file): count")
            let sum = mine.reduce(Int64(0)) { $0 + Conformance.tenThousandths($1.amount) }
            #expect(sum == Conformance.tenThousandths(expected["sum_signed"] as? String ?? "x"), "\(file): sum")
            if let dates = expected["booking_date"] as? [String: Any], let first = dates["first_in_file"] as? String {
                #expect(mine.first?.date.description == String(first.prefix(10)), "\(file): first date")
            }
            let opening = (expected["opening_balance"] as? String).flatMap(Conformance.tenThousandths)
            let closing = (expected["closing_balance"] as? String).flatMap(Conformance.tenThousandths)
            #expect(header.opening.map { Conformance.tenThousandths($0.amount) } == opening, "\(file): opening balance")
            #expect(header.closing.map { Conformance.tenThousandths($0.amount) } == closing, "\(file): closing balance")
            let pending = (expected["entry_status"] as? [String: Int])?["PDNG"] ?? 0
            #expect(mine.filter(\.isPending).count == pending, "\(file): pending")
        }
        #expect(remaining.isEmpty, "\(file): transactions outside the statements")
    }
}
