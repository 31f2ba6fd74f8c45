import PennyCore
import Testing

/// One answer to "which top-level account is this under?" for every part of Penny.
@Suite struct AccountNameTests {
    @Test(arguments: [
        ("expenses", AccountName.Root.expenses), ("expenses:food:groceries", .expenses), ("income:salary", .income),
        ("assets:bank:montepio", .assets), ("liabilities:card:visa", .liabilities), ("equity:opening-balances", .equity),
    ])
    func rootsAreTheFirstSegment(name: String, root: AccountName.Root) {
        #expect(AccountName(name).root == root)
        #expect(AccountName(name).isUnder(root))
        #expect(AccountName.root(of: name) == root)
    }

    @Test(arguments: ["expensesfood", "exp", "", "Expenses:food", ":expenses", "food:expenses", "income-tax"])
    func aPrefixThatIsNotASegmentIsUnderNothing(name: String) {
        #expect(AccountName(name).root == nil)
        #expect(!AccountName(name).isUnder(.expenses))
        #expect(!AccountName(name).isUnder(.income))
    }

    @Test func underAnotherAccountNeedsTheSegmentBoundary() {
        #expect(AccountName("expenses:food:groceries").isUnder(AccountName("expenses:food")))
        #expect(AccountName("expenses:food").isUnder(AccountName("expenses:food")))
        #expect(!AccountName("expenses:foodie").isUnder(AccountName("expenses:food")))
        #expect(!AccountName("expenses").isUnder(AccountName("expenses:food")))
    }

    @Test func balanceSheetAccountsAreAssetsAndLiabilities() {
        #expect(AccountName("assets").isBalanceSheet)
        #expect(AccountName("liabilities:card").isBalanceSheet)
        #expect(!AccountName("assetsx").isBalanceSheet)
        #expect(!AccountName("equity:opening").isBalanceSheet)
    }
}

/// The byte-level root lookup agrees with reading the name character by character.
struct AccountNameRootTests {
    @Test func bytesAgreeWithCharacters() {
        let pieces = ["assets", "expenses", "income", "liabilities", "equity", ":", "x", "é", "\u{301}", "\u{600}", "exp", "ASSETS", "a"]
        var g = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let name = (0..<Int.random(in: 0...4, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            let end = name.firstIndex(of: ":") ?? name.endIndex
            #expect(AccountName.root(of: name) == AccountName.Root(rawValue: String(name[..<end])), "\(name.unicodeScalars.map { $0.value })")
        }
    }
}
