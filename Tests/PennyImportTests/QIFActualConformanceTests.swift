import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Actual Budget's `qif-category.qif` as its `parse-file.test.ts` expects it ("qif import
/// preserves categories"): two transactions, payees `Outlet` and `GroceriesYou`, categories
/// `Shopping` and `Groceries` (Actual keeps the last part of `Usual Expenses:Shopping`;
/// Penny keeps the whole name in the memo for its rules), with the amounts the `T` lines
/// write.
struct QIFActualConformanceTests {
    @Test func payeesAndCategoriesAreKept() throws {
        let t = try Conformance.read("qif/actual/qif-category.qif", with: QIFReader()).transactions
        #expect(t.map(\.payee) == ["Outlet", "GroceriesYou"])
        let categories = t.map { $0.memo?.components(separatedBy: "category: ").last?.components(separatedBy: ":").last }
        #expect(categories == ["Shopping", "Groceries"])
        #expect(t.map(\.amount.minorUnits) == [-10058, -2015])
        #expect(t.map(\.date.description) == ["2024-06-24", "2024-06-23"])
    }
}
