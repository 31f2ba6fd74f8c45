import Foundation
import Testing

/// `penny rules learn`: hand corrections in the ledger become rules, shown first and
/// written only when accepted.
@Suite(.serialized) struct RulesLearnEndToEndTests {
    /// The samples imported, then two coffees and the uncategorized MB WAY filed by hand.
    private func corrected() throws -> Workspace {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        var journal = try w.text("ledger.journal")
        let cafe = "CAFÉ A BRASILEIRA\n    ; id: "
        #expect(journal.components(separatedBy: cafe).count == 3)
        var parts = journal.components(separatedBy: cafe)
        for i in 1..<parts.count {
            parts[i] = parts[i].replacingOccurrences(of: "; rule: coffee\n    expenses:food:eating-out   ", with: "; rule: coffee\n    expenses:food:pastries     ")
        }
        journal = parts.joined(separator: cafe)
        journal = journal.replacingOccurrences(of: "; rule: default\n    expenses:uncategorized  ", with: "; rule: default\n    expenses:people         ")
        try journal.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        return w
    }

    @Test func proposesRulesForHandCorrectionsAndWritesOnlyWhenAccepted() throws {
        let w = try corrected()
        let rulesBefore = try w.text("rules/categories.rules")
        let shown = try w.penny("rules", "learn")
        #expect(shown.status == 0)
        #expect(
            shown.stdout == """
                3 hand corrections in the ledger; the rules already make 0, 3 they do not.
                2 rules proposed; nothing is written until accepted (--accept all, or by number: --accept 1,2).

                [1] 2 corrections (lines 98, 105) filed under expenses:food:pastries
                    rule cafe-a-brasileira
                      if description contains "CAFE A BRASILEIRA"
                      if amount < 0
                      category expenses:food:pastries
                  goes in rules/categories.rules before line 52: rule 'coffee' files them under expenses:food:eating-out now
                  changes no other past transaction

                [2] 1 correction (line 147) filed under expenses:people
                    rule mb-way-para-ana-sousa
                      if description contains "MB WAY PARA ANA SOUSA"
                      if amount < 0
                      category expenses:people
                  goes in rules/learned.rules at the end (only the default files them now)
                  changes no other past transaction

                """)
        #expect(try w.text("rules/categories.rules") == rulesBefore)
        #expect(!FileManager.default.fileExists(atPath: w.path("rules/learned.rules")))

        let written = try w.penny("rules", "learn", "--accept", "all")
        #expect(written.status == 0)
        #expect(written.stdout == "wrote 2 rules ('cafe-a-brasileira', 'mb-way-para-ana-sousa') to rules/categories.rules, rules/learned.rules\n")
        #expect(
            try w.text("rules/categories.rules").contains(
                "rule cafe-a-brasileira\n  if description contains \"CAFE A BRASILEIRA\"\n  if amount < 0\n  category expenses:food:pastries\n\nrule coffee\n"))
        #expect(try w.penny("rules", "check").status == 0)
        #expect(try w.penny("rules", "learn").stdout == "3 hand corrections in the ledger; the rules already make 3, 0 they do not.\nNo rule to propose.\n")
        // The corrections survive, and the same purchases imported again are filed as corrected.
        let ledger = try w.text("ledger.journal")
        #expect(try w.penny("recategorize").stdout == "0 transactions recategorized; 3 edited by hand left alone (lines 98, 105, 147)\n")
        #expect(try w.text("ledger.journal") == ledger)
        let fresh = try Workspace()
        try FileManager.default.removeItem(atPath: fresh.path("rules"))
        try FileManager.default.copyItem(atPath: w.path("rules"), toPath: fresh.path("rules"))
        #expect(try fresh.penny("import", "samples").status == 0)
        let imported = try fresh.text("ledger.journal")
        #expect(imported.contains("; rule: cafe-a-brasileira\n    expenses:food:pastries "))
        #expect(imported.contains("; rule: mb-way-para-ana-sousa\n    expenses:people "))
    }

    @Test func aProposalSaysWhichPastTransactionsItWouldMove() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        // One of the two Kaffeebar coffees is corrected; the rule would move the other too.
        let journal = try w.text("ledger.journal")
        let target = try #require(journal.range(of: "; bank-payee: Kaffeebar Mitte\n    expenses:food:eating-out  "))
        try journal.replacingCharacters(in: target, with: "; bank-payee: Kaffeebar Mitte\n    expenses:food:coffee      ").write(
            toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        let shown = try w.penny("rules", "learn")
        #expect(shown.stdout.contains("  would change 1 other past transaction at the next 'penny recategorize':\n    line 259 2024-03-02 "))
        #expect(shown.stdout.contains(": expenses:food:eating-out -> expenses:food:coffee\n"))
        #expect(try w.penny("rules", "learn", "--accept", "1").stdout.hasSuffix("; 'penny recategorize' now moves 1 past transaction\n"))
        #expect(try w.penny("recategorize").stdout.hasPrefix("ledger.journal:259: "))
    }

    @Test func correctionsThatDisagreeMakeNoRule() throws {
        let w = try corrected()
        let journal = try w.text("ledger.journal").replacingOccurrences(
            of: "; source: samples/montepio-2024-03.csv:5\n    ; rule: coffee\n    expenses:food:pastries     ",
            with: "; source: samples/montepio-2024-03.csv:5\n    ; rule: coffee\n    expenses:food:breakfast    ")
        try journal.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        let shown = try w.penny("rules", "learn").stdout
        #expect(!shown.contains("rule cafe-a-brasileira"))
        #expect(
            shown.hasSuffix(
                "\nNo rule for \"CAFE A BRASILEIRA\": its corrections disagree, expenses:food:breakfast (line 105) and expenses:food:pastries (line 98).\n"
                    + "  Write a rule with an amount or account test by hand.\n"))
    }

    @Test func acceptRefusesANumberThatIsNoProposal() throws {
        let w = try corrected()
        let result = try w.penny("rules", "learn", "--accept", "3")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --accept: '3' is not a proposal number (1 to 2) nor 'all'\n"))
    }

    @Test func acceptRefusesAListWithoutNumbers() throws {
        let w = try corrected()
        let result = try w.penny("rules", "learn", "--accept", ",")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --accept: name proposals by number (1 to 2) or write 'all'\n"))
    }

    @Test func acceptRefusesWhenThereIsNothingToAccept() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let result = try w.penny("rules", "learn", "--accept", "all")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --accept: there is no proposal to accept\n"))
    }

    @Test func aDestinationTheRulesDoNotReadIsRefused() throws {
        let w = try corrected()
        let result = try w.penny("rules", "learn", "--to", "elsewhere.rules")
        #expect(result.status == 2)
        #expect(result.stderr.contains("'elsewhere.rules' is not read with the rules at 'rules': choose a file in the rules directory or one it includes"))
        #expect(!FileManager.default.fileExists(atPath: w.path("elsewhere.rules")))
    }
}
