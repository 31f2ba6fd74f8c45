import Foundation
import Testing

/// The samples' monthly recap opened in a real headless Chromium: the figures in the
/// rendered DOM equal `report summary --format json`, the page is well-formed and fetches
/// nothing, and screenshots in light and dark mode show a page, not a blank.
@Suite(.serialized) struct HTMLReportEndToEndTests {
    static let chromium = Workspace.tool("chromium")

    func workspace() throws -> Workspace {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        return w
    }

    /// Chromium's rendering of a file: the DOM after layout, or a screenshot.
    func chromium(_ w: Workspace, _ arguments: [String]) throws -> CommandResult {
        let browser = try #require(Self.chromium, "make test installs chromium")
        let profile = w.path("chromium-profile")
        return try w.run(
            browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)", "--no-first-run"] + arguments)
    }

    /// `data-key="K" data-value="V"` pairs of the DOM.
    func figures(_ dom: String) -> [String: String] {
        var out: [String: String] = [:]
        for match in dom.matches(of: /data-key="([a-z_]+)" data-value="([^"]*)"/) { out[String(match.1)] = String(match.2) }
        return out
    }

    /// The first `data-value` of each row marked `data-account="A"` in the spending section.
    func categoryAmounts(_ dom: String) throws -> [String: String] {
        let spending = try #require(dom.firstRange(of: "id=\"spending\"").map { dom[$0.lowerBound...] })
        let section = spending.prefix(upTo: spending.firstRange(of: "</section>")?.lowerBound ?? spending.endIndex)
        var out: [String: String] = [:]
        for match in section.matches(of: /data-account="([^"]+)">.*?data-value="([^"]*)"/) { out[String(match.1)] = String(match.2) }
        return out
    }

    @Test(arguments: ["pt-PT", "en"])
    func theRenderedFiguresEqualTheJSONReport(locale: String) throws {
        let w = try workspace()
        let written = try w.penny("report", "html", "--month", "2024-03", "--locale", locale, "--output", "report.html")
        #expect(written.status == 0, "\(written.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try w.penny("report", "summary", "--month", "2024-03", "--format", "json").stdout.utf8)) as? [String: Any])
        let dom = try chromium(w, ["--dump-dom", "file://" + w.path("report.html")]).stdout
        #expect(dom.contains("<section id=\"spending\""))
        let shown = figures(dom)
        #expect(shown["income"] == json["income"] as? String)
        #expect(shown["expenses"] == json["expenses"] as? String)
        #expect(shown["net"] == json["net"] as? String)
        #expect(shown["savings_rate"] == (json["savings_rate"] as? NSNumber).map { "\($0)" })
        let categories = try #require(json["categories"] as? [[String: Any]])
        let expected = Dictionary(uniqueKeysWithValues: categories.map { ($0["account"] as! String, $0["amount"] as! String) })
        #expect(try categoryAmounts(dom) == expected)
        // Each main category's trend (the eight largest): its last month is the period's amount.
        for category in categories.prefix(8) {
            let account = try #require(category["account"] as? String), amount = try #require(category["amount"] as? String)
            let start = try #require(dom.firstRange(of: "data-trend=\"\(account)\""), "\(account)")
            let row = dom[start.lowerBound...].prefix(upTo: dom[start.lowerBound...].firstRange(of: "</tr>")?.lowerBound ?? dom.endIndex)
            let values = row.matches(of: /data-value="([^"]*)"/).map { String($0.1) }
            // The samples start in March: the chart and the trends begin there, no empty months before.
            #expect(values.count == dom.matches(of: /<tr data-month="/).count, "\(account)")
            #expect(values.last == amount, "\(account)")
        }
        // The same count `penny uncategorized` groups (two single transactions in the samples).
        let groups = try w.penny("uncategorized").stdout.split(separator: "\n").filter { $0.hasPrefix("# 1×") }.count
        #expect(shown["uncategorized"] == String(groups))
        #expect(groups == 2)
        // No month before March has money: the average of the months before says "—", not March's figures.
        #expect(dom.contains("data-key=\"average_income\" data-value=\"\">—</td>"))
        // The bank's balance is shown with the date of its statement (the balance column is the period's end).
        #expect(dom.contains("data-key=\"statement_date\" data-value=\"2024-03-31\""))
        let label = locale == "en" ? "Where the money went" : "Para onde foi o dinheiro"
        #expect(dom.contains(label))
        // The DOM serializes the no-break space before the euro sign as &nbsp;.
        #expect(dom.contains(locale == "en" ? "€5,037.81" : "5037,81&nbsp;€"))
    }

    @Test func thePageIsWellFormedSelfContainedAndSmall() throws {
        let w = try workspace()
        #expect(try w.penny("report", "html", "--period", "2024", "--output", "year.html").status == 0)
        let html = try w.text("year.html")
        let xmllint = try #require(Workspace.tool("xmllint"))
        let lint = try w.run(xmllint, ["--noout", w.path("year.html")])
        #expect(lint.status == 0, "\(lint.stderr)")
        for external in ["http:", "https:", "src=", "url(", "@import", "<link", "<script"] { #expect(!html.contains(external), "\(external)") }
        #expect(html.utf8.count < 300_000)
        #expect(html.contains("prefers-color-scheme: dark"))
        #expect(html.contains("@page{size:A4"))
    }

    /// `--format html` writes any report's document: here the balances, well-formed.
    @Test func everyReportAlsoWritesHTML() throws {
        let w = try workspace()
        let result = try w.penny("report", "balances", "--format", "html", "--output", "balances.html")
        #expect(result.status == 0, "\(result.stderr)")
        let html = try w.text("balances.html")
        #expect(html.contains("<h2>Balances as of 2024-03-31 (EUR)</h2>"))
        #expect(html.contains("<td>assets:bank:savings</td><td class=\"num\">5455.83</td>"))
        let xmllint = try #require(Workspace.tool("xmllint"))
        #expect(try w.run(xmllint, ["--noout", w.path("balances.html")]).status == 0)
    }

    @Test func screenshotsInLightAndDarkShowAPage() throws {
        let w = try workspace()
        #expect(try w.penny("report", "html", "--month", "2024-03", "--locale", "pt-PT", "--output", "report.html").status == 0)
        var stats: [String: [Int]] = [:]
        for mode in ["light", "dark"] {
            let shot = w.path("\(mode).png")
            _ = try chromium(w, (mode == "dark" ? ["--force-dark-mode"] : []) + ["--window-size=1000,1400", "--screenshot=\(shot)", "file://" + w.path("report.html")])
            let result = try w.run("/usr/bin/python3", [packageRoot.appendingPathComponent("scripts/png_stats.py").path, shot])
            stats[mode] = result.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if let folder = ProcessInfo.processInfo.environment["PENNY_SCREENSHOTS"] {
                try? FileManager.default.removeItem(atPath: folder + "/report-\(mode).png")
                try FileManager.default.copyItem(atPath: shot, toPath: folder + "/report-\(mode).png")
            }
        }
        let light = try #require(stats["light"]), dark = try #require(stats["dark"])
        #expect(light.count == 4 && dark.count == 4)
        // A blank page has one colour; this one has text, a donut and bars.
        #expect(light[2] > 100 && dark[2] > 100)
        // Light mode is light and dark mode is dark.
        #expect(light[3] > 180)
        #expect(dark[3] < 90)
    }
}

/// The income split (`split` and its parts' accounts in a budget block) in `report budget`
/// and on the recap page; the nightly run's page.
@Suite(.serialized) struct IncomeSplitEndToEndTests {
    func workspace() throws -> Workspace {
        let w = try Workspace()
        let budget = """

            budget
              expenses:food 15% of income
              split needs 50% leisure 30% savings 20%
              needs expenses:housing, expenses:food, expenses:transport, expenses:health
              leisure expenses:leisure, expenses:shopping
              savings assets:bank:savings

            """
        try (try w.text("rules/categories.rules") + budget).write(toFile: w.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        return w
    }

    @Test func reportBudgetShowsTheSplitPlannedAgainstActual() throws {
        let w = try workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try w.penny("report", "budget", "--month", "2024-03", "--format", "json").stdout.utf8)) as? [String: Any])
        let split = try #require(json["split"] as? [[String: Any]])
        #expect(split.map { $0["name"] as? String } == ["needs", "leisure", "savings"])
        // Income 5037.81: needs 50% = 2518.91 (half a cent rounds away from zero).
        #expect(split[0]["planned"] as? String == "2518.91")
        // Housing 954.30 + food 497.44 + transport 155.70 + health 18.90.
        #expect(split[0]["actual"] as? String == "1626.34")
        #expect(split[1]["actual"] as? String == "33.98")
        let table = try w.penny("report", "budget", "--month", "2024-03").stdout
        #expect(table.contains("Income split 2024-03-01 .. 2024-03-31 (EUR)"))
        let html = try w.penny("report", "html", "--month", "2024-03", "--locale", "en").stdout
        #expect(html.contains("<tr data-split=\"needs\"><th scope=\"row\">needs</th>"))
    }

    @Test func theNightlyRunWritesThePage() throws {
        let w = try workspace()
        try FileManager.default.createDirectory(atPath: w.path("inbox"), withIntermediateDirectories: true)
        // The statements of March (samples/history/ holds the months after it).
        for name in try FileManager.default.contentsOfDirectory(atPath: w.path("samples")) where name != "history" {
            try FileManager.default.moveItem(atPath: w.path("samples/\(name)"), toPath: w.path("inbox/\(name)"))
        }
        let result = try w.penny("import", "--inbox", "inbox", "--settle", "0", "--html", "recap.html", "--site", "site")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote recap.html"))
        let page = try w.text("recap.html")
        #expect(page.contains("data-key=\"income\" data-value=\"5037.81\""))
        // The site of the same ledger, its home the same month's recap with the site's links.
        let pages = try #require(result.stdout.firstMatch(of: /wrote (\d+) pages to site/))
        #expect(Int(pages.1)! > 20)
        #expect(try w.text("site/index.html").contains("data-key=\"income\" data-value=\"5037.81\""))
        #expect(try w.text("site/account-assets-bank-aib.html").contains("data-key=\"balance\" data-value=\"3007.48\""))
    }
}
