import Foundation
import PennyCore
import PennyTestSupport
@testable import PennyLedger
import Testing

/// `recategorize` reads the ledger one transaction at a time (`JournalBlockStream`); it must
/// find and write what the whole-file reading (`JournalBlocks`, `RuleTagAudit(journal:)`)
/// gives, byte for byte. The reference below is that reading, as the command did it before.
struct LedgerRecategorizerStreamTests {
    static let rules = RuleTagAudit.Rules(
        ownAccounts: ["assets:bank"], ruleNames: ["coffee", "rent"], categories: ["expenses:coffee", "expenses:home"],
        defaultExpense: "expenses:unknown", defaultIncome: "income:unknown", defaultCurrency: Currency.euro)

    /// Coffee shops are coffee, rent is home, everything else the default.
    static func decide(_ transaction: Transaction, _ account: String) -> Categorization {
        if transaction.description.contains("Cafe") { return Categorization(category: "expenses:coffee", ruleName: "coffee") }
        if transaction.description.contains("Rent") { return Categorization(category: "expenses:home", ruleName: "rent") }
        return Categorization(category: "expenses:unknown")
    }

    /// The whole-file reading: every line in memory, the blocks replaced, the text joined.
    static func inMemory(_ path: String, from: LocalDate?) throws -> (Recategorization, String) {
        var journal = try JournalBlocks(path: path)
        var result = Recategorization()
        for entry in RuleTagAudit(journal: journal, rules: rules, from: from).entries {
            let block = journal.blocks[entry.index]
            guard !entry.isHandEdit, let oldRule = entry.rule else {
                result.handEdits.append(block.firstLine + 1)
                continue
            }
            let decision = decide(LedgerRecategorizer.transaction(block, amount: entry.amount, path: path), block.postings[entry.ownIndex].account)
            let newRule = decision.ruleName ?? JournalEntry.defaultRule
            guard decision.category != entry.category || newRule != oldRule else { continue }
            var lines = block.lines
            let categoryLine = block.postings[1 - entry.ownIndex].line
            lines[categoryLine] = LedgerRecategorizer.replacingAccount(in: lines[categoryLine], old: entry.category, new: decision.category)
            if let ruleLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("; rule:") }) {
                lines[ruleLine] = "    ; rule: \(newRule)"
            }
            journal.replace(entry.index, lines: lines)
            result.changes.append(
                CategoryChange(
                    line: block.firstLine + 1, date: block.date, description: block.description, oldCategory: entry.category, oldRule: oldRule,
                    newCategory: decision.category, newRule: newRule))
        }
        return (result, journal.text)
    }

    /// Random journals of imported entries (by rule, by default, edited by hand, paired
    /// transfers), hand-written ones, comments, includes and blank lines, LF or CRLF, with or
    /// without a final line end, from a date or not.
    @Test(arguments: 1...60) func theStreamedRecategorizeEqualsTheWholeFileOne(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let descriptions = ["Cafe Lisboa", "Rent March", "Shop", "Cafe Porto"]
        let categories = ["expenses:coffee", "expenses:home", "expenses:unknown", "expenses:other"]
        let rulesTags = ["coffee", "rent", "default", "transfer", "gone"]
        var lines: [String] = []
        for n in 0..<Int.random(in: 0...40, using: &random) {
            switch Int.random(in: 0...5, using: &random) {
            case 0: lines.append(["; a comment", "include other.journal", "", "  ", "1 not a date"].randomElement(using: &random)!)
            case 1: lines += ["2024-03-0\(n % 9 + 1) Hand written", "    expenses:food  3.00 EUR", "    assets:bank"]
            default:
                let amount = Int.random(in: 1...90, using: &random)
                lines.append("2024-03-0\(n % 9 + 1) \(descriptions.randomElement(using: &random)!)")
                if Bool.random(using: &random) { lines.append("    ; rule: \(rulesTags.randomElement(using: &random)!)") }
                if Bool.random(using: &random) { lines.append("    # a note") }
                lines.append("    \(categories.randomElement(using: &random)!)  \(amount).00 EUR")
                lines.append("    assets:bank  -\(amount).00 EUR")
                lines.append("    ; id: \(String(n, radix: 16))")
                if Bool.random(using: &random) { lines.append("    ; source: s.csv:\(n)") }
            }
            if Bool.random(using: &random) { lines.append("") }
        }
        let separator = Bool.random(using: &random) ? "\r\n" : "\n"
        let finalEnd = Bool.random(using: &random)
        let from = Bool.random(using: &random) ? LocalDate(year: 2024, month: 3, day: 4) : nil
        let text = lines.joined(separator: separator) + (finalEnd && !lines.isEmpty ? separator : "")
        let directory = temporaryDirectory()
        let streamed = directory.appendingPathComponent("streamed-\(seed).journal").path
        let reference = directory.appendingPathComponent("reference-\(seed).journal").path
        try text.write(toFile: streamed, atomically: true, encoding: .utf8)
        try text.write(toFile: reference, atomically: true, encoding: .utf8)

        let (expected, expectedText) = try Self.inMemory(reference, from: from)
        let found = try LedgerRecategorizer(rules: Self.rules, decide: Self.decide).run(ledgerPath: streamed, from: from, to: nil, dryRun: false)
        #expect(found.handEdits == expected.handEdits)
        #expect(found.changes.map(\.line) == expected.changes.map(\.line))
        #expect(found.changes.map(\.newCategory) == expected.changes.map(\.newCategory))
        #expect(found.changes.map(\.newRule) == expected.changes.map(\.newRule))
        let written = try String(contentsOfFile: streamed, encoding: .utf8)
        #expect(written == (expected.changes.isEmpty ? text : expectedText))
    }
}
