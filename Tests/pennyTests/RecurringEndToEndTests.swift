import Foundation
import Testing

/// `report recurring` and `report forecast` on a ledger imported from a statement with four
/// months of a subscription, rent, a salary and an instalment plan.
@Suite(.serialized) struct RecurringEndToEndTests {
    func workspace() throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try """
        default currency EUR
        account assets:bank:checking
          id PT50000000000000000000001
          opening 2023-12-31 100.00
        rule rent
          if description contains "RENDA"
          category expenses:housing
        rule salary
          if description contains "ORDENADO"
          category income:salary

        """.write(toFile: w.path("rules/bank.rules"), atomically: true, encoding: .utf8)
        var transactions: [String] = []
        for month in 1...4 {
            let m = String(format: "%02d", month)
            transactions.append(#"{"id": "N\#(m)", "date": "2024-\#(m)-03", "amount": "-13.99", "description": "NETFLIX.COM"}"#)
            transactions.append(#"{"id": "R\#(m)", "date": "2024-\#(m)-01", "amount": "-850.00", "description": "TRF RENDA SR JOAO"}"#)
            transactions.append(#"{"id": "S\#(m)", "date": "2024-\#(m)-25", "amount": "820.00", "description": "TRF ORDENADO ACME"}"#)
            transactions.append(#"{"id": "W\#(m)", "date": "2024-\#(m)-15", "amount": "-79.90", "description": "WORTEN PARC 0\#(month)/06"}"#)
        }
        let statement = #"{"account": {"id": "PT50000000000000000000001", "currency": "EUR"}, "transactions": [\#(transactions.joined(separator: ", "))]}"#
        try statement.write(toFile: w.path("bank.json"), atomically: true, encoding: .utf8)
        let imported = try w.penny("import", "bank.json")
        #expect(imported.status == 0, "\(imported.stderr)")
        return w
    }

    @Test func subscriptionsRentSalaryAndInstalmentsWithTheirNextDates() throws {
        let w = try workspace()
        let result = try w.penny("report", "recurring", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(json["recurring"] as? [[String: Any]])
        let byPayee = Dictionary(uniqueKeysWithValues: items.map { ($0["payee"] as! String, $0) })
        #expect(Set(byPayee.keys) == ["NETFLIX.COM", "TRF RENDA SR JOAO", "TRF ORDENADO ACME", "WORTEN PARC 04/06"])
        #expect(byPayee["NETFLIX.COM"]?["next_date"] as? String == "2024-05-03")
        #expect(byPayee["NETFLIX.COM"]?["interval"] as? String == "monthly")
        #expect(byPayee["NETFLIX.COM"]?["monthly_cost"] as? String == "-13.99")
        #expect(byPayee["TRF ORDENADO ACME"]?["amount"] as? String == "820.00")
        #expect(byPayee["WORTEN PARC 04/06"]?["instalments_left"] as? Int == 2)
        #expect(byPayee["WORTEN PARC 04/06"]?["remaining_total"] as? String == "-159.80")
        let table = try w.penny("report", "recurring").stdout
        #expect(table.contains("NETFLIX.COM"))
        #expect(table.hasPrefix("Recurring payments as of 2024-04-25"))
    }

    @Test func theForecastShowsTheLowestBalanceAndWarnsBelowZero() throws {
        let w = try workspace()
        // 100.00 + 4 × (820.00 − 850.00 − 13.99 − 79.90) = −395.56 after April.
        let result = try w.penny("report", "forecast", "--months", "2", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let account = try #require((json["accounts"] as? [[String: Any]])?.first)
        #expect(account["start"] as? String == "-395.56")
        // Through June 25: May 1 rent −850, May 3 Netflix −13.99, May 15 instalment 5/6 −79.90,
        // May 25 salary +820, then the same in June (instalment 6/6, the last): lowest on
        // June 15 at −395.56 − 2 × 943.89 + 820 = −1463.34, and −643.34 after June's salary.
        #expect(account["lowest"] as? String == "-1463.34")
        #expect(account["lowest_date"] as? String == "2024-06-15")
        #expect(account["end"] as? String == "-643.34")
        #expect(account["below_zero"] as? Bool == true)
        #expect(try w.penny("report", "forecast").stdout.contains("warning: assets:bank:checking is forecast to go below zero on"))
    }
}

/// `recurring` and `not-recurring` in the rules: a person's word on what recurs.
@Suite(.serialized) struct RecurringOverridesEndToEndTests {
    @Test func aDismissedPayeeIsLeftOutAndAConfirmedOneIsListed() throws {
        let w = try RecurringEndToEndTests().workspace()
        // Two payments 35 and 27 days apart: too few and too irregular to be found alone.
        let extra =
            #"{"account": {"id": "PT50000000000000000000001", "currency": "EUR"}, "transactions": [{"id": "G1", "date": "2024-03-02", "amount": "-30.00", "description": "GINASIO"}, {"id": "G2", "date": "2024-04-06", "amount": "-30.00", "description": "GINASIO"}]}"#
        try extra.write(toFile: w.path("gym.json"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "gym.json").status == 0)
        try "not-recurring netflix\nrecurring ginásio\n  every monthly\n".write(toFile: w.path("rules/recurring.rules"), atomically: true, encoding: .utf8)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try w.penny("report", "recurring", "--format", "json").stdout.utf8)) as? [String: Any])
        let payees = Set(((json["recurring"] as? [[String: Any]]) ?? []).compactMap { $0["payee"] as? String })
        #expect(!payees.contains("NETFLIX.COM"))
        #expect(payees.contains("GINASIO"))
        #expect(payees.contains("TRF RENDA SR JOAO"))
    }

    @Test func theirMessages() throws {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try "recurring\nrecurring gym\n  every fortnight\nnot-recurring x\n  every monthly\n".write(toFile: w.path("rules/r.rules"), atomically: true, encoding: .utf8)
        let check = try w.penny("rules", "check")
        #expect(check.status == 2)
        #expect(check.stderr.contains("rules/r.rules:1:1: error: expected 'recurring PAYEE' (the text the payee's name contains)"))
        #expect(check.stderr.contains("rules/r.rules:3:9: error: expected 'every' followed by one of weekly, monthly, quarterly, yearly"))
        #expect(check.stderr.contains("rules/r.rules:5:3: error: 'not-recurring' takes no indented lines"))
    }

    /// The samples with the three months after March (`samples/history/`), as `make demo`
    /// imports them: the household's subscriptions, bills, salary and instalments.
    @Test func theSamplesSubscriptionsAndInstalments() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        #expect(try w.penny("import", "samples/history").status == 0)
        let table = try w.penny("report", "recurring").stdout
        for line in [
            "ACME Lda                        income:salary                   monthly  2450.00  2024-06-03  2024-07-03    2450.00     -",
            "\"RENDA, JUNHO\" SR. JOÃO         expenses:housing:rent           monthly  -850.00  2024-06-04  2024-07-04    -850.00     -",
            "DD EDP COMERCIAL ELECTRICIDADE  expenses:housing:utilities      monthly   -55.18  2024-06-05  2024-07-05     -55.18     -  varies -55.18…-64.31",
            "WORTEN PRESTAÇÃO 4/6            expenses:shopping:electronics   monthly   -49.90  2024-06-10  2024-07-10     -49.90     2  new",
            "DD VODAFONE PORTUGAL            expenses:housing:utilities      monthly   -39.99  2024-06-20  2024-07-20     -39.99     -",
            "NETFLIX.COM 0603 AMSTERDAM      expenses:leisure:subscriptions  monthly   -11.99  2024-06-03  2024-07-03     -11.99     -  new",
            "SPOTIFY P1A2B3C4 STOCKHOLM      expenses:leisure:subscriptions  monthly    -8.99  2024-06-08  2024-07-08      -8.99     -  price-change -7.99→-8.99 2024-06-08 new",
        ] {
            #expect(table.contains(line + "\n"), "\(line)\n\(table)")
        }
        let forecast = try w.penny("report", "forecast").stdout
        #expect(forecast.hasPrefix("Forecast 2024-06-27 .. 2024-07-26\n"))
        #expect(forecast.contains("assets:bank:montepio   5550.74  5550.74  2024-06-27     6984.69\n"), "\(forecast)")
    }

    /// Two yearly instalments of 10^15 EUR with 97 left: the remaining total passes 64 bits
    /// of cents. The multiplication trapped (signal 4); now both reports name the ledger.
    @Test func anInstalmentTotalPast64BitsIsAnErrorNotACrash() throws {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try "default currency EUR\naccount assets:bank:checking\n  id PT50000000000000000000001\n".write(toFile: w.path("rules/bank.rules"), atomically: true, encoding: .utf8)
        let transactions = [("A", "2023-03-10", "01"), ("B", "2024-03-10", "02")].map {
            #"{"id": "\#($0.0)", "date": "\#($0.1)", "amount": "-1000000000000000.00", "description": "LOJA PARC \#($0.2)/99"}"#
        }
        let statement = #"{"account": {"id": "PT50000000000000000000001", "currency": "EUR"}, "transactions": [\#(transactions.joined(separator: ", "))]}"#
        try statement.write(toFile: w.path("bank.json"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "bank.json").status == 0)
        for report in ["recurring", "forecast"] {
            let result = try w.penny("report", report)
            #expect(result.status == 1, "\(report): \(result.stderr)")
            #expect(result.stderr.contains("ledger.journal: error: a total of this report passes what Penny counts exactly (9223372036854775807 minor units)"), "\(result.stderr)")
        }
    }
}
