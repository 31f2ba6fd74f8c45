import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Every QIF file of the corpus: the number of records, their sum to the cent, and the
/// first and last dates as the file writes them (docs/conformance.md).
struct QIFConformanceTests {
    /// How Penny reads each date text the corpus facts name (the file's own day/month order).
    static let readings: [String: String] = [
        "01/23/2019": "2019-01-23", "12/19/18": "2018-12-19", "07/15/24": "2024-07-15", "07/16/24": "2024-07-16",
        "6/24/2024": "2024-06-24", "6/23/2024": "2024-06-23", "2024-01-25": "2024-01-25", "01/25/2024": "2024-01-25",
        "2022-12-11": "2022-12-11", "2024-04-05": "2024-04-05", "2024/13/01": "2024-01-13", "2024'01'02": "2024-01-02",
        "20240102": "2024-01-02", "2003/01/27": "2003-01-27", "8/12/13": "2013-08-12", "3/3/13": "2013-03-03",
    ]

    @Test(arguments: Conformance.files("qif").filter { Conformance.expected[$0] != nil })
    func matchesTheCorpusFacts(file: String) throws {
        let facts = try #require(Conformance.expected[file], "no facts for \(file)")
        let outcome = try Conformance.read(file, with: QIFReader())
        let sections = (facts["sections"] as? [[String: Any]] ?? []).compactMap { $0["header"] as? String }
        let transactionSections = sections.filter { QIFParser.transactionTypes.contains($0.lowercased().replacingOccurrences(of: "!type:", with: "")) }
        #expect(outcome.headers.count == transactionSections.count, "\(file): statements")
        #expect(outcome.headers.allSatisfy { $0.accountIdentifier == nil }, "\(file): QIF names no account")
        #expect(outcome.transactions.count == facts["n_T_amounts"] as? Int, "\(file): count")
        let sum = outcome.transactions.reduce(Int64(0)) { $0 + Conformance.tenThousandths($1.amount) }
        #expect(sum == Conformance.tenThousandths(facts["sum_T"] as? String ?? "x"), "\(file): sum")
        let raw = try #require(facts["dates_raw_first_last"] as? [String])
        #expect(outcome.transactions.first?.date.description == Self.readings[raw[0]], "\(file): first date \(raw[0])")
        #expect(outcome.transactions.last?.date.description == Self.readings[raw[1]], "\(file): last date \(raw[1])")
        #expect(outcome.transactions.allSatisfy { $0.bankID == nil }, "\(file): QIF has no transaction ids")
    }

    @Test func payeeMemoAndCategoryAreKept() throws {
        let memo = try Conformance.read("qif/actual/data-payee-memo.qif", with: QIFReader()).transactions
        #expect(memo.map(\.description) == ["Payee Name", "Payee Name Only", "Note Only Text", ""])
        #expect(memo.map(\.memo) == ["Note Text", nil, nil, nil])
        let categories = try Conformance.read("qif/actual/data-with-categories.qif", with: QIFReader()).transactions
        #expect(categories.map(\.memo) == ["category: Usual Expenses:Shopping", "category: Groceries", "category: Food"])
        let check = try Conformance.read("qif/actual/tracking-number.qif", with: QIFReader()).transactions
        #expect(check.first?.type == "CHECK 1001")
        #expect(check.first?.location.line == 2)
    }
}
