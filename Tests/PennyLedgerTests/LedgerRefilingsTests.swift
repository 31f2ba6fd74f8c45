import PennyCore
@testable import PennyLedger
import Testing

/// The refiling rewrite reads the journal by its rules (`JournalLine`): an entry starts at
/// a date, an account ends at two spaces or a tab.
struct LedgerRefilingsTests {
    func transfer(_ id: UInt64, to category: String) -> LedgerRefilings {
        var refilings = LedgerRefilings()
        refilings.add(.init(id: id, category: category, postings: nil, at: 0, adjustments: []))
        return refilings
    }

    @Test func anAccountWithASpaceIsReplacedWhole() {
        var lines = [
            "2024-03-01 Rent", "    ; rule: rent", "    expenses:my rent  100.00 EUR", "    assets:my bank\t-100.00 EUR", "    ; id: 00000000000000ab", "",
        ]
        transfer(0xab, to: "assets:savings").rewrite(&lines)
        #expect(lines[1] == "    ; rule: transfer")
        #expect(lines[2] == "    assets:savings    100.00 EUR")
        #expect(lines[3] == "    assets:my bank\t-100.00 EUR")
    }

    @Test func aLineStartingWithADigitButNoDateStartsNoEntry() {
        let original = [
            "2024-03-01 Rent", "    expenses:rent  100.00 EUR", "", "1 not a date", "    expenses:other  5.00 EUR", "    ; id: 00000000000000ab",
        ]
        var lines = original
        transfer(0xab, to: "assets:savings").rewrite(&lines)
        #expect(lines == original)
    }

    @Test func aBlankLineEndsTheEntry() {
        let original = ["2024-03-01 Rent", "    expenses:rent  100.00 EUR", "  ", "    ; id: 00000000000000ab"]
        var lines = original
        transfer(0xab, to: "assets:savings").rewrite(&lines)
        #expect(lines == original)
    }

    @Test func anExchangeReplacesThePostings() {
        var refilings = LedgerRefilings()
        refilings.add(.init(id: 0xab, category: nil, postings: ["    a  1 EUR", "    b  -1 EUR", "    c"], at: 0, adjustments: []))
        var lines = ["2024/03/01 X", "    ; rule: fx", "    x  1 EUR", "    y", "    ; id: 00000000000000AB", "2024-03-02 Y", "    z  1 EUR"]
        refilings.rewrite(&lines)
        #expect(lines == ["2024/03/01 X", "    ; rule: fx", "    a  1 EUR", "    b  -1 EUR", "    c", "    ; id: 00000000000000AB", "2024-03-02 Y", "    z  1 EUR"])
    }

    @Test func linesAreClassifiedByTheJournalsRules() {
        #expect(JournalLine.classify("2024-03-01 X") == .transactionHead(LocalDate(year: 2024, month: 3, day: 1)!))
        #expect(JournalLine.classify("2024-13-01 X") == .other)
        #expect(JournalLine.classify(" \t ") == .blank)
        #expect(JournalLine.classify("\r") == .blank)
        #expect(JournalLine.classify("  # note") == .indentedComment)
        #expect(JournalLine.classify("  a b  1 EUR") == .posting(account: 2..<5))
        #expect(JournalLine.classify("\ta b\t1 EUR\r") == .posting(account: 1..<4))
        #expect(JournalLine.classify("include  x.journal ") == .include)
        #expect(Array("include  x.journal \t".utf8).withUnsafeBufferPointer { JournalLine.includeTarget($0) } == "x.journal")
        #expect(Array("  include x".utf8).withUnsafeBufferPointer { JournalLine.includeTarget($0) } == nil)
        #expect(JournalLine.classify("P 2024-01-01 USD 1 EUR") == .other)
    }
}
