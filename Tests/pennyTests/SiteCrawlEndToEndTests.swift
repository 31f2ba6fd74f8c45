import Foundation
import Testing

/// `penny report site` crawled in a real headless Chromium from its home page, at phone and
/// desktop width, in English and Portuguese: every link resolves to a page of the site,
/// every page is laid out with nothing past its card, all its text at 4.5:1 contrast in
/// light and dark, and fetches nothing, and the figures
/// of a category page equal `report summary --format json`.
@Suite(.serialized) struct SiteCrawlEndToEndTests {
    /// What the injected probe measured on one page.
    struct Probe: Decodable {
        struct Link: Decodable {
            let href: String
            let text: String
        }
        let page: String
        let overflow: [String]
        let contrast: [String]
        let resources: [String]
        let links: [Link]
        let ids: [String]
        let width: Int
    }

    /// The site of the samples, written by the built `penny`.
    func site(locale: String) throws -> (Workspace, String) {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let result = try w.penny("report", "site", "--output", "site", "--locale", locale)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote ") && result.stdout.hasSuffix(" pages to site (open site/index.html)\n"))
        return (w, w.path("site"))
    }

    /// Every page of `folder` laid out by Chromium at `width` (each in a frame exactly that
    /// wide, all in one run), measured by the injected probe and read back.
    func probe(_ w: Workspace, folder: String, width: Int, dark: Bool = false) throws -> [String: Probe] {
        let browser = try #require(Workspace.tool("chromium"), "make test installs chromium")
        let script = try String(contentsOf: fixture("site/probe.js"), encoding: .utf8)
        let probed = w.path("probed-\(width)\(dark ? "-dark" : "")")
        try? FileManager.default.createDirectory(atPath: probed, withIntermediateDirectories: true)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
        for page in pages {
            let html = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
            #expect(html.contains("</body>"), "\(page) is not a whole page")
            try html.replacingOccurrences(of: "</body>", with: "<script>\(script)</script></body>").write(toFile: probed + "/" + page, atomically: true, encoding: .utf8)
        }
        // Each page in turn in a frame exactly `width` wide (one at a time: Chromium's virtual
        // time does not wait for many frames at once); each probe reports to the page around it.
        let list = "[" + pages.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let frame =
            "<!DOCTYPE html><html><body style=\"margin:0\"><script>var pages = \(list), got = [];"
            + "function next() { var f = document.createElement('iframe'); f.src = pages[got.length]; f.style.cssText = 'width:\(width)px;height:900px;border:0'; document.body.appendChild(f); }"
            + "addEventListener('message', function (e) { got.push(JSON.parse(e.data)); document.body.removeChild(document.querySelector('iframe'));"
            + " if (got.length === pages.length) document.body.setAttribute('data-probe', JSON.stringify(got)); else next(); }); next();"
            + "</script></body></html>"
        try frame.write(toFile: probed + "/frame.html", atomically: true, encoding: .utf8)
        let result = try w.run(
            browser,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(w.path("chromium-profile"))", "--no-first-run",
                "--window-size=\(width + 40),1000", "--virtual-time-budget=120000", "--dump-dom", "file://" + probed + "/frame.html",
            ] + (dark ? ["--force-dark-mode"] : []))
        let attribute = try #require(result.stdout.firstMatch(of: /data-probe="([^"]*)"/), "no probe result (\(pages.count) pages)")
        let json = String(attribute.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        let probes = try JSONDecoder().decode([Probe].self, from: Data(json.utf8))
        return Dictionary(probes.map { ($0.page, $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test(arguments: ["en", "pt-PT"])
    func everyPageReachableFromHomeFitsAndLinksResolve(locale: String) throws {
        let (w, folder) = try site(locale: locale)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") })
        #expect(files.contains { $0.hasPrefix("account-") } && files.contains { $0.hasPrefix("payee-") } && files.contains("payees.html"))
        for (width, dark) in [(400, false), (1280, false), (1280, true)] {
            let probes = try probe(w, folder: folder, width: width, dark: dark)
            #expect(Set(probes.keys) == files, "pages not measured: \(files.subtracting(probes.keys).sorted())")
            var queue = ["index.html"], seen: Set<String> = ["index.html"]
            while let page = queue.popLast(), let probe = probes[page] {
                #expect(probe.width == width)
                #expect(probe.overflow.isEmpty, "\(locale) \(width)px \(page): \(probe.overflow.prefix(5))")
                #expect(probe.contrast.isEmpty, "\(locale) \(dark ? "dark" : "light") \(page): text below 4.5:1: \(probe.contrast.prefix(5))")
                #expect(probe.resources.isEmpty, "\(page) fetched \(probe.resources)")
                for link in probe.links {
                    #expect(!link.text.isEmpty, "\(page): a link without text to \(link.href)")
                    // `#months` is an element of this page; `page.html#line-9` one of another.
                    let parts = link.href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let target = parts[0].isEmpty ? page : parts[0]
                    #expect(files.contains(target), "\(page): the link \(link.href) goes to no page of the site")
                    if parts.count == 2, let other = probes[target] {
                        #expect(other.ids.contains(parts[1]), "\(page): \(link.href) names no element of \(target)")
                    }
                    if files.contains(target) && seen.insert(target).inserted { queue.append(target) }
                }
            }
            // Every page written is reachable from the home page.
            #expect(seen == files, "unreachable: \(files.subtracting(seen).sorted())")
        }
    }

    @Test func aCategoryPageSumsToTheSummary() throws {
        let (w, folder) = try site(locale: "en")
        let json = try w.penny("report", "summary", "--month", "2024-03", "--format", "json").stdout
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let categories = try #require(summary["categories"] as? [[String: Any]])
        let food = try #require(categories.first { $0["account"] as? String == "expenses:food" })
        let page = try String(contentsOfFile: folder + "/category-expenses-food.html", encoding: .utf8)
        let row = try #require(page.firstMatch(of: /<tr data-month="2024-03">.*?data-value="([^"]*)"/))
        #expect(String(row.1) == "\(food["amount"]!)", "\(food)")
        let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        // The category's trend bars link to their months; its top payees sum the category.
        #expect(page.contains("<section id=\"trend\">") && page.contains("<a href=\"month-2024-03.html\"><title>"))
        let payees = page.matches(of: /<tr data-payee="[^"]*"><th scope="row"><a href="payee-[^"]*">[^<]*<\/a><\/th><td class="num" data-value="([^"]*)"/)
        #expect(payees.count == 10)
        #expect(payees.compactMap { Decimal(string: String($0.1)) }.reduce(0, +) <= Decimal(string: "\(food["amount"]!)")!)
        // The rules' labels name categories and accounts; the ledger name is the tooltip.
        #expect(index.contains("<a href=\"category-expenses-food.html\" title=\"expenses:food\">Food</a>"))
        #expect(index.contains("<a href=\"account-liabilities-card-visa.html\" title=\"liabilities:card:visa\">Visa card</a>"))
        #expect(index.contains("<h3 title=\"spare-change\">Spare change</h3>"))
        let portuguese = try w.penny("report", "html", "--month", "2024-03", "--locale", "pt-PT").stdout
        #expect(portuguese.contains("<span title=\"expenses:food\">Alimentação</span>"))
        #expect(portuguese.contains("<h3 title=\"spare-change\">Arredondamentos</h3>"))
        #expect(index == (try String(contentsOfFile: folder + "/month-2024-03.html", encoding: .utf8)))
        // February has no income or expense in the samples: the previous period says "—", not 0.00.
        #expect(index.contains("<td class=\"num\" data-key=\"previous_income\" data-value=\"\">—</td>"))
        #expect(index.contains("<td class=\"num\" data-key=\"previous_net\" data-value=\"\">—</td>"))
    }

    @Test func accountPagesAgreeWithTheBalancesReportAndMarkEveryStatement() throws {
        let (w, folder) = try site(locale: "en")
        let json = try w.penny("report", "balances", "--format", "json").stdout
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        for line in try #require(report["accounts"] as? [[String: Any]]) {
            let account = try #require(line["account"] as? String)
            let page = try String(contentsOfFile: folder + "/account-" + account.replacingOccurrences(of: ":", with: "-") + ".html", encoding: .utf8)
            let shown = try #require(page.firstMatch(of: /data-key="balance" data-value="([^"]*)"/), "\(account)")
            #expect(String(shown.1) == line["balance"] as? String, "\(account)")
            // The statement's balance sits in the register at its date, and it agrees there.
            let date = try #require(line["statement_date"] as? String)
            let row = try #require(page.firstMatch(of: /<tr class="statement" data-statement="([^"]*)">.*?data-value="([^"]*)"/), "\(account)")
            #expect(String(row.1) == date && String(row.2) == line["statement_closing"] as? String, "\(account)")
            #expect(page.contains("Reconciled ✓ yes"), "\(account)")
        }
        // A transfer links to the same transaction's line on the other account's page.
        let montepio = try String(contentsOfFile: folder + "/account-assets-bank-montepio.html", encoding: .utf8)
        let transfer = try #require(montepio.firstMatch(of: /<a href="account-assets-bank-savings\.html#(line-\d+)"/))
        let savings = try String(contentsOfFile: folder + "/account-assets-bank-savings.html", encoding: .utf8)
        #expect(savings.contains("<tr id=\"\(transfer.1)\""))
    }

    @Test func aPayeePageListsEveryPaymentAndItsTotal() throws {
        let (w, folder) = try site(locale: "en")
        let index = try String(contentsOfFile: folder + "/payees.html", encoding: .utf8)
        // Spotify's two March payments (P1234567 and P2A3B4) are one payee.
        let row = try #require(index.firstMatch(of: /<a href="(payee-[a-z0-9-]+\.html)">SPOTIFY<\/a><\/th><td class="num" data-value="([^"]*)">[^<]*<\/td><td class="num">(\d+)</))
        #expect(String(row.2) == "-20.98" && String(row.3) == "2")
        let page = try String(contentsOfFile: folder + "/" + String(row.1), encoding: .utf8)
        #expect(page.matches(of: /<tr id="line-/).count == 2)
        #expect(page.contains("category-expenses-leisure.html"))
        _ = w
    }
}
