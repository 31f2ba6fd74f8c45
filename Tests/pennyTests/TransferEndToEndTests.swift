import Foundation
import Testing

/// Money moved between two own accounts shows in both statements and is recorded once.
@Suite(.serialized) struct TransferEndToEndTests {
    static let rules = """
        default currency EUR

        account assets:bank:checking
          id CHK-1
          opening 2024-04-30 1000.00

        account assets:bank:savings
          id SAV-1
          opening 2024-04-30 500.00

        rule to-savings
          if description contains "TRF PARA POUPANCA"
          category assets:bank:savings

        rule from-checking
          if account is assets:bank:savings
          if description contains "TRF DA ORDEM"
          category assets:bank:checking

        """

    /// A statement in Penny's own JSON format.
    static func statement(_ account: String, _ items: [(date: String, amount: String, text: String)]) -> String {
        let list = items.enumerated().map { i, t in
            "{\"id\": \"\(account)-\(i)\", \"date\": \"\(t.date)\", \"amount\": \"\(t.amount)\", \"description\": \"\(t.text)\"}"
        }
        return "{\"account\": {\"id\": \"\(account)\", \"currency\": \"EUR\"}, \"transactions\": [\n" + list.joined(separator: ",\n") + "\n]}\n"
    }

    func workspace(checking: [(String, String, String)], savings: [(String, String, String)]) throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try Self.rules.write(toFile: w.path("rules/main.rules"), atomically: true, encoding: .utf8)
        try Self.statement("CHK-1", checking.map { ($0.0, $0.1, $0.2) }).write(toFile: w.path("checking.json"), atomically: true, encoding: .utf8)
        try Self.statement("SAV-1", savings.map { ($0.0, $0.1, $0.2) }).write(toFile: w.path("savings.json"), atomically: true, encoding: .utf8)
        return w
    }

    func hledgerBalance(_ w: Workspace, _ account: String) throws -> String {
        let hledger = try #require(Workspace.tool("hledger"))
        return try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "--flat", "-O", "csv", "^\(account)$"]).stdout.split(separator: "\n").dropFirst().joined()
    }

    @Test(arguments: [["checking.json", "savings.json"], ["savings.json", "checking.json"], ["both"], ["both-reversed"]])
    func oneTransferWhateverTheOrder(order: [String]) throws {
        let w = try workspace(
            checking: [("2024-05-02", "-300.00", "TRF PARA POUPANCA"), ("2024-05-03", "-20.00", "CAFE")],
            savings: [("2024-05-04", "300.00", "TRF DA ORDEM DE ANA")])
        switch order {
        case ["both"]: #expect(try w.penny("import", "checking.json", "savings.json").status == 0)
        case ["both-reversed"]: #expect(try w.penny("import", "savings.json", "checking.json").status == 0)
        default: for file in order { #expect(try w.penny("import", file).status == 0) }
        }
        let journal = try w.text("ledger.journal")
        #expect(journal.components(separatedBy: "\n; transfer-leg: ").count == 2, "one leg paired")
        #expect(journal.components(separatedBy: "    assets:bank:savings").count == 3, "one transfer entry plus the opening")
        #expect(try hledgerBalance(w, "assets:bank:checking") == "\"assets:bank:checking\",\"680.00 EUR\"")
        #expect(try hledgerBalance(w, "assets:bank:savings") == "\"assets:bank:savings\",\"800.00 EUR\"")
        // Neither income nor expense.
        let summary = try w.penny("report", "summary", "--format", "json").stdout
        #expect(summary.contains("\"income\": \"0.00\", \"expenses\": \"20.00\""))
        // Importing everything again adds nothing.
        let before = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "savings.json", "checking.json").stdout.hasSuffix("total: 2 files, 0 new, 3 duplicates, 0 skipped, 0 uncategorized, 0 rejected\n"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    /// The savings statement comes first and no rule recognizes its leg: it is filed under
    /// the default income category, then refiled as the transfer when the checking leg
    /// (which a rule recognizes) arrives — in the same atomic write.
    @Test(arguments: [["savings.json", "checking.json"], ["both-reversed"]])
    func anUnrecognizedFirstLegIsRefiledAsTheTransfer(order: [String]) throws {
        let w = try workspace(checking: [("2024-05-02", "-300.00", "TRF PARA POUPANCA")], savings: [("2024-05-03", "300.00", "INCOMING SEPA")])
        if order == ["both-reversed"] {
            #expect(try w.penny("import", "savings.json", "checking.json").stdout.contains("1 transfer paired"))
        } else {
            #expect(try w.penny("import", "savings.json").stdout.contains("1 uncategorized"))
            #expect(try w.penny("import", "checking.json").stdout.contains("1 transfer paired"))
        }
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("    ; rule: transfer\n    assets:bank:checking                     -300.00 EUR\n    assets:bank:savings                       300.00 EUR\n"))
        #expect(!journal.contains("income:uncategorized"))
        #expect(try hledgerBalance(w, "assets:bank:checking") == "\"assets:bank:checking\",\"700.00 EUR\"")
        #expect(try hledgerBalance(w, "assets:bank:savings") == "\"assets:bank:savings\",\"800.00 EUR\"")
        let before = try w.bytes("ledger.journal")
        try w.penny("import", "checking.json", "savings.json")
        #expect(try w.bytes("ledger.journal") == before)
        // recategorize leaves the refiled entry alone.
        #expect(try w.penny("recategorize").stdout == "0 transactions recategorized\n")
    }

    @Test(arguments: [(0, true), (1, true), (3, true), (4, false)])
    func legsPairWithinTheWindow(daysApart: Int, pairs: Bool) throws {
        let w = try workspace(
            checking: [("2024-05-10", "-100.00", "TRF PARA POUPANCA")],
            savings: [(String(format: "2024-05-%02d", 10 + daysApart), "100.00", "TRF DA ORDEM")])
        try w.penny("import", "checking.json")
        let result = try w.penny("import", "savings.json")
        #expect(result.stdout.contains("1 transfer paired") == pairs, "\(result.stdout)")
        #expect(try hledgerBalance(w, "assets:bank:savings") == (pairs ? "\"assets:bank:savings\",\"600.00 EUR\"" : "\"assets:bank:savings\",\"700.00 EUR\""))
    }

    @Test func aWiderWindowForOnePair() throws {
        let w = try workspace(checking: [("2024-05-10", "-100.00", "TRF PARA POUPANCA")], savings: [("2024-05-16", "100.00", "TRF DA ORDEM")])
        let rules = Self.rules.replacingOccurrences(of: "  opening 2024-04-30 1000.00\n", with: "  opening 2024-04-30 1000.00\n  transfer-window 7 assets:bank:savings\n")
        try rules.write(toFile: w.path("rules/main.rules"), atomically: true, encoding: .utf8)
        try w.penny("import", "checking.json")
        #expect(try w.penny("import", "savings.json").stdout.contains("1 transfer paired"))
    }

    @Test func equalAmountsPairDeterministicallyAndAreReported() throws {
        let w = try workspace(
            checking: [("2024-05-01", "-50.00", "TRF PARA POUPANCA"), ("2024-05-02", "-50.00", "TRF PARA POUPANCA 2")],
            savings: [("2024-05-02", "50.00", "TRF DA ORDEM"), ("2024-05-03", "50.00", "TRF DA ORDEM")])
        try w.penny("import", "checking.json")
        let result = try w.penny("import", "savings.json")
        #expect(result.stdout.contains("2 transfers paired"))
        #expect(result.stdout.contains("  note: savings.json:2: transfer of 50.00 EUR on 2024-05-02 paired with assets:bank:checking on 2024-05-02 (2 entries could pair)\n"))
        let journal = try w.text("ledger.journal")
        #expect(journal.components(separatedBy: "\n; transfer-leg: ").count == 3)
        #expect(try hledgerBalance(w, "assets:bank:savings") == "\"assets:bank:savings\",\"600.00 EUR\"")
        // The same files in the other order give the same balances.
        let other = try workspace(
            checking: [("2024-05-01", "-50.00", "TRF PARA POUPANCA"), ("2024-05-02", "-50.00", "TRF PARA POUPANCA 2")],
            savings: [("2024-05-02", "50.00", "TRF DA ORDEM"), ("2024-05-03", "50.00", "TRF DA ORDEM")])
        try other.penny("import", "savings.json", "checking.json")
        #expect(try hledgerBalance(other, "assets:bank:checking") == "\"assets:bank:checking\",\"900.00 EUR\"")
        #expect(try hledgerBalance(other, "assets:bank:savings") == "\"assets:bank:savings\",\"600.00 EUR\"")
    }

    @Test func anUndeclaredAccountIsRejectedWithTheBlockToPaste() throws {
        let w = try workspace(checking: [], savings: [])
        try Self.statement("PT50 0036 1234 5678", [("2024-05-01", "-1.00", "X")]).write(toFile: w.path("other.json"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "other.json")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                other.json:1: error: statement for undeclared account 'PT50 0036 1234 5678'; add to the rules:

                account assets:bank:account-5678
                  id PT50 0036 1234 5678
                  currency EUR
                  type checking


                """)
    }
}
