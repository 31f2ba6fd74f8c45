import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Every JSON file of the corpus: booked and pending counts and sums per currency, dates
/// as written, the account; or a rejection listed in docs/conformance.md.
struct JSONConformanceTests {
    static let rejections: [String: String] = [
        "json/xs2a-adapter/commerzbank-adapter/commerzbank-transactions-report.json": "transaction without bookingDate or valueDate"
    ]

    @Test(arguments: Conformance.files("json"))
    func matchesTheCorpusFacts(file: String) throws {
        let facts = try #require(Conformance.expected[file], "no facts for \(file)")
        guard let outcome = Conformance.readOrExpectRejection(file, with: JSONReader(), rejections: Self.rejections) else { return }
        #expect(!outcome.headers.isEmpty, "\(file): no statement")
        for (key, isPending) in [("booked", false), ("pending", true)] {
            guard let expected = facts[key] as? [String: Any] else { continue }
            let mine = outcome.transactions.filter { $0.isPending == isPending }
            #expect(mine.count == expected["count"] as? Int, "\(file): \(key) count")
            for (code, sum) in expected["sum_by_currency"] as? [String: String] ?? [:] {
                let total = mine.filter { $0.amount.currency.code == code }.reduce(Int64(0)) { $0 + Conformance.tenThousandths($1.amount) }
                #expect(total == Conformance.tenThousandths(sum), "\(file): \(key) sum \(code)")
            }
            if let dates = expected["booking_date"] as? [String: Any], let first = dates["first_in_file"] as? String, let last = dates["last_in_file"] as? String {
                #expect(mine.first?.date.description == first, "\(file): \(key) first date")
                #expect(mine.last?.date.description == last, "\(file): \(key) last date")
            }
        }
        if let account = facts["account"] as? [String: Any] {
            #expect(outcome.headers.first?.accountIdentifier == account["iban"] as? String, "\(file): account")
            #expect(outcome.headers.first?.currency.code == account["currency"] as? String, "\(file): currency")
        }
    }
}
