import Foundation
import Testing

/// `report summary --currency EUR` on a ledger with EUR, USD and GBP accounts and the
/// ECB's rates, against hledger on the same files (docs/currencies.md, "hledger").
struct CurrencyReportEndToEndTests {
    func workspace() throws -> Workspace {
        let w = try PricesEndToEndTests.workspace()
        let imported = try w.penny("prices", "import", "eurofxref-hist.csv", "eurofxref-daily.xml")
        #expect(imported.status == 0, "\(imported.stderr)")
        return w
    }

    /// hledger's `bal ... -O csv` rows as account → amount text without the commodity.
    func hledger(_ w: Workspace, _ arguments: [String]) throws -> [String: String] {
        let tool = try #require(Workspace.tool("hledger"))
        let result = try w.run(tool, ["-f", "ledger.journal", "bal", "--depth", "2", "-O", "csv"] + arguments + ["income", "expenses"])
        #expect(result.status == 0, "\(result.stderr)")
        var rows: [String: String] = [:]
        for line in result.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            rows[cells[0]] = cells[1].replacingOccurrences(of: "EUR", with: "").trimmingCharacters(in: .whitespaces)
        }
        return rows
    }

    func summary(_ w: Workspace, _ arguments: String...) throws -> [String: Any] {
        let result = try w.run(pennyBinary.path, ["report", "summary", "--currency", "EUR", "--format", "json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func categories(_ s: [String: Any]) -> [String: String] {
        var amounts: [String: String] = [:]
        for case let line as [String: Any] in s["categories"] as? [Any] ?? [] { amounts[line["account"] as! String] = line["amount"] as? String }
        return amounts
    }

    /// Each amount at its own day's rate is `hledger bal --value=then,EUR`: every figure agrees
    /// to the cent (both sum the exact converted postings and round the sum).
    @Test func atEachDaysRateTheFiguresAreHledgers() throws {
        let w = try workspace()
        let penny = try summary(w)
        let ledger = try hledger(w, ["--value=then,EUR"])
        #expect(categories(penny) == ["expenses:food": ledger["expenses:food"], "expenses:transport": ledger["expenses:transport"]])
        #expect(penny["income"] as? String == "3091.88")
        #expect(ledger["income:freelance"] == "-591.88" && ledger["income:salary"] == "-2500.00")
        #expect(penny["net"] as? String == String(ledger["total"]!.dropFirst()))
    }

    /// Issue 31: `--value then` rounded each converted posting and summed the rounded
    /// values: three purchases of 1.01 USD at 0.915 are 2.77245 EUR, which hledger sums
    /// exactly and Penny said 2.76 (0.92 three times). Each category is now the exact sum of
    /// its converted postings, rounded once.
    @Test func atEachDaysRateTheSumIsRoundedOnce() throws {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try "default currency EUR\naccount assets:bank:usd\n  currency USD\n".write(toFile: w.path("rules/r.rules"), atomically: true, encoding: .utf8)
        var ledger = "P 2024-03-01 USD 0.9150 EUR\n"
        for day in 2...4 { ledger += "\n2024-03-0\(day) * SHOP \(day)\n    expenses:food    1.01 USD\n    assets:bank:usd    -1.01 USD\n" }
        try ledger.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        let penny = categories(try summary(w, "--value", "then"))
        let shown = try hledger(w, ["--value=then,EUR"])
        #expect(penny["expenses:food"] == "2.77")
        // hledger shows the exact sum at the price's precision (2.77245 → 2.7724); to the cent it is Penny's.
        #expect(shown["expenses:food"] == "2.7724")
    }

    /// `--value end` is `hledger bal -X EUR` (which values at the report's end, or at the
    /// latest rate when the period is open): both sum each category per currency, convert
    /// the sums exactly and round once, so every figure agrees to the cent — transport (12.60
    /// GBP and 2.90 USD) is 51.397106 exactly and 51.40 in both.
    @Test func atThePeriodsEndTheFiguresAreHledgerX() throws {
        let w = try workspace()
        let penny = categories(try summary(w, "--value", "end"))
        let shown = try hledger(w, ["-X", "EUR"])
        #expect(penny == ["expenses:food": shown["expenses:food"], "expenses:transport": shown["expenses:transport"]])
        #expect(penny == ["expenses:food": "105.06", "expenses:transport": "51.40"])
        let exact = try hledger(w, ["-X", "EUR", "-c", "EUR 1.000000"])
        #expect(exact["expenses:food"] == "105.055075" && exact["expenses:transport"] == "51.397106")
    }

    @Test func aMissingRateIsNamedNeverZero() throws {
        let w = try Workspace(copySamples: false)
        try w.copy(fixture: "currency/ledger.journal", as: "ledger.journal")
        try w.copy(fixture: "currency/currency.rules", as: "rules/currency.rules")
        let result = try w.penny("report", "summary", "--currency", "EUR")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "ledger.journal: error: no exchange rate for GBP→EUR on 2024-03-05 (2 postings), USD→EUR on 2024-03-01 (3 postings): add 'price' lines to the rules or run 'penny prices import'\n"
        )
    }
}
