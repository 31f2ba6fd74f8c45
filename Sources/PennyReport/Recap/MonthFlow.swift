import PennyCore
import PennyLedger

/// One calendar month's money in and out in the report's currency, as a recap's chart,
/// average and trends read it: income, expenses, whether any moved, and each category's
/// spending at the recap's depth. Counted alike by a recap's own reading (`RecapBuilder`)
/// and by `MonthlyRecapTotals`.
struct MonthFlow: Sendable {
    /// Money in on income accounts.
    var income: Int64 = 0
    /// Money out on expense accounts.
    var expenses: Int64 = 0
    /// True once an income or expense posting counted.
    var seen = false
    /// Each expense category's spending.
    var byCategory: [String: Int64] = [:]

    /// Counts a posting in the report's currency (only income and expense accounts move it).
    mutating func add(_ posting: Posting, depth: Int) throws(MoneyError) {
        let root = AccountName.root(of: posting.account)
        if root == .income {
            try income.subtract(checked: posting.amount.minorUnits)
            seen = true
        }
        if root == .expenses {
            try expenses.add(checked: posting.amount.minorUnits)
            seen = true
            try byCategory.add(checked: posting.amount.minorUnits, to: AccountName.group(posting.account, depth: depth))
        }
    }
}
