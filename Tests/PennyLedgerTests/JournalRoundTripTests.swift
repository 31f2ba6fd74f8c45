import Foundation
import PennyCore
import PennyLedger
import PennyTestSupport
import Testing

/// Property: what the writer writes, the reader reads back exactly (seeded random entries).
struct JournalRoundTripTests {
    @Test func readParsesWhatWriteWrites() throws {
        var g = SeededGenerator(seed: 99)
        let currencies = ["EUR", "JPY", "BHD", "USD"].map { Currency(code: $0)! }
        let pieces = ["CAFÉ", "Müller", "(PAYPAL)", "a;b", "x | y", "  spaced   out ", "€20", "tab\there", "new\nline", "#hash", ""]
        var entries: [JournalEntry] = []
        for i in 0..<500 {
            let currency = currencies.randomElement(using: &g)!
            let amount = Money(minorUnits: Int64.random(in: -99_999_999...99_999_999, using: &g), currency: currency)
            let date = LocalDate(dayNumber: Int.random(in: 0...30_000, using: &g))
            let description = (0..<Int.random(in: 0...3, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined(separator: " ")
            entries.append(
                JournalEntry(
                    date: date, description: description, account: "assets:bank:a\(i % 3)", category: "expenses:c\(i % 7):sub", amount: amount,
                    id: DedupID(value: g.next()), source: "file, with comma.csv:\(i)", rule: i % 2 == 0 ? "rule-\(i % 5)" : nil))
        }
        var text = Array(JournalWriter.header.utf8)
        for entry in entries { JournalWriter.render(entry, into: &text) }
        let path = TestScratch.root.appendingPathComponent("penny-roundtrip-\(UUID().uuidString).journal").path
        try Data(text).write(to: URL(fileURLWithPath: path))

        var postings: [Posting] = []
        try JournalReader(defaultCurrency: .euro).forEachPosting(path: path) { postings.append($0) }
        #expect(postings.count == entries.count * 2)
        for (entry, pair) in zip(entries, stride(from: 0, to: postings.count, by: 2).map { (postings[$0], postings[$0 + 1]) }) {
            #expect(pair.0.account == entry.category && pair.1.account == entry.account)
            #expect(pair.1.amount == entry.amount && pair.0.amount.minorUnits == -entry.amount.minorUnits)
            #expect(pair.0.date == entry.date)
        }
        // The blocks view: ids, dates and one-line descriptions come back too.
        let blocks = try JournalBlocks(path: path).blocks
        #expect(blocks.map { $0.tags["id"] } == entries.map { $0.id.description })
        #expect(blocks.map(\.date) == entries.map(\.date))
        #expect(blocks.allSatisfy { !$0.description.isEmpty && !$0.description.contains(";") })
    }
}
