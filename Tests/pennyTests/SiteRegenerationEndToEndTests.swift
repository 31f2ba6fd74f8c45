import Foundation
import Testing

/// `report site` run again on the same folder rebuilds only what changed: nothing when the
/// ledger and rules are as before, a month's recap when something dated in it or before it
/// changed, everything when the rules do.
struct SiteRegenerationEndToEndTests {
    @Test func aSecondRunKeepsWhatDidNotChange() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let first = try w.penny("report", "site", "--output", "site")
        #expect(first.stdout.hasPrefix("wrote ") && first.stdout.hasSuffix(" pages to site (open site/index.html)\n"), "\(first.stdout)")
        let february = try w.bytes("site/month-2024-02.html")
        let expenses = { (page: String) throws -> Decimal in
            let match = try #require(page.firstMatch(of: /data-key="expenses" data-value="([^"]*)"/))
            return try #require(Decimal(string: String(match.1)))
        }
        let before = try expenses(try w.text("site/index.html"))
        #expect(FileManager.default.fileExists(atPath: w.path("site/.penny-site.json")))

        let second = try w.penny("report", "site", "--output", "site")
        #expect(second.stdout == "site is up to date: nothing changed since the last run (open site/index.html)\n")

        // Another visit to a shop the ledger knows, in March: February's recap is kept.
        let entry = "\n2024-03-29 * LIDL IRELAND\n    expenses:food:groceries                    10.00 EUR\n    assets:bank:aib                           -10.00 EUR\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: w.path("ledger.journal")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(entry.utf8))
        try handle.close()
        let third = try w.penny("report", "site", "--output", "site")
        #expect(third.stdout.contains(", kept 1 unchanged"), "\(third.stdout)")
        #expect(try w.bytes("site/month-2024-02.html") == february)
        let food = try w.text("site/category-expenses-food.html")
        #expect(food.contains("data-line="), "the category page is rebuilt with the new line")
        #expect(try w.text("site/index.html") == (try w.text("site/month-2024-03.html")))
        #expect(try expenses(try w.text("site/index.html")) == before + 10)

        // A label changed in the rules: every recap is rebuilt.
        let rules = try w.text("rules/categories.rules").replacingOccurrences(of: "label expenses:food \"Food\"", with: "label expenses:food \"Groceries and food\"")
        try rules.write(toFile: w.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        let fourth = try w.penny("report", "site", "--output", "site")
        #expect(!fourth.stdout.contains("kept"), "\(fourth.stdout)")
        #expect(try w.text("site/month-2024-02.html").contains("Groceries and food"))
    }
}
