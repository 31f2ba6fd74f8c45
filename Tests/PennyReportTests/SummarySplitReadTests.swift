import Foundation
import PennyCore
import PennyReport
import PennyTestSupport
import Testing

@testable import PennyLedger

/// A journal read in two parts at once and merged (`JournalReader.sum`) gives the summary
/// the read in order gives, and the same error at the same line: journals of every size,
/// with and without includes, CRLF, no final line end, an error or overflowing amounts
/// before or after the cut.
struct SummarySplitReadTests {
    /// The rendered summary (table and JSON), or the error, of one way of reading.
    private static func outcome(_ read: (SummaryBuilder) throws(PennyError) -> SummaryBuilder) -> String {
        let builder = SummaryBuilder(period: .all, currency: .euro, depth: 2)
        do {
            let summary = try read(builder).build()
            return TextReportWriter.render(SummaryRenderer.document(summary)) + SummaryRenderer.json(summary)
        } catch let error as PennyError {
            return "error: \(error) \(String(describing: error.location))"
        } catch {
            return "error: \(error)"
        }
    }

    @Test func theSplitReadGivesWhatTheReadInOrderGives() throws {
        var generator = SeededGenerator(seed: 2026)
        let reader = JournalReader(defaultCurrency: .euro)
        var splits = 0, failures = 0
        for round in 0..<400 {
            let trouble = round % 3 == 0 ? RandomJournal.Trouble.allCases[round / 3 % RandomJournal.Trouble.allCases.count] : .none
            var journal = RandomJournal(generator: generator, size: round % 10 == 9 ? 600 : Int.random(in: 0..<40, using: &generator))
            journal.crlf = Bool.random(using: &journal.generator)
            journal.finalLineEnd = Int.random(in: 0..<4, using: &journal.generator) != 0
            journal.includes = Bool.random(using: &journal.generator)
            journal.trouble = trouble
            let path = try journal.write(into: TestScratch.root.appendingPathComponent("split-\(round)"))
            generator = journal.generator
            let inOrder = Self.outcome { (builder) throws(PennyError) in
                var builder = builder
                try reader.forEachPosting(path: path) { (p) throws(MoneyError) in try builder.add(p) }
                return builder
            }
            var split = false
            let parts = Self.outcome { (builder) throws(PennyError) in
                let (sum, wasSplit) = try reader.sum(path: path, into: builder, splitFrom: 0)
                split = wasSplit
                return sum
            }
            #expect(parts == inOrder, "round \(round), \(trouble), \(path)")
            if split { splits += 1 }
            if inOrder.hasPrefix("error") { failures += 1 }
        }
        // Most journals are cut; some fail, before or after the cut.
        #expect(splits > 150)
        #expect(failures > 40)
    }

    @Test func onlyAJournalFromTheSplitSizeIsCut() throws {
        let path = TestScratch.root.appendingPathComponent("split-small.journal").path
        try "2024-03-01 a\n    expenses:food  1.00 EUR\n    assets:bank\n\n2024-03-02 b\n    expenses:food  1.00 EUR\n    assets:bank\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let builder = SummaryBuilder(period: .all, currency: .euro, depth: 2)
        #expect(try JournalReader(defaultCurrency: .euro).sum(path: path, into: builder, splitFrom: JournalReader.splitSize).split == false)
        #expect(try JournalReader(defaultCurrency: .euro).sum(path: path, into: builder, splitFrom: 0).split)
    }
}
