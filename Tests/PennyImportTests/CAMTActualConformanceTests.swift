import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Actual Budget's `camt.053.xml` against Actual's own snapshot
/// (`parse-file.test.ts.snap`, "CAMT.053 import works"): seven transactions, the batch of
/// two `TxDtls` (TxAmt 2.25 and 1.20) split, amounts in cents. Actual dates an entry by its
/// value date; Penny books the booking date and keeps a differing value date beside it.
struct CAMTActualConformanceTests {
    static let snapshot: [(date: String, cents: Int64)] = [
        ("2013-12-30", 60), ("2013-12-30", 50), ("2024-03-11", -8985), ("2014-01-05", 120), ("2024-03-12", -8000), ("2014-01-03", 225),
        ("2014-01-03", 120),
    ]

    @Test func matchesActualsSnapshot() throws {
        let outcome = try Conformance.read("camt/actual/camt.053.xml", with: CAMTReader())
        let t = outcome.transactions
        #expect(t.map(\.amount.minorUnits) == Self.snapshot.map(\.cents))
        #expect(t.map { ($0.valueDate ?? $0.date).description } == Self.snapshot.map(\.date))
        #expect(t.map(\.date.description) == ["2013-12-30", "2013-12-30", "2024-03-12", "2014-01-07", "2024-03-12", "2014-01-03", "2014-01-03"])
        #expect(outcome.headers.map { $0.closing?.amount.minorUnits } == [2761])
    }
}
