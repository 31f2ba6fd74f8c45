import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// `RowEntryRenderer` writes a plain row with details (payee, memo, counterparty, IBAN,
/// type) exactly as `JournalWriter.render` writes the `JournalEntry` the importer makes of
/// the row's `Transaction`, for decisions with and without a payee (an empty one too),
/// tags, a note and `no-roundup`, and for random details, dates (the same one for a few rows,
/// then any day of any year) and amounts (in currencies of 0, 2 and 3 decimals).
struct RowDetailsRenderingTests {
    static let decisions: [Categorization] = [
        Categorization(category: "expenses:food", ruleName: "food"),
        Categorization(category: "expenses:food", payee: "", ruleName: "blank"),
        Categorization(category: "expenses:coffee", payee: "Café Central", ruleName: "coffee", tags: [Tag(name: "shop", value: "a, b")], note: "weekly"),
        Categorization(category: "expenses:misc", payee: "SHOP ONE", ruleName: "same", excludesRoundUp: true),
    ]

    static let values = ["", "SHOP ONE", "Shop One", "Jo\u{E3}o", "A, B", "PT50 0002 0123", "(X)", "caf\u{E9}", "cafe\u{301}", "x;y"]

    @Test func aRowWithDetailsIsWrittenAsItsEntry() {
        var random = SeededGenerator(seed: 5)
        let renderer = RowEntryRenderer(
            ruleDecisions: Self.decisions, defaultExpense: Categorization(category: "expenses:uncategorized"),
            defaultIncome: Categorization(category: "income:uncategorized"))
        renderer.begin(account: "assets:bank:a", file: "c-1.csv")
        var withDetails = 0
        var date = LocalDate(year: 2024, month: 3, day: 1)!
        let currencies = ["EUR", "JPY", "BHD"].map { Currency(code: $0)! }
        for round in 0..<2_000 {
            if Int.random(in: 0..<3, using: &random) == 0 {
                let year1 = LocalDate(year: 1, month: 1, day: 1)!.dayNumber, year9999 = LocalDate(year: 9999, month: 12, day: 31)!.dayNumber
                date = LocalDate(
                    dayNumber: Int.random(in: 0..<4, using: &random) == 0
                        ? Int.random(in: year1...year9999, using: &random) : date.dayNumber + Int.random(in: -400...400, using: &random))
            }
            let texts = (0..<6).map { _ in Self.values[Int.random(in: 0..<Self.values.count, using: &random)] }
            // A description is never empty beside a payee or memo (the reader takes the String path).
            let description = texts[0].isEmpty ? "SHOP" : texts[0]
            let bytes = Array((description + texts[1...].joined()).utf8)
            let counts = texts.map { UInt16($0.utf8.count) }
            let lengths = RowDetailLengths(payee: counts[1], memo: counts[2], counterparty: counts[3], iban: counts[4], type: counts[5], bankID: 0)
            if !lengths.isEmpty { withDetails += 1 }
            let slot = Int.random(in: 0..<Self.decisions.count + 2, using: &random)
            let magnitude: Int64 = Int.random(in: 0..<5, using: &random) == 0 ? 999_999_999_999_999_999 : 99_999
            let amount = Money(minorUnits: Int64.random(in: -magnitude...magnitude, using: &random), currency: currencies[Int.random(in: 0..<3, using: &random)])
            bytes.withUnsafeBufferPointer { all in
                let descriptionCount = description.utf8.count
                let row = PlainRow(
                    date: date, amount: amount, description: UnsafeBufferPointer(rebasing: all[..<descriptionCount]),
                    file: "c-1.csv", line: round + 2, balance: nil, details: (UnsafeBufferPointer(rebasing: all[descriptionCount...]), lengths))
                let id = DedupID(value: UInt64(round) &* 0x9E37_79B9_7F4A_7C15)
                var lane: [UInt8] = []
                let newlines = renderer.render(row: row, slot: slot, id: id, into: &lane)
                let entry = StatementImporter.entry(row.transaction(), id: id, own: "assets:bank:a", decision: renderer.decisions[slot])
                var expected: [UInt8] = []
                JournalWriter.render(entry, into: &expected)
                #expect(String(decoding: lane, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
                #expect(newlines == expected.filter { $0 == 0x0A }.count)
            }
        }
        #expect(withDetails > 1_500)
    }
}
