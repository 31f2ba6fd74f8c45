import PennyCore
import Testing

@testable import PennyLedger

/// Beancount names, the date sort and the declarations file's text (issue 32).
@Suite struct LedgerForOtherToolsTests {
    @Test func accountNamesBecomeBeancountNames() {
        let names = BeancountNames(ledgerAccounts: [
            "assets:bank:n26", "equity:opening-balances", "expenses:food:eating out", "expenses:food:eating-out", "Expense:Café:_x", "budget:food",
            "revenue:salary", "expenses:",
        ])
        #expect(names.accounts["assets:bank:n26"] == "Assets:Bank:N26")
        #expect(names.accounts["equity:opening-balances"] == "Equity:Opening-balances")
        #expect(names.accounts["expenses:food:eating out"] == "Expenses:Food:Eating-out")
        #expect(names.accounts["expenses:food:eating-out"] == "Expenses:Food:Eating-out-2")
        #expect(names.accounts["Expense:Café:_x"] == "Expenses:Cafe:X")
        #expect(names.accounts["budget:food"] == "Equity:Other:Budget:Food")
        #expect(names.accounts["revenue:salary"] == "Income:Salary")
        #expect(names.accounts["expenses:"] == "Expenses:X")
    }

    @Test func tagNamesBecomeMetadataKeys() {
        #expect(BeancountNames.metadataKey("no-roundup") == "no-roundup")
        #expect(BeancountNames.metadataKey("Trip") == "trip")
        #expect(BeancountNames.metadataKey("filename") == "penny-filename")
        #expect(BeancountNames.metadataKey("2024") == "penny-2024")
        #expect(BeancountNames.quoted("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"")
    }

    /// Issue 29: the sort read dates its own way (any `/` or `.` swapped for `-` in the first
    /// ten characters), so a line the journal reader does not take for a transaction could
    /// be sorted as one. It now reads them as the reader does.
    @Test func sortingReadsDatesAsTheJournalReaderDoes() {
        #expect(LedgerSort.transactionDate("2024/03/01 * SHOP") == LocalDate(year: 2024, month: 3, day: 1))
        #expect(LedgerSort.transactionDate("2024/03.01 * SHOP") == nil)
        #expect(LedgerSort.transactionDate("2024-03-01x SHOP") == nil)
        #expect(LedgerSort.journalDate("2024.03.01 USD 0.92 EUR") == LocalDate(year: 2024, month: 3, day: 1))
        #expect(LedgerSort.journalDate("2024-3-1 USD 0.92 EUR") == nil)
    }

    @Test func sortingKeepsTheHeadAndEachDaysOrder() throws {
        let text = """
            ; head
            include L.roundups.journal

            2024-03-05 * b
                ; id: 2
                a:x  1.00 EUR
                a:y

            include L.declarations.journal

            2024-03-01 * a
                a:x  1.00 EUR
                a:y
            ; a note that stays with a

            ; statement-balance: a:x closing 2024-03-02 2.00 EUR id 0000000000000001 source f:1

            2024/03/05 * c
                a:x  1.00 EUR
                a:y

            """
        let sorted = try #require(LedgerSort.sorted(text, ledgerName: "L"))
        #expect(
            sorted == """
                ; head

                include L.declarations.journal

                include L.roundups.journal

                2024-03-01 * a
                    a:x  1.00 EUR
                    a:y
                ; a note that stays with a

                ; statement-balance: a:x closing 2024-03-02 2.00 EUR id 0000000000000001 source f:1

                2024-03-05 * b
                    ; id: 2
                    a:x  1.00 EUR
                    a:y

                2024/03/05 * c
                    a:x  1.00 EUR
                    a:y

                """)
        #expect(LedgerSort.sorted(sorted, ledgerName: "L") == nil)
        #expect(LedgerSort.sorted(sorted.replacingOccurrences(of: "\n", with: "\r\n"), ledgerName: "L") == nil)
    }

    @Test func declarationsReadBackWhatTheyWrite() {
        var names = LedgerDeclarations()
        names.accounts = ["assets:bank", "expenses:café"]
        names.commodities = ["EUR"]
        names.tags = ["id"]
        #expect(names.text.contains("commodity EUR\naccount assets:bank\naccount expenses:café\ntag id\n"))
        #expect(LedgerDeclarations(parsing: names.text) == names)
        #expect(names.covers(LedgerDeclarations(parsing: "account assets:bank\n")))
        #expect(!names.covers(LedgerDeclarations(parsing: "tag source\n")))
    }
}
