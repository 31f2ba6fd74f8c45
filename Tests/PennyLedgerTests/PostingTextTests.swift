import Foundation
import PennyCore
import PennyLedger
import PennyTestSupport
import Testing

/// One reading of a posting line for the reader, the balances kept while copying, and the
/// blocks recategorize and uncategorized look at.
struct PostingTextTests {
    @Test(
        arguments: [
            ("    expenses:food  12.30 EUR", "expenses:food", "12.30 EUR"),
            ("\tassets:bank:my account\t-5 EUR ; a note", "assets:bank:my account", "-5 EUR ; a note"),
            ("    assets:revolut:usd      100.00 USD @@ 92.50 EUR", "assets:revolut:usd", "100.00 USD @@ 92.50 EUR"),
            ("    assets:bank", "assets:bank", nil),
        ] as [(String, String, String?)])
    func theAccountEndsAtTwoSpacesOrATab(line: String, account: String, rest: String?) {
        let split = PostingText.split(line)
        #expect(split.account == account)
        #expect(split.rest == rest)
    }

    @Test(arguments: [
        ("12.30 EUR", Money(minorUnits: 1230, currency: .euro)), ("EUR -12.30", Money(minorUnits: -1230, currency: .euro)),
        ("12.30", Money(minorUnits: 1230, currency: .euro)), ("-5 EUR ; a note", Money(minorUnits: -500, currency: .euro)),
        ("100.00 USD @@ 92.50 EUR", Money(minorUnits: 10000, currency: Currency(code: "USD")!)),
        ("1000 JPY = 5000 JPY", Money(minorUnits: 1000, currency: Currency(code: "JPY")!)),
    ])
    func theAmountEndsAtACommentACostOrAnAssertion(text: String, money: Money) {
        #expect(PostingText.money(text, defaultCurrency: .euro) == money)
    }

    @Test(arguments: ["12.30 EURO", "12,30 EUR", "twelve EUR", "1 2 EUR", "12.305 EUR", ""])
    func whatCannotBeReadExactlyIsNil(text: String) {
        #expect(PostingText.money(text, defaultCurrency: .euro) == nil)
    }

    @Test func aBareNumberNeedsADefaultCurrency() {
        #expect(PostingText.money("12.30", defaultCurrency: nil) == nil)
    }

    /// The journal reader and `PostingText` read the same postings the same way, on random
    /// lines in every form the grammar allows.
    @Test func theReaderAgrees() throws {
        var random = SeededGenerator(seed: 20_261_124)
        var text = ""
        var expected: [(String, Money)] = []
        for n in 0..<300 {
            let account = ["expenses:food", "assets:bank:my account", "income:salary", "liabilities:card"].randomElement(using: &random)!
            let units = Int64.random(in: -9_999_999...9_999_999, using: &random)
            let money = Money(minorUnits: units, currency: .euro)
            let amount = [money.description, "EUR \(money.decimalString)", money.decimalString].randomElement(using: &random)!
            let tail = ["", " ; note", " = 5.00 EUR", "  ; id: x"].randomElement(using: &random)!
            let separator = ["  ", "\t", "      "].randomElement(using: &random)!
            text += "2024-03-\(String(format: "%02d", n % 28 + 1)) * T\(n)\n    \(account)\(separator)\(amount)\(tail)\n    equity:other\n\n"
            expected.append((account, money))
            #expect(PostingText.split("    \(account)\(separator)\(amount)\(tail)").account == account)
            #expect(PostingText.money(amount + tail, defaultCurrency: .euro) == money)
        }
        let path = TestScratch.root.appendingPathComponent("posting-text-\(UUID().uuidString).journal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var read: [(String, Money)] = []
        try JournalReader(defaultCurrency: .euro).forEachPosting(path: path) { p in if p.account != "equity:other" { read.append((p.account, p.amount)) } }
        #expect(read.map(\.0) == expected.map(\.0))
        #expect(read.map(\.1) == expected.map(\.1))
    }
}
