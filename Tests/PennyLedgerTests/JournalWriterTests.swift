import PennyCore
@testable import PennyLedger
import Testing

struct JournalWriterTests {
    @Test func rendersTheGoldenShape() {
        let entry = JournalEntry(
            date: day("2024-03-02"), description: "Supermarket | COMPRA PINGO DOCE; LISBOA", account: "assets:bank:checking",
            category: "expenses:food:groceries", amount: euros(-2347), id: DedupID(value: 0x0123_4567_89ab_cdef),
            source: "extrato.csv:3", rule: "groceries")
        #expect(
            JournalWriter.render(entry) == """

                2024-03-02 * Supermarket | COMPRA PINGO DOCE, LISBOA
                    ; id: 0123456789abcdef
                    ; source: extrato.csv:3
                    ; rule: groceries
                    expenses:food:groceries                    23.47 EUR
                    assets:bank:checking                      -23.47 EUR

                """)
    }

    @Test func writesNotesTagsAndNoRoundUp() {
        var entry = JournalEntry(
            date: day("2024-07-03"), description: "LIDL", account: "assets:bank:checking", category: "expenses:food",
            amount: euros(-2345), id: DedupID(value: 1), source: "x.csv:9", rule: "lidl")
        entry.note = "summer, holiday"
        entry.excludesRoundUp = true
        entry.tags = [Tag(name: "trip", value: "algarve"), Tag(name: "shared")]
        #expect(
            JournalWriter.render(entry).contains(
                """
                    ; rule: lidl
                    ; note: summer  holiday
                    ; no-roundup: yes
                    ; trip: algarve
                    ; shared: yes
                    expenses:food
                """))
    }

    @Test(arguments: [
        ("(PAYPAL) EBAY", "[PAYPAL) EBAY"),
        ("  two\nlines\t here ", "two lines here"),
        ("", "no description"),
        ("a;b", "a,b"),
    ])
    func sanitizesDescriptions(raw: String, written: String) {
        #expect(JournalWriter.sanitize(raw) == written)
    }
}
