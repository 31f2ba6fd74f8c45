import Foundation
import Testing

/// `penny categorize` on a pseudo-terminal: an uncategorized month becomes rules in one
/// session, and the ledger is recategorized at the end.
@Suite(.serialized) struct CategorizeEndToEndTests {
    @Test func anUncategorizedMonthBecomesRulesInOneSession() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        #expect(try w.text("ledger.journal").components(separatedBy: "; rule: default").count == 3)
        let rulesBefore = try w.text("rules/categories.rules")
        let tty = try PseudoTerminal(w, ["categorize", "--to", "rules/answers.rules"])
        #expect(tty.expect("2 groups of uncategorized transactions (2 in all), largest first.\n"))
        #expect(tty.expect("[1/2] 1× \"mb way para ana sousa\", -15.00 EUR in all\n  2024-03-10  -15.00 EUR  MB WAY PARA ANA SOUSA\n"))
        #expect(tty.expect("  match: description contains \"MB WAY PARA ANA SOUSA\", amount < 0\n"))
        #expect(tty.expect("category> "))
        // A category under no top-level account is refused; Tab completes one in use.
        tty.type("exp:people\r")
        #expect(tty.expect("  'exp:people' is under none of assets, liabilities, income, expenses, equity: Tab completes the categories in use\n"))
        tty.type("exp:hou\t")
        #expect(tty.expect("category> expenses:housing:"))
        tty.type("\t")
        #expect(tty.expect("\nexpenses:housing:rent  expenses:housing:utilities\n"))
        tty.type("r\t\r")
        #expect(tty.expect("  rule 'mb-way-para-ana-sousa': expenses:housing:rent, files 1 of 1\n"))
        // The second group: the match text edited (Backspace), then a new category typed.
        #expect(tty.expect("[2/2] 1× \"transfer from j smith\", 1200.00 EUR in all\n"))
        #expect(tty.expect("category> "))
        tty.type("e\r")
        #expect(tty.expect("match> TRANSFER FROM J SMITH"))
        tty.type("\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\r")
        #expect(tty.expect("  match: description contains \"TRANSFER FROM J\", amount > 0\n"))
        tty.type("income:family\r")
        #expect(tty.expect("  rule 'transfer-from-j-smith': income:family, files 1 of 1\n"))
        #expect(tty.expect("Write them and recategorize the ledger? [Y/n] "))
        tty.type("\r")
        #expect(tty.expect("Wrote 2 rules to rules/answers.rules; 2 transactions recategorized.\n"))
        #expect(tty.finish() == 0)

        #expect(
            try w.text("rules/answers.rules") == """
                rule mb-way-para-ana-sousa
                  if description contains "MB WAY PARA ANA SOUSA"
                  if amount < 0
                  category expenses:housing:rent

                rule transfer-from-j-smith
                  if description contains "TRANSFER FROM J"
                  if amount > 0
                  category income:family


                """)
        #expect(try w.text("rules/categories.rules") == rulesBefore)
        #expect(try w.penny("rules", "check").status == 0)
        #expect(try w.penny("uncategorized").stdout == "No uncategorized transactions.\n")
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("; rule: mb-way-para-ana-sousa\n    expenses:housing:rent "))
        #expect(journal.contains("; rule: transfer-from-j-smith\n    income:family "))
        let hledger = try #require(Workspace.tool("hledger"))
        #expect(try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "income:family"]).stdout.contains("\"-1200.00 EUR\""))
    }

    @Test func anAnswerTheRulesCannotTakeIsAskedAgain() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let tty = try PseudoTerminal(w, ["categorize"])
        #expect(tty.expect("category> "))
        tty.type("\r")
        #expect(tty.expect("  no suggestion here: type a category, or 's' to skip\n"))
        tty.type("expenses:\r")
        #expect(tty.expect("  that rule would not pass 'penny rules check': 'expenses:' is not an account name: expected segments joined by ':', like expenses:food\n"))
        tty.type("e\r")
        #expect(tty.expect("match> MB WAY PARA ANA SOUSA"))
        tty.type("\u{15}NO SUCH SHOP\r")
        #expect(tty.expect("  match: description contains \"NO SUCH SHOP\", amount < 0\n"))
        tty.type("expenses:people\r")
        #expect(tty.expect("  that match files none of these transactions; 'e' edits it\n"))
        tty.type("q\r")
        #expect(tty.expect("No answers: nothing written.\n"))
        #expect(tty.finish() == 0)
    }

    @Test func skippingEverythingWritesNothing() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let ledger = try w.bytes("ledger.journal")
        let tty = try PseudoTerminal(w, ["categorize"])
        #expect(tty.expect("category> "))
        tty.type("s\r")
        #expect(tty.expect("[2/2]"))
        #expect(tty.expect("category> "))
        tty.type("q\r")
        #expect(tty.expect("No answers: nothing written.\n"))
        #expect(tty.finish() == 0)
        #expect(try w.bytes("ledger.journal") == ledger)
        #expect(!FileManager.default.fileExists(atPath: w.path("rules/learned.rules")))
    }

    @Test func ctrlCStopsWithoutWriting() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let ledger = try w.bytes("ledger.journal")
        let tty = try PseudoTerminal(w, ["categorize"])
        #expect(tty.expect("category> "))
        tty.type("expenses:people\r")
        #expect(tty.expect("files 1 of 1\n"))
        #expect(tty.expect("category> "))
        tty.type("\u{03}")
        #expect(tty.expect("Stopped: nothing written.\n"))
        #expect(tty.finish() == 130)
        #expect(try w.bytes("ledger.journal") == ledger)
        #expect(!FileManager.default.fileExists(atPath: w.path("rules/learned.rules")))
    }

    @Test func withoutATerminalItRefusesAndPointsAtUncategorized() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let result = try w.penny("categorize")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: penny categorize asks questions and needs a terminal; without one, 'penny uncategorized' prints the groups with rule blocks to paste\n")
    }
}
