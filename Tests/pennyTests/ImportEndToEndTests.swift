import Foundation
import Testing

/// The built `penny` on the sample statements, checked against hledger and ledger-cli.
@Suite(.serialized) struct ImportEndToEndTests {
    static let expectedImport = """
        samples/aib-2024-03.csv: 7 new, 0 duplicates, 0 skipped, 1 uncategorized
        samples/montepio-2024-03.csv: 18 new, 0 duplicates, 0 skipped, 1 uncategorized
        samples/montepio-savings-2024-03.camt.xml: 3 new, 0 duplicates, 1 skipped, 0 uncategorized, 1 transfer paired
        samples/n26-2024-03.json: 4 new, 0 duplicates, 1 skipped, 0 uncategorized, 1 transfer paired
        samples/visa-2024-03.ofx: 6 new, 0 duplicates, 0 skipped, 0 uncategorized, 1 transfer paired
        balance: assets:bank:aib 3007.48 EUR on 2024-03-27 agrees with the statement
        balance: assets:bank:montepio 2863.84 EUR on 2024-03-28 agrees with the statement
        balance: assets:bank:savings 5453.25 EUR on 2024-03-31 agrees with the statement
        balance: assets:bank:n26 681.10 EUR on 2024-03-31 agrees with the statement
        balance: liabilities:card:visa -103.18 EUR on 2024-03-31 agrees with the statement
        total: 5 files, 38 new, 0 duplicates, 2 skipped, 2 uncategorized, 3 transfers paired, 0 rejected

        """

    @Test func importPrintsOneLinePerFileAndATotal() throws {
        let w = try Workspace()
        let result = try w.penny("import", "samples")
        #expect(result.status == 0)
        #expect(result.stdout == Self.expectedImport)
        #expect(result.stderr == "")
    }

    @Test func hledgerLedgerAndPennyAgree() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let json = try w.penny("report", "summary", "--format", "json")
        #expect(json.status == 0)
        let summary = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(summary["income"] as? String == "5037.81")
        #expect(summary["expenses"] as? String == "1736.61")
        #expect(summary["net"] as? String == "3301.20")
        let categories = try #require(summary["categories"] as? [[String: Any]])

        let hledger = try #require(Workspace.tool("hledger"), "make test installs hledger")
        let csv = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "--depth", "2", "expenses"])
        #expect(csv.status == 0, "\(csv.stderr)")
        var hledgerTotals: [String: String] = [:]
        for line in csv.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            hledgerTotals[cells[0]] = cells[1]
        }
        #expect(hledgerTotals.count == categories.count)
        for category in categories {
            let account = try #require(category["account"] as? String)
            let amount = try #require(category["amount"] as? String)
            #expect(hledgerTotals[account] == "\(amount) EUR", "\(account)")
        }
        let hledgerIncome = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "--depth", "1", "income"])
        #expect(hledgerIncome.stdout.contains("\"income\",\"-5037.81 EUR\""))

        let ledger = try #require(Workspace.tool("ledger"), "make test installs ledger-cli")
        for category in categories {
            let account = category["account"] as! String
            let total = try w.run(ledger, ["-f", "ledger.journal", "bal", "--format", "%(display_total)\n", "-n", "^\(account)$", "or", "^\(account):"])
            #expect(total.status == 0, "\(total.stderr)")
            #expect(total.stdout == "\(category["amount"] as! String) EUR\n", "\(account)")
        }
        let income = try w.run(ledger, ["-f", "ledger.journal", "bal", "--format", "%(display_total)\n", "-n", "^income"])
        #expect(income.stdout == "-5037.81 EUR\n")
        // Every transaction balances and the whole ledger sums to zero in both tools.
        let all = try w.run(ledger, ["-f", "ledger.journal", "bal"])
        #expect(all.stdout.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) == "0")
        let hledgerAll = try w.run(hledger, ["-f", "ledger.journal", "bal", "-O", "csv"])
        #expect(hledgerAll.stdout.hasSuffix("\"total\",\"0\"\n"))
    }

    @Test func reimportAddsNothingAndKeepsTheLedgerByteIdentical() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let before = try w.bytes("ledger.journal")
        let again = try w.penny("import", "samples/montepio-2024-03.csv", "samples")
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("total: 6 files, 0 new, 59 duplicates, 2 skipped, 0 uncategorized, 0 rejected\n"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    @Test func identicalSameDayTransactionsStayTwo() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let journal = try w.text("ledger.journal")
        #expect(journal.components(separatedBy: "* CAFÉ A BRASILEIRA\n").count == 3)
    }

    @Test func goldenJournalForThePortugueseStatement() throws {
        let w = try Workspace()
        let result = try w.penny("import", "samples/montepio-2024-03.csv")
        #expect(result.status == 0)
        let golden = fixture("montepio-2024-03.csv.journal")
        let produced = try w.text("ledger.journal")
        if ProcessInfo.processInfo.environment["PENNY_REGENERATE_GOLDEN"] != nil {
            try produced.write(to: packageRoot.appendingPathComponent("Tests/pennyTests/Fixtures/montepio-2024-03.csv.journal"), atomically: true, encoding: .utf8)
        }
        #expect(produced == (try String(contentsOf: golden, encoding: .utf8)))
    }

    /// The household's statements in four formats, categorized exactly as rules/ says
    /// (accents and case ignored): the whole ledger is a reviewed golden file.
    @Test func goldenJournalForEverySample() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let produced = try w.text("ledger.journal")
        if ProcessInfo.processInfo.environment["PENNY_REGENERATE_GOLDEN"] != nil {
            try produced.write(to: packageRoot.appendingPathComponent("Tests/pennyTests/Fixtures/samples.journal"), atomically: true, encoding: .utf8)
        }
        #expect(produced == (try String(contentsOf: fixture("samples.journal"), encoding: .utf8)))
    }

    @Test func malformedCSVIsRejectedAndTheLedgerIsUntouched() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let before = try w.bytes("ledger.journal")
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        let result = try w.penny("import", "inbox")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                inbox/montepio-broken.csv:5:4: error: cannot read amount '-8,5O': unexpected character in amount (decimal mark ',')
                    05-04-2024;05-04-2024;COMPRA PINGO DOCE;-8,5O;100,00

                """)
        #expect(
            result.stdout == """
                inbox/montepio-2024-04.csv: 2 new, 0 duplicates, 0 skipped, 0 uncategorized
                inbox/montepio-broken.csv: rejected, nothing imported
                balance: assets:bank:montepio 5291.74 EUR on 2024-04-03 agrees with the statement
                total: 2 files, 2 new, 0 duplicates, 0 skipped, 0 uncategorized, 1 rejected

                """)
        let after = try w.text("ledger.journal")
        #expect(after.hasPrefix(String(decoding: before, as: UTF8.self)))
        #expect(!after.contains("montepio-broken"))

        // Alone, the broken file changes nothing at all.
        let snapshot = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "inbox/montepio-broken.csv").status == 1)
        #expect(try w.bytes("ledger.journal") == snapshot)
    }

    @Test func dryRunWritesNothing() throws {
        let w = try Workspace()
        let result = try w.penny("import", "--dry-run", "samples")
        #expect(result.stdout.hasSuffix("total: 5 files, 38 new, 0 duplicates, 2 skipped, 2 uncategorized, 3 transfers paired, 0 rejected (dry run: ledger not written)\n"))
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal")))
    }

    @Test func accountOverrideAndUnknownFiles() throws {
        let w = try Workspace()
        try w.copy(fixture: "unknown-bank.csv")
        let rejected = try w.penny("import", "unknown-bank.csv")
        #expect(rejected.status == 1)
        #expect(
            rejected.stderr
                == """
                unknown-bank.csv: error: which account is this CSV? it names none; put it in a folder named after the account (like inbox/montepio/) or pass --account NAME. Declared accounts:
                  assets:bank:montepio
                  assets:bank:aib
                  liabilities:card:visa
                  assets:bank:savings
                  assets:bank:n26

                """)
        let bad = try w.penny("import", "--account", "assets:bank:nope", "samples")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--account assets:bank:nope: no account of that name, alias or last name part in the rules (declared: assets:bank:montepio, "))
        // The short name the message above suggests is taken too.
        let moved = try w.penny("import", "--account", "aib", "samples/montepio-2024-03.csv")
        #expect(moved.status == 0)
        let lines = try w.text("ledger.journal").split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("    assets:bank:aib ") && $0.hasSuffix(" -850.00 EUR") })
        #expect(!lines.contains { $0.hasPrefix("    assets:bank:montepio ") && $0.hasSuffix(" -850.00 EUR") })
    }

    /// Ids written in upper case (an entry copied by hand) are still the ledger's ids: the
    /// copy pass's id scan read only lower case, so a re-import doubled every such entry.
    @Test func idsInUpperCaseAreStillDuplicates() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples/montepio-2024-03.csv").status == 0)
        let text = try w.text("ledger.journal")
        let upper = text.replacing(/; id: ([0-9a-f]{16})/) { "; id: " + $0.output.1.uppercased() }
        #expect(upper != text)
        try upper.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        let again = try w.penny("import", "samples/montepio-2024-03.csv")
        #expect(again.stdout.hasSuffix("total: 1 file, 0 new, 18 duplicates, 0 skipped, 0 uncategorized, 0 rejected\n"), "\(again.stdout)")
        #expect(try w.text("ledger.journal") == upper)
    }
}
