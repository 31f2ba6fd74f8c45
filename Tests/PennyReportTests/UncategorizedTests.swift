import Foundation
import PennyTestSupport
import PennyCore
import PennyLedger
import PennyReport
import Testing

struct UncategorizedTests {
    static let journal = """
        2024-03-01 * PAG UBER TRIP 1234
            ; id: 0000000000000001
            ; rule: uber
            expenses:transport:taxi        12.00 EUR
            assets:bank:checking          -12.00 EUR

        2024-03-02 * Supermarket | COMPRA CONTINENTE 77
            ; id: 0000000000000002
            ; rule: groceries
            expenses:food:groceries        30.00 EUR
            assets:bank:checking          -30.00 EUR

        2024-03-03 * UBER EATS 5521
            ; id: 0000000000000003
            ; source: x.csv:4
            ; rule: default
            expenses:uncategorized         20.00 EUR
            assets:bank:checking          -20.00 EUR

        2024-03-04 * BOLT RIDE 12 LISBOA
            ; id: 0000000000000004
            ; source: x.csv:5
            ; rule: default
            expenses:uncategorized          7.00 EUR
            assets:bank:checking           -7.00 EUR

        2024-03-05 * BOLT RIDE 13 LISBOA
            ; id: 0000000000000005
            ; rule: default
            expenses:uncategorized          8.50 EUR
            assets:bank:checking           -8.50 EUR

        2024-03-06 * BOLT RIDE 14 LISBOA
            ; id: 0000000000000006
            ; rule: manual
            expenses:transport:hand        1.00 EUR
            assets:bank:checking          -1.00 EUR

        """

    @Test func groupsMostFrequentFirstWithSuggestedRules() throws {
        let path = TestScratch.root.appendingPathComponent("penny-unc-\(UUID().uuidString).journal").path
        try Self.journal.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try UncategorizedReport(journal: try JournalBlocks(path: path), ownAccounts: ["assets:bank:checking"], path: path)
        #expect(report.groups.map(\.key) == ["bolt ride # lisboa", "uber eats #"])
        #expect(
            report.render() == """
                # 2× "bolt ride # lisboa": -15.50 EUR in total; first 2024-03-04, x.csv:5
                rule bolt-ride
                  if description contains "BOLT RIDE"
                  if amount < 0
                  category expenses:transport:hand   # suggested from 3 categorized transactions

                # 1× "uber eats #": -20.00 EUR in total; first 2024-03-03, x.csv:4
                rule uber-eats
                  if description contains "UBER EATS"
                  if amount < 0
                  category expenses:transport:taxi   # suggested from 3 categorized transactions


                """)
    }

    @Test func naiveBayesPrefersTheCategoryWhoseWordsMatch() {
        var model = CategorySuggester()
        model.learn("COMPRA PINGO DOCE", category: "expenses:food")
        model.learn("COMPRA CONTINENTE", category: "expenses:food")
        model.learn("COMPRA GALP", category: "expenses:fuel")
        #expect(model.suggest("compra pingo doce alvalade") == "expenses:food")
        #expect(model.suggest("GALP 123") == "expenses:fuel")
        #expect(model.suggest("nothing known") == nil)
        #expect(CategorySuggester().suggest("anything") == nil)
    }
}
