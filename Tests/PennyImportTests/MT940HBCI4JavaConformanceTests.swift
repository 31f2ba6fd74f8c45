import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// hbci4java's two MT940 test files (CRLF; `:61:` with and without its entry date):
/// its `TestMT940Parse` expects two lines from each, and each file's own balances
/// (100,00 to 103,00) give their sum.
struct MT940HBCI4JavaConformanceTests {
    @Test(arguments: ["mt940/hbci4java/test-mt940-001.sta", "mt940/hbci4java/test-mt940-002.sta"])
    func twoLinesAddingUpToTheBalances(file: String) throws {
        let outcome = try Conformance.read(file, with: MT940Reader())
        #expect(outcome.transactions.count == 2)
        #expect(outcome.transactions.map(\.amount.minorUnits).reduce(0, +) == 300)
        #expect(outcome.transactions.allSatisfy { $0.date.description == "2023-02-09" })
        #expect(outcome.headers.map { $0.closing?.amount.minorUnits } == [10300])
    }
}
