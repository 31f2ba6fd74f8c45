import Foundation
import Testing

/// Round-ups over the sample household (rules/roundups.rules), checked against a hand
/// calculation and against hledger reading the derived journal.
@Suite(.serialized) struct RoundUpEndToEndTests {
    /// By hand: Montepio purchases round up by 0.53 + 0.80 + 0.80 + 0.69 + 0.15 + 0.10 + 0.38 +
    /// 0.01 + 0.90 + 0.92 = 5.28 (rent, cash and the 15.00 MB WAY are whole euros), the card's
    /// by 0.20 + 0.01 + 0.60 + 0.90 + 0.10 + 0.01 = 1.82 (its payment is a transfer): 7.10.
    /// Day by day the pot first holds 5.00 or more on 03-18 (5.16), swept 2.58 / 1.29 / 1.29;
    /// then 03-20 adds 0.11, 03-22 0.91 and 03-28 0.92: 1.94 stays in the pot.
    static let status = """
        Round-up spare-change (EUR)

        Accrued                      7.10
        Swept                        5.16
        In the pot                   1.94
          → assets:bank:savings      2.58
          → assets:savings:goal:car  1.29  goal 2000.00: 0.06%
          → expenses:donations:ami   1.29
        Next sweep: when the pot reaches 5.00 EUR (3.06 EUR to go)

        """

    @Test func statusMatchesTheHandCalculationAndHledger() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        #expect(try w.penny("roundup", "status").stdout == Self.status)
        let hledger = try #require(Workspace.tool("hledger"))
        let csv = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "--flat", "tag:roundup"])
        #expect(csv.stdout.contains("\"assets:savings:roundups\",\"1.94 EUR\""))
        #expect(csv.stdout.contains("\"assets:savings:goal:car\",\"1.29 EUR\""))
        #expect(csv.stdout.contains("\"expenses:donations:ami\",\"1.29 EUR\""))
        #expect(csv.stdout.contains("\"assets:bank:montepio\",\"-7.10 EUR\""))
        let ledger = try #require(Workspace.tool("ledger"))
        #expect(try w.run(ledger, ["-f", "ledger.journal", "bal", "--format", "%(display_total)\n", "-n", "^assets:savings:roundups"]).stdout == "1.94 EUR\n")
        let json = try w.penny("roundup", "status", "--format", "json")
        #expect(
            json.stdout.hasPrefix(
                #"{"roundups": [{"program": "spare-change", "accrued": "7.10", "swept": "5.16", "pot": "1.94", "destinations": [{"account": "assets:bank:savings", "amount": "2.58"}"#
            ))
    }

    /// `--detail` lists each purchase's spare change from the ledger (the derived journal
    /// keeps only one entry per program and day); day by day they add up to its entries.
    @Test func detailListsEachPurchaseAndAddsUpToTheDailyEntries() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let detail = try w.penny("roundup", "status", "--detail").stdout
        let lines = detail.split(separator: "\n").map(String.init)
        #expect(lines.last == "spare-change: 7.10 EUR from 16 purchases", "\(detail)")
        #expect(lines.contains("2024-03-03  spare-change  0.20 EUR  assets:bank:montepio  CAFÉ NICOLA  (purchase d67b7cfa877dbeeb)"), "\(detail)")
        var byDay: [String: Int] = [:]
        for line in lines.dropLast() {
            let fields = line.components(separatedBy: "  ")
            byDay[fields[0], default: 0] += Int(fields[2].dropLast(4).replacingOccurrences(of: ".", with: ""))!
        }
        // The derived journal's accrual entries: date, then the pot's posting.
        let journal = try w.text("ledger.journal.roundups.journal")
        var entries: [String: Int] = [:]
        for block in journal.components(separatedBy: "\n\n") where block.contains(": spare change of ") {
            let postings = block.split(separator: "\n").filter { $0.hasPrefix("    assets:savings:roundups") }
            let amount = postings[0].split(separator: " ").dropLast().last!.replacingOccurrences(of: ".", with: "")
            entries[String(block.prefix(10)), default: 0] += Int(amount)!
        }
        #expect(byDay == entries)
        #expect(byDay.values.reduce(0, +) == 710)
        let json = try w.penny("roundup", "status", "--detail", "spare-change", "--format", "json").stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: String]]]
        #expect(parsed?["purchases"]?.count == 16)
        #expect(parsed?["purchases"]?.first { $0["purchase"] == "d67b7cfa877dbeeb" }?["spare"] == "0.20")
    }

    @Test func derivedJournalIsTheSameWhateverTheImportOrder() throws {
        let forward = try Workspace()
        #expect(try forward.penny("import", "samples").status == 0)
        let expected = try forward.bytes("ledger.journal.roundups.journal")
        if ProcessInfo.processInfo.environment["PENNY_REGENERATE_GOLDEN"] != nil {
            try expected.write(to: packageRoot.appendingPathComponent("Tests/pennyTests/Fixtures/samples.roundups.journal"))
        }
        #expect(expected == (try Data(contentsOf: fixture("samples.roundups.journal"))))
        let backward = try Workspace()
        for file in try FileManager.default.contentsOfDirectory(atPath: backward.path("samples")).sorted().reversed() where file != "history" {
            #expect(try backward.penny("import", "samples/\(file)").status == 0)
        }
        #expect(try backward.bytes("ledger.journal.roundups.journal") == expected)
        // Imported backwards, each of the three transfers is still recorded once, and every
        // account still reconciles.
        #expect(try backward.text("ledger.journal").components(separatedBy: "\n; transfer-leg: ").count == 4)
        #expect(try backward.penny("report", "balances", "--format", "json").stdout.components(separatedBy: "\"reconciled\": true").count == 6)
        #expect(try forward.penny("import", "samples").status == 0)
        #expect(try forward.bytes("ledger.journal.roundups.journal") == expected)
    }

    @Test func laterWaitsForApplyWhichIsRecordedOnce() throws {
        let w = try Workspace()
        let rules = try w.text("rules/roundups.rules").replacingOccurrences(of: "apply when-pot-reaches 5.00", with: "apply later")
        try rules.write(toFile: w.path("rules/roundups.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples").status == 0)
        #expect(try w.penny("roundup", "status").stdout.contains("In the pot                   7.10"))
        let applied = try w.penny("roundup", "apply", "spare-change", "--date", "2024-03-31")
        #expect(applied.status == 0)
        // 7.10 split 50/25/25: 3.55, 1.775 and 1.775 → the odd cent to the earlier tie.
        #expect(
            applied.stdout == """
                spare-change: swept 7.10 EUR on 2024-03-31
                  assets:bank:savings  3.55 EUR
                  assets:savings:goal:car  1.78 EUR
                  expenses:donations:ami  1.77 EUR

                """)
        #expect(try w.text("ledger.journal").contains("\n; roundup-apply: spare-change 2024-03-31 id "))
        let once = try w.bytes("ledger.journal")
        #expect(
            try w.penny("roundup", "apply", "spare-change", "--date", "2024-03-31").stdout
                == "spare-change: swept 7.10 EUR on 2024-03-31\n  assets:bank:savings  3.55 EUR\n  assets:savings:goal:car  1.78 EUR\n  expenses:donations:ami  1.77 EUR\n")
        #expect(try w.bytes("ledger.journal") == once)
        #expect(try w.penny("roundup", "status").stdout.contains("In the pot                   0.00"))
    }

    @Test func monthlySweepsOnlyEndedMonths() throws {
        let w = try Workspace()
        let rules = try w.text("rules/roundups.rules").replacingOccurrences(of: "apply when-pot-reaches 5.00", with: "apply monthly")
        try rules.write(toFile: w.path("rules/roundups.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples").status == 0)
        // The ledger's latest date is 2024-03-28: March has not ended, nothing is swept.
        #expect(try w.penny("roundup", "status").stdout.contains("Swept                        0.00\nIn the pot                   7.10\n"))
        try w.copy(fixture: "montepio-2024-04.csv")
        #expect(try w.penny("import", "montepio-2024-04.csv").status == 0)
        // Now 2024-04-03: March's 7.10 is swept on 03-31 (3.55 / 1.78 / 1.77); April's LIDL 22.10
        // leaves 0.90 in the pot.
        let status = try w.penny("roundup", "status").stdout
        #expect(status.contains("Accrued                      8.00\nSwept                        7.10\nIn the pot                   0.90\n"))
        #expect(try w.text("ledger.journal.roundups.journal").contains("2024-03-31 * Round-up spare-change: sweep (end of the month)\n"))
    }

    @Test func aSplitThatDoesNotAddUpStopsEveryCommand() throws {
        let w = try Workspace()
        let rules = try w.text("rules/roundups.rules").replacingOccurrences(of: "to expenses:donations:ami 25%", with: "to expenses:donations:ami 20%")
        try rules.write(toFile: w.path("rules/roundups.rules"), atomically: true, encoding: .utf8)
        let message = "rules/roundups.rules:10:3: error: destinations add up to 95%: 5% still to assign"
        for arguments in [["import", "samples"], ["report", "summary"], ["roundup", "status"], ["rules", "check"]] {
            let result = try w.run(pennyBinary.path, arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        let over = try w.text("rules/roundups.rules").replacingOccurrences(of: "to expenses:donations:ami 20%", with: "to expenses:donations:ami 50%")
        try over.write(toFile: w.path("rules/roundups.rules"), atomically: true, encoding: .utf8)
        #expect(try w.penny("rules", "check").stderr.hasPrefix("rules/roundups.rules:10:3: error: destinations add up to 125%: 25% too much"))
    }
}
