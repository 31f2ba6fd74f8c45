import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// KMyMoney's `bug-337405.qif`, as its `test-mymoneyqifreader.cpp` expects it: one
/// statement whose closing balance is the `!Account` block's `$1234.56` on `/31/12/2025`
/// (day first, as the test sets and the file's `D30/12/2025` proves), and its one
/// transaction.
struct QIFKMyMoneyConformanceTests {
    @Test func oneStatementWithTheAccountsBalance() throws {
        let outcome = try Conformance.read("qif/kmymoney/bug-337405.qif", with: QIFReader())
        #expect(outcome.headers.count == 1)
        #expect(outcome.headers.first?.closing?.amount.minorUnits == 123_456)
        #expect(outcome.headers.first?.closing?.date.description == "2025-12-31")
        #expect(outcome.transactions.map(\.amount.minorUnits) == [10000])
        #expect(outcome.transactions.map(\.date.description) == ["2025-12-30"])
    }
}
