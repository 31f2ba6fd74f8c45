import Foundation
import Testing

/// A household with EUR, USD and GBP accounts (docs/currencies.md): each account imports and
/// reconciles in its own currency, `report balances` totals in EUR, and the exchange from
/// checking to Revolut is written once with its cost, whichever statement comes first.
@Suite(.serialized) struct MultiCurrencyEndToEndTests {
    static let exchangeLines = """
            assets:bank:checking                      -92.50 EUR
            assets:revolut:usd                        100.00 USD @@ 92.50 EUR

        """

    func workspace(rates: Bool = true) throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try w.copy(fixture: "multicurrency/main.rules", as: "rules/main.rules")
        for file in ["checking.json", "revolut.json", "wise.json"] { try w.copy(fixture: "multicurrency/\(file)", as: file) }
        if rates {
            try w.copy(fixture: "currency/eurofxref-hist.csv", as: "eurofxref-hist.csv")
            try w.copy(fixture: "currency/eurofxref-daily.xml", as: "eurofxref-daily.xml")
            let imported = try w.penny("prices", "import", "eurofxref-hist.csv", "eurofxref-daily.xml")
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        return w
    }

    func json(_ result: CommandResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// `hledger bal ... -O csv` rows: account → amount text.
    func hledger(_ w: Workspace, _ arguments: [String]) throws -> [String: String] {
        let tool = try #require(Workspace.tool("hledger"))
        let result = try w.run(tool, ["-f", "ledger.journal", "bal", "-O", "csv"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        var rows: [String: String] = [:]
        for line in result.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            rows[cells[0]] = cells[1]
        }
        return rows
    }

    func decimal(_ text: Any?) throws -> Decimal {
        let digits = (text as? String ?? "").replacingOccurrences(of: "EUR", with: "").trimmingCharacters(in: .whitespaces)
        return try #require(Decimal(string: digits), "\(text ?? "nil")")
    }

    @Test func eachAccountReconcilesInItsOwnCurrencyAndTheTotalIsInEUR() throws {
        let w = try workspace()
        let imported = try w.penny("import", "checking.json", "revolut.json", "wise.json")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "")
        for line in [
            "balance: assets:bank:checking 4312.20 EUR on 2024-03-06 agrees with the statement",
            "balance: assets:revolut:usd 1013.63 USD on 2024-03-06 agrees with the statement",
            "balance: assets:wise:gbp 88.41 GBP on 2024-03-05 agrees with the statement",
        ] {
            #expect(imported.stdout.contains(line + "\n"), "\(imported.stdout)")
        }
        let report = try json(try w.penny("report", "balances", "--format", "json"))
        #expect(report["as_of"] as? String == "2024-03-06" && report["currency"] as? String == "EUR")
        let accounts = try #require(report["accounts"] as? [[String: Any]])
        #expect(accounts.map { $0["currency"] as? String } == ["EUR", "USD", "GBP"])
        #expect(accounts.map { $0["balance"] as? String } == ["4312.20", "1013.63", "88.41"])
        #expect(accounts.map { $0["statement_closing"] as? String } == ["4312.20", "1013.63", "88.41"])
        #expect(accounts.allSatisfy { $0["reconciled"] as? Bool == true })
        // At the as-of date's rates (2024-03-06: 1.0892 USD, 0.85513 GBP), one rounding per account.
        #expect(accounts.map { $0["value"] as? String } == ["4312.20", "930.62", "103.39"])
        #expect(report["total"] as? String == "5346.21")
        // hledger -X EUR at the same day, at full precision: within a half-cent per converted account.
        let exact = try hledger(w, ["-X", "EUR", "-c", "EUR 1.000000", "-e", "2024-03-07", "--flat", "assets", "liabilities"])
        #expect(exact["total"] == "EUR 5346.206592")
        #expect(abs(try decimal(report["total"]) - (try decimal(exact["total"]))) <= 2 * Decimal(string: "0.005")!)
        // ledger-cli agrees to the cent.
        let ledger = try #require(Workspace.tool("ledger"))
        let total = try w.run(ledger, ["-f", "ledger.journal", "bal", "assets", "liabilities", "-X", "EUR", "--end", "2024-03-07"])
        #expect(total.stdout.hasSuffix("5346.21 EUR\n"), "\(total.stdout)")
        // The table shows each account's currency and value.
        let table = try w.penny("report", "balances").stdout
        #expect(table.contains("assets:revolut:usd    USD       1013.63     1013.63    1013.63  2024-03-06  yes          930.62\n"), "\(table)")
        #expect(table.contains("Total                 EUR                                                               5346.21\n"), "\(table)")
    }

    @Test func aBalanceNoRateReachesIsNamedNeverZero() throws {
        let w = try workspace(rates: false)
        #expect(try w.penny("import", "revolut.json", "wise.json").status == 0)
        let result = try w.penny("report", "balances")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "ledger.journal: error: no exchange rate for GBP→EUR on 2024-03-06, USD→EUR on 2024-03-06 to value the balances: add 'price' lines to the rules or run 'penny prices import'\n"
        )
    }

    /// EUR leaves checking on the 4th, USD arrives at Revolut on the 5th: one entry with its
    /// cost, both tools balance it, and the cost against the ECB's rate is reported; the same
    /// whichever statement is imported first, in one run or two.
    @Test(arguments: [["checking.json", "revolut.json"], ["revolut.json", "checking.json"], ["both"], ["both-reversed"]])
    func anExchangeIsWrittenOnceWithItsCostWhateverTheOrder(order: [String]) throws {
        let w = try workspace()
        switch order {
        case ["both"]: #expect(try w.penny("import", "checking.json", "revolut.json").stdout.contains("1 transfer paired"))
        case ["both-reversed"]: #expect(try w.penny("import", "revolut.json", "checking.json").stdout.contains("1 transfer paired"))
        default:
            #expect(try w.penny("import", order[0]).status == 0)
            #expect(try w.penny("import", order[1]).stdout.contains("1 transfer paired"))
        }
        let journal = try w.text("ledger.journal")
        #expect(journal.contains(Self.exchangeLines), "\(journal)")
        #expect(journal.components(separatedBy: "@@").count == 2)
        #expect(journal.components(separatedBy: "\n; transfer-leg: ").count == 2)
        // Both tools read the entry as balanced: hledger's check, ledger-cli's own.
        let hledger = try #require(Workspace.tool("hledger")), ledger = try #require(Workspace.tool("ledger"))
        let checked = try w.run(hledger, ["-f", "ledger.journal", "check"])
        #expect(checked.status == 0, "\(checked.stderr)")
        let read = try w.run(ledger, ["-f", "ledger.journal", "bal", "assets:revolut"])
        #expect(read.status == 0 && read.stderr == "", "\(read.stderr)")
        #expect(read.stdout.hasSuffix("1013.63 USD  assets:revolut:usd\n"), "\(read.stdout)")
        // The report is the same byte for byte whatever the order.
        let report = try w.penny("report", "balances", "--format", "json")
        #expect(
            report.stdout.hasSuffix(
                #""exchanges": [{"date": "2024-03-04", "from": "assets:bank:checking", "to": "assets:revolut:usd", "paid": "92.50 EUR", "received": "100.00 USD", "reference": "92.21 EUR", "cost": "0.29 EUR"}], "exchange_cost": "0.29"}"#
                    + "\n"), "\(report.stdout)")
        let reference = try workspace()
        #expect(try reference.penny("import", "checking.json", "revolut.json").status == 0)
        #expect(report.stdout == (try reference.penny("report", "balances", "--format", "json").stdout))
        #expect(try w.penny("report", "balances").stdout.contains("\nExchange cost: 0.29 EUR\n"))
        // Importing everything again adds nothing.
        let before = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "revolut.json", "checking.json").status == 0)
        #expect(try w.bytes("ledger.journal") == before)
    }

    /// 120 USD for 92.50 EUR is 19% off the ECB's rate: not this exchange, so both legs stay.
    @Test func anImplausibleRateDoesNotPair() throws {
        let w = try workspace()
        let revolut = try w.text("revolut.json").replacingOccurrences(of: "\"100.00\"", with: "\"120.00\"").replacingOccurrences(of: "\"1013.63\"", with: "\"1033.63\"")
        try revolut.write(toFile: w.path("revolut.json"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "checking.json", "revolut.json")
        #expect(!result.stdout.contains("paired"), "\(result.stdout)")
        #expect(!(try w.text("ledger.journal")).contains("@@"))
    }

    /// Issue 14's "done when": EUR, USD and GBP accounts, an exchange between two of them and
    /// the ECB's rates give `report summary --currency EUR --value end` equal to
    /// `hledger bal -X EUR` to the cent, every account
    /// reconciled in its own currency, the exchange recorded once with its cost.
    @Test func doneWhen() throws {
        let w = try workspace()
        let imported = try w.penny("import", "wise.json", "revolut.json", "checking.json")
        #expect(imported.status == 0 && imported.stderr == "", "\(imported.stderr)")
        #expect(imported.stdout.contains("1 transfer paired"))
        #expect(imported.stdout.components(separatedBy: "agrees with the statement").count == 4)
        let summary = try json(try w.penny("report", "summary", "--currency", "EUR", "--value", "end", "--format", "json"))
        var penny: [String: String] = [:]
        for case let line as [String: Any] in summary["categories"] as? [Any] ?? [] { penny[line["account"] as! String] = line["amount"] as? String }
        let shown = try hledger(w, ["-X", "EUR", "--depth", "2", "income", "expenses"])
        // Each figure mixes currencies (food 61.30 EUR + 23.47 USD + 18.99 GBP, transport 34.00 EUR
        // + 2.90 USD + 12.60 GBP); both convert the sums and round once, so they agree to the cent.
        for account in ["expenses:food", "expenses:transport"] { #expect(try decimal(penny[account]) == (try decimal(shown[account])), "\(account)") }
        let income = try decimal(summary["income"])
        #expect(income == -(try decimal(shown["income:salary"])) - (try decimal(shown["income:freelance"])))
        #expect(penny == ["expenses:food": "105.06", "expenses:transport": "51.40"])
        #expect(summary["income"] as? String == "3087.59")
        // The exchange is neither income nor expense, and is written once with its cost.
        #expect((try w.text("ledger.journal")).contains(Self.exchangeLines))
        let balances = try json(try w.penny("report", "balances", "--format", "json"))
        #expect((balances["accounts"] as? [[String: Any]])?.allSatisfy { $0["reconciled"] as? Bool == true } == true)
        #expect(balances["exchange_cost"] as? String == "0.29")
    }
}

/// A purchase abroad keeps what it cost in its own currency as tags (OFX `ORIGCURRENCY` and
/// `CURRENCY` with `CURRATE`, CAMT `InstdAmt` with `CcyXchg`); the account is charged in
/// its own currency and round-ups use that amount.
struct PurchaseAbroadEndToEndTests {
    @Test func theOriginalAmountIsKeptAndRoundUpsUseTheAmountCharged() throws {
        let w = try Workspace()
        try w.copy(fixture: "multicurrency/visa-abroad.ofx", as: "visa-abroad.ofx")
        try w.copy(fixture: "multicurrency/savings-abroad.camt.xml", as: "savings-abroad.camt.xml")
        let result = try w.penny("import", "visa-abroad.ofx", "savings-abroad.camt.xml")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let journal = try w.text("ledger.journal")
        // ORIGCURRENCY: charged 46.12 EUR, 46.12 / 0.9224 = 50.00 USD.
        #expect(
            journal.contains(
                "    ; original-amount: -50.00\n    ; original-currency: USD\n    ; exchange-rate: 0.9224\n    expenses:uncategorized                     46.12 EUR\n    liabilities:card:visa                     -46.12 EUR\n"
            ), "\(journal)")
        // CURRENCY: 20.00 GBP at 1.1690 is charged 23.38 EUR.
        #expect(
            journal.contains("    ; original-amount: -20.00\n    ; original-currency: GBP\n    ; exchange-rate: 1.1690\n    expenses:food:groceries                    23.38 EUR\n")
        )
        // CAMT: InstdAmt 100.00 USD, charged 92.21 EUR.
        #expect(
            journal.contains(
                "    ; original-amount: -100.00\n    ; original-currency: USD\n    ; exchange-rate: 1.0845\n    expenses:uncategorized                     92.21 EUR\n"))
        let roundUps = try w.text("ledger.journal.roundups.journal")
        #expect(
            roundUps.contains(
                "2024-04-04 * Round-up spare-change: spare change of 1 purchase\n    ; roundup: spare-change\n    assets:savings:roundups                     0.88 EUR\n"),
            "\(roundUps)")
        #expect(
            roundUps.contains(
                "2024-04-06 * Round-up spare-change: spare change of 1 purchase\n    ; roundup: spare-change\n    assets:savings:roundups                     0.62 EUR\n"))
        // Each purchase's spare change, on demand.
        let detail = try w.penny("roundup", "status", "--detail").stdout
        #expect(detail.contains("2024-04-04  spare-change  0.88 EUR  assets:bank:montepio  DINER IN BOSTON  (purchase 5a91396c11dabdf3)\n"), "\(detail)")
        #expect(detail.contains("2024-04-06  spare-change  0.62 EUR  assets:bank:montepio  TESCO LONDON  (purchase 9151d43003677fb7)\n"))
        // hledger reads the tags as tags.
        let hledger = try #require(Workspace.tool("hledger"))
        let tagged = try w.run(hledger, ["-f", "ledger.journal", "reg", "tag:original-currency=USD", "-O", "csv"]).stdout
        #expect(tagged.split(separator: "\n").count == 5, "\(tagged)")
    }
}

/// `report html --currency EUR` converts the recap's income and expenses like the summary.
struct CurrencyRecapEndToEndTests {
    @Test func theRecapConvertsLikeTheSummary() throws {
        let w = try Workspace(copySamples: false)
        try w.copy(fixture: "currency/ledger.journal", as: "ledger.journal")
        try w.copy(fixture: "currency/currency.rules", as: "rules/currency.rules")
        let missing = try w.penny("report", "html", "--month", "2024-03", "--currency", "EUR")
        #expect(missing.status == 2 && missing.stderr.hasPrefix("ledger.journal: error: no exchange rate for GBP→EUR on "), "\(missing.stderr)")
        try w.copy(fixture: "currency/eurofxref-hist.csv", as: "eurofxref-hist.csv")
        try w.copy(fixture: "currency/eurofxref-daily.xml", as: "eurofxref-daily.xml")
        #expect(try w.penny("prices", "import", "eurofxref-hist.csv", "eurofxref-daily.xml").status == 0)
        let plain = try w.penny("report", "html", "--month", "2024-03").stdout
        let converted = try w.penny("report", "html", "--month", "2024-03", "--currency", "EUR")
        #expect(converted.status == 0, "\(converted.stderr)")
        // The summary's income and expenses at each day's rate (CurrencyReportEndToEndTests).
        let summary = try w.penny("report", "summary", "--month", "2024-03", "--currency", "EUR").stdout
        #expect(summary.contains("Income        3091.88\nExpenses       156.53\n"), "\(summary)")
        #expect(converted.stdout.contains("3,091.88") && converted.stdout.contains("156.53"))
        #expect(plain.contains("2,500.00") && !plain.contains("3,091.88"))
    }
}
