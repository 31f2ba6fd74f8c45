import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// GnuCash's QIF date-format files (`gnucash/import-export/qif-imp/test/date-formats/`):
/// every transaction's date as GnuCash's own `test-qif-date-formats.scm` expects it (its
/// intended reading: `2024/01/02` is 2 January, `02/03/2024` 3 February), in file order,
/// with the amount each `T` line writes. Prices (`!Type:Prices`) and securities are lists,
/// not movements.
struct QIFGnuCashConformanceTests {
    static let four = ["10.00", "20.00", "30.00", "40.00"]
    static let lastFirst = ["20.00", "30.00", "40.00", "10.00"]

    static let expected: [String: [(String, String)]] = [
        "ymd-slash.qif": [("2024-01-02", "10.00")],
        "ymd-hyphen.qif": [("2024-01-02", "10.00")],
        "ymd-dot.qif": [("2024-01-02", "10.00")],
        "ymd-day13.qif": [("2024-01-13", "10.00")],
        "year-first-equal-parts.qif": [("2024-03-03", "10.00")],
        "mixed-price-ymd-transaction-mdy.qif": [("2024-02-03", "10.00")],
        "price-and-transaction-ymd.qif": [("2024-01-02", "10.00")],
        "price-ymd-transaction-unambiguous.qif": [("2024-01-13", "10.00")],
        "iso-multi-day31-first.qif": Array(zip(["2022-12-31", "2023-01-02", "2023-02-03", "2023-12-11"], four)),
        "iso-multi-day31-last.qif": Array(zip(["2023-01-02", "2023-02-03", "2023-12-11", "2022-12-31"], lastFirst)),
        "iso-multi-days-at-most12.qif": Array(zip(["2022-12-11", "2023-01-02", "2023-02-03", "2024-04-05"], four)),
        "iso-multi-equal-month-day.qif": Array(zip(["2022-12-12", "2023-01-01", "2023-02-02", "2024-03-03"], four)),
        "iso-multi-prices-day31.qif": Array(zip(["2023-01-02", "2023-02-03", "2023-12-11", "2022-12-31"], lastFirst)),
    ]

    @Test(arguments: expected.keys.sorted())
    func everyDateAsGnuCashMeansIt(name: String) throws {
        let outcome = try Conformance.read("qif/gnucash/date-formats/\(name)", with: QIFReader())
        let mine = outcome.transactions.map { ($0.date.description, Conformance.tenThousandths($0.amount)) }
        let theirs = try #require(Self.expected[name]).map { ($0.0, Conformance.tenThousandths($0.1)) }
        #expect(mine.map(\.0) == theirs.map(\.0), "\(name): dates")
        #expect(mine.map(\.1) == theirs.map(\.1), "\(name): amounts")
        #expect(outcome.headers.count == 1, "\(name): one bank section")
    }
}
