import Foundation
import Testing

/// `penny recategorize` changes what the rules now decide, never hand-edited transactions.
@Suite(.serialized) struct RecategorizeEndToEndTests {
    @Test func recategorizesRuleCategorizedTransactionsOnly() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        // A person re-files the Spotify subscription by hand and marks it so.
        var journal = try w.text("ledger.journal")
        journal = journal.replacingOccurrences(
            of: "; rule: streaming\n    expenses:leisure:subscriptions", with: "; rule: manual\n    expenses:leisure:music          ")
        try journal.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        // New rules: one for the uncategorized MB WAY, one that would also catch Spotify.
        let more =
            "\nrule mbway\n  if description starts-with \"MB WAY\"\n  category expenses:transfers:people\n"
            + "\nrule all-streaming\n  if description contains \"SPOTIFY\"\n  category expenses:leisure:streaming\n"
        try (try w.text("rules/categories.rules") + more).write(toFile: w.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        let before = try w.bytes("ledger.journal")

        let dry = try w.penny("recategorize", "--dry-run")
        #expect(dry.status == 0)
        #expect(
            dry.stdout == """
                ledger.journal:147: 2024-03-10 MB WAY PARA ANA SOUSA
                  - expenses:uncategorized (rule default)
                  + expenses:transfers:people (rule mbway)
                1 transaction recategorized; 1 edited by hand left alone (line 40) (dry run: ledger not written)

                """)
        #expect(try w.bytes("ledger.journal") == before)

        #expect(try w.penny("recategorize").status == 0)
        let after = try w.text("ledger.journal")
        #expect(after.contains("    ; rule: mbway\n    expenses:transfers:people                  15.00 EUR\n"))
        #expect(after.contains("; rule: manual\n    expenses:leisure:music"))
        // Only the rule tag changes length: the amount stays in its column.
        #expect(after.count == String(decoding: before, as: UTF8.self).count + "mbway".count - "default".count)
        #expect(try w.penny("recategorize").stdout == "0 transactions recategorized; 1 edited by hand left alone (line 40)\n")
        let hledger = try #require(Workspace.tool("hledger"))
        #expect(try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "expenses:transfers"]).stdout.contains("\"15.00 EUR\""))
    }

    @Test func uncategorizedSuggestsRulesThatRecategorizeThen() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let report = try w.penny("uncategorized")
        #expect(report.status == 0)
        #expect(
            report.stdout.hasPrefix(
                """
                # 1× "mb way para ana sousa": -15.00 EUR in total; first 2024-03-10, samples/montepio-2024-03.csv:11
                rule mb-way-para-ana-sousa
                  if description contains "MB WAY PARA ANA SOUSA"
                  if amount < 0

                """))
        // Pasting the suggestions (with a chosen category) and recategorizing leaves nothing.
        let pasted = report.stdout.replacingOccurrences(of: "expenses:CHOOSE", with: "expenses:people").replacingOccurrences(of: "income:CHOOSE", with: "income:people")
        try pasted.write(toFile: w.path("rules/zz-new.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("recategorize").stdout.hasSuffix("2 transactions recategorized\n"))
        #expect(try w.penny("uncategorized").stdout == "No uncategorized transactions.\n")
    }

    @Test func aCategoryCorrectedByHandSurvivesEvenWithItsRuleTagKept() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        var journal = try w.text("ledger.journal")
        let groceries = journal.components(separatedBy: "    expenses:food:groceries ").count - 1
        #expect(groceries >= 2)
        // The person corrects one groceries purchase in the ledger, leaving Penny's tags as they are.
        let target = "; rule: groceries\n    expenses:food:groceries    "
        let first = try #require(journal.range(of: target))
        journal.replaceSubrange(first, with: "; rule: groceries\n    expenses:household:cleaning")
        try journal.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        let edited = try w.text("ledger.journal")
        #expect(try w.penny("recategorize").stdout.hasPrefix("0 transactions recategorized; 1 edited by hand left alone (line "))
        #expect(try w.text("ledger.journal") == edited)

        // The rule's category changes: the purchases Penny filed move, the corrected one stays.
        let rules = try w.text("rules/categories.rules").replacingOccurrences(of: "category expenses:food:groceries", with: "category expenses:food:supermarket")
        try rules.write(toFile: w.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        let moved = try w.penny("recategorize")
        #expect(moved.stdout.contains("\n\(groceries - 1) transactions recategorized; 1 edited by hand left alone (line "))
        let after = try w.text("ledger.journal")
        #expect(after.components(separatedBy: "expenses:food:supermarket").count - 1 == groceries - 1)
        #expect(after.contains("; rule: groceries\n    expenses:household:cleaning"))
    }
}
