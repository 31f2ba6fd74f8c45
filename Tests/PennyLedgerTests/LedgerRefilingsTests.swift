import Foundation
import PennyCore
import PennyTestSupport
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

    /// The streamed rewrite of a file (one transaction held at a time) writes what the
    /// rewrite of all its lines in memory gives: random journals of every line kind, LF or
    /// CRLF, with or without a final line end, some entries refiled as transfers or exchanges.
    @Test(arguments: 1...40) func theStreamedFileRewriteEqualsTheInMemoryOne(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let kinds = [
            "2024-03-0%d Shop", "    ; rule: default", "    expenses:unknown  %d.00 EUR", "    assets:bank  -%d.00 EUR", "    ; id: 00000000000000a%d", "",
            "  ", "; comment %d", "include x%d.journal", "1 not a date %d", "    # note %d", "2024/03/0%d Other", "    ; id: 00000000000000b%d",
        ]
        var lines: [String] = []
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            lines.append(String(format: kinds.randomElement(using: &random)!, Int.random(in: 1...6, using: &random)))
        }
        var refilings = LedgerRefilings()
        for id in UInt64(0xa1)...0xa6 where Bool.random(using: &random) {
            refilings.add(.init(id: id, category: "assets:savings", postings: nil, at: 0, adjustments: []))
        }
        refilings.add(.init(id: 0xb2, category: nil, postings: ["    a  1 EUR", "    b"], at: 0, adjustments: []))
        let crlf = Bool.random(using: &random), finalEnd = Bool.random(using: &random)
        let separator = crlf ? "\r\n" : "\n"
        let path = temporaryDirectory().appendingPathComponent("refile-\(seed)-\(UInt32.random(in: 0...UInt32.max)).journal").path
        try (lines.joined(separator: separator) + (finalEnd && !lines.isEmpty ? separator : "")).write(toFile: path, atomically: true, encoding: .utf8)
        try refilings.apply(to: path, crlf: crlf, ledgerPath: path)
        var expected = lines + (finalEnd && !lines.isEmpty ? [""] : [])
        refilings.rewrite(&expected)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected.joined(separator: separator))
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
