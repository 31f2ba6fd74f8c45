import Foundation
import Testing

/// `penny prices import` writes the ECB's rates as P lines hledger reads, once, and
/// `penny convert` converts with them.
struct PricesEndToEndTests {
    /// The EUR/USD/GBP ledger, its rules and the sample ECB files, rates not yet imported.
    static func workspace() throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try w.copy(fixture: "currency/ledger.journal", as: "ledger.journal")
        try w.copy(fixture: "currency/currency.rules", as: "rules/currency.rules")
        try w.copy(fixture: "currency/eurofxref-hist.csv", as: "eurofxref-hist.csv")
        try w.copy(fixture: "currency/eurofxref-daily.xml", as: "eurofxref-daily.xml")
        return w
    }

    func workspace() throws -> Workspace { try Self.workspace() }

    @Test func theECBFilesBecomeOnePLinePerDayAndPairIncludedByTheLedger() throws {
        let w = try workspace()
        let first = try w.penny("prices", "import", "eurofxref-hist.csv", "eurofxref-daily.xml")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "28 new rates, 0 already held: ledger.journal.prices.journal\n")
        let prices = try w.text("ledger.journal.prices.journal")
        #expect(prices.hasPrefix("; Exchange rates imported by `penny prices import`"))
        #expect(
            prices.contains("P 2024-03-01 EUR 0.85600 GBP\nP 2024-03-01 EUR 392.08 HUF\nP 2024-03-01 EUR 162.43 JPY\nP 2024-03-01 EUR 1.0813 USD\nP 2024-03-04 EUR 1.9558 BGN\n"))
        #expect(prices.hasSuffix("P 2024-03-06 EUR 0.85513 GBP\nP 2024-03-06 EUR 392.48 HUF\nP 2024-03-06 EUR 162.96 JPY\nP 2024-03-06 EUR 1.0892 USD\n"))
        #expect(try w.text("ledger.journal").hasSuffix("\ninclude ledger.journal.prices.journal\n"))

        let again = try w.penny("prices", "import", "eurofxref-daily.xml", "eurofxref-hist.csv")
        #expect(again.stdout == "0 new rates, 28 already held: ledger.journal.prices.journal\n")
        #expect(try w.text("ledger.journal.prices.journal") == prices)
        #expect(try w.text("ledger.journal").components(separatedBy: "include ledger.journal.prices.journal").count == 2)

        let hledger = try #require(Workspace.tool("hledger"))
        let listed = try w.run(hledger, ["-f", "ledger.journal", "prices"])
        #expect(listed.stdout.contains("P 2024-03-06 EUR 1.0892 USD"), "\(listed.stderr)")
    }

    @Test func aBadRateRejectsTheFileAndWritesNothing() throws {
        let w = try workspace()
        try "Date,USD,\n2024-03-01,1.08x3,\n".write(toFile: w.path("bad.csv"), atomically: true, encoding: .utf8)
        let before = try w.text("ledger.journal")
        let result = try w.penny("prices", "import", "eurofxref-hist.csv", "bad.csv")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("bad.csv:2:12: error: cannot read the USD rate '1.08x3'"))
        #expect(try w.text("ledger.journal") == before)
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal.prices.journal")))
    }

    @Test func convertUsesTheLatestRateOnOrBeforeTheDay() throws {
        let w = try workspace()
        try w.penny("prices", "import", "eurofxref-hist.csv")
        let reversed = try w.penny("convert", "100", "USD", "EUR", "--date", "2024-03-03")
        #expect(reversed.stdout == "100.00 USD = 92.48 EUR\n  at USD→EUR 1/1.0813 (2024-03-01)\n", "\(reversed.stderr)")
        let bridged = try w.penny("convert", "100.00", "USD", "GBP", "--date", "2024-03-05", "--quiet")
        // 100 × 0.85538 / 1.0849 = 78.844...
        #expect(bridged.stdout == "100.00 USD = 78.84 GBP\n")
        let missing = try w.penny("convert", "5", "USD", "EUR", "--date", "2024-02-01")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no exchange rate from USD to EUR on or before 2024-02-01"))
    }
}
