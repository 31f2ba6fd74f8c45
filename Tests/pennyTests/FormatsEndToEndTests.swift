import Foundation
import Testing

/// The sample card (OFX 1.02, CHARSET 1252), savings (CAMT.053.001.02 with a batch and a
/// pending entry) and second bank (Berlin Group JSON with blank ids and twins): exact
/// counts, each account at its statement's closing balance, re-import adds nothing.
@Suite(.serialized) struct FormatsEndToEndTests {
    func balance(_ w: Workspace, _ account: String) throws -> String {
        let hledger = try #require(Workspace.tool("hledger"))
        let result = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "--flat", "-e", "2024-04-01", "^\(account)$"])
        return result.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    }

    @Test func ofxCardStatementInWindows1252() throws {
        let w = try Workspace()
        let result = try w.penny("import", "samples/visa-2024-03.ofx")
        #expect(result.stdout.hasPrefix("samples/visa-2024-03.ofx: 7 new, 0 duplicates, 0 skipped, 0 uncategorized\n"))
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("2024-03-03 * CAFÉ NICOLA\n"))
        #expect(journal.contains("2024-03-05 * WORTEN – AMADORA\n"))
        // hledger ends a tag value at a comma, so the memo's comma is written as a space.
        #expect(journal.contains("; memo: Lisboa €4 80\n"))
        #expect(journal.contains("    ; rule: card-payment\n"))
        #expect(try balance(w, "liabilities:card:visa") == "\"liabilities:card:visa\",\"-103.18 EUR\"")
        let before = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "samples/visa-2024-03.ofx").stdout.hasPrefix("samples/visa-2024-03.ofx: 0 new, 7 duplicates"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    @Test func camtSavingsWithBatchAndPending() throws {
        let w = try Workspace()
        let result = try w.penny("import", "samples/montepio-savings-2024-03.camt.xml")
        #expect(result.stdout.hasPrefix("samples/montepio-savings-2024-03.camt.xml: 4 new, 0 duplicates, 1 skipped, 0 uncategorized\n"))
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("2024-03-15 * JOÃO SILVA | Prenda de anos\n"))
        #expect(journal.contains("2024-03-15 * MARIA SILVA | Prenda de anos\n"))
        #expect(!journal.contains("COMISSAO"))
        #expect(journal.contains("\n; statement-balance: assets:bank:savings closing 2024-03-31 5453.25 EUR id "))
        #expect(try balance(w, "assets:bank:savings") == "\"assets:bank:savings\",\"5453.25 EUR\"")
        let before = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "samples/montepio-savings-2024-03.camt.xml").stdout.hasPrefix("samples/montepio-savings-2024-03.camt.xml: 0 new, 4 duplicates, 1 skipped"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    @Test func theStatementsOpeningBalanceWhenTheRulesDeclareNone() throws {
        let w = try Workspace()
        let rules = try w.text("rules/accounts.rules").replacingOccurrences(of: "  opening 2024-02-29 5000.00\n", with: "")
        try rules.write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples/montepio-savings-2024-03.camt.xml").status == 0)
        #expect(try w.text("ledger.journal").contains("2024-02-29 * Opening balance (from the statement)\n"))
        #expect(try balance(w, "assets:bank:savings") == "\"assets:bank:savings\",\"5453.25 EUR\"")
        let before = try w.bytes("ledger.journal")
        try w.penny("import", "samples/montepio-savings-2024-03.camt.xml")
        #expect(try w.bytes("ledger.journal") == before)
    }

    @Test func berlinGroupJSONWithBlankIdsAndTwins() throws {
        let w = try Workspace()
        let result = try w.penny("import", "samples/n26-2024-03.json")
        #expect(result.stdout.hasPrefix("samples/n26-2024-03.json: 5 new, 0 duplicates, 1 skipped, 1 uncategorized\n"))
        #expect(try w.text("ledger.journal").components(separatedBy: "* Kaffeebar Mitte | KAFFEEBAR MITTE BERLIN\n").count == 3)
        #expect(try balance(w, "assets:bank:n26") == "\"assets:bank:n26\",\"681.10 EUR\"")
        let before = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "samples/n26-2024-03.json").stdout.hasPrefix("samples/n26-2024-03.json: 0 new, 5 duplicates, 1 skipped"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    @Test func aPendingItemThatLaterBooksIsImportedOnce() throws {
        let w = try Workspace()
        try w.penny("import", "samples/n26-2024-03.json")
        try w.copy(fixture: "n26-2024-04.json")
        #expect(try w.penny("import", "n26-2024-04.json").stdout.hasPrefix("n26-2024-04.json: 1 new, 0 duplicates, 0 skipped"))
        #expect(
            try w.penny("import", "n26-2024-04.json", "samples/n26-2024-03.json").stdout.hasSuffix("total: 2 files, 0 new, 6 duplicates, 1 skipped, 0 uncategorized, 0 rejected\n"))
        #expect(try w.text("ledger.journal").components(separatedBy: "-7.20 EUR").count == 2)
    }

    @Test func malformedFilesAreRejectedWholeWithALocation() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let before = try w.bytes("ledger.journal")
        try w.copy(fixture: "broken.ofx")
        try w.copy(fixture: "broken.camt.xml")
        try w.copy(fixture: "broken.json")
        let result = try w.penny("import", "broken.ofx", "broken.camt.xml", "broken.json")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                broken.ofx:14: error: cannot read TRNAMT '-4,8O': unexpected character in amount (EUR)
                broken.camt.xml:13: error: malformed XML: Opening and ending tag mismatch: Amt line 12 and Ntry
                broken.json:9:7: error: malformed JSON: expected ',' or '}' in an object

                """)
        #expect(try w.bytes("ledger.journal") == before)
    }
}
