import Foundation
import Testing

/// `penny report site` crawled in a real headless Chromium from its home page, at phone and
/// desktop width, in English and Portuguese: every link resolves to a page of the site,
/// every page is laid out with nothing past its card and fetches nothing, and the figures
/// of a category page equal `report summary --format json`.
@Suite(.serialized) struct SiteCrawlEndToEndTests {
    /// What the injected probe measured on one page.
    struct Probe: Decodable {
        struct Link: Decodable {
            let href: String
            let text: String
        }
        let overflow: [String]
        let resources: [String]
        let links: [Link]
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

    /// Chromium's DOM of `page` (a copy with the probe injected) at `width`, read back.
    func probe(_ w: Workspace, folder: String, page: String, width: Int) throws -> Probe {
        let browser = try #require(Workspace.tool("chromium"), "make test installs chromium")
        let script = try String(contentsOf: fixture("site/probe.js"), encoding: .utf8)
        let probed = w.path("probed-\(width)")
        try? FileManager.default.createDirectory(atPath: probed, withIntermediateDirectories: true)
        let html = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
        #expect(html.contains("</body>"), "\(page) is not a whole page")
        try html.replacingOccurrences(of: "</body>", with: "<script>\(script)</script></body>").write(toFile: probed + "/" + page, atomically: true, encoding: .utf8)
        // The page in a frame exactly `width` wide; the frame's probe reports to the page around it.
        let frame =
            "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"\(page)\" style=\"width:\(width)px;height:900px;border:0\"></iframe>"
            + "<script>addEventListener('message', function (e) { document.body.setAttribute('data-probe', e.data); });</script></body></html>"
        try frame.write(toFile: probed + "/frame-" + page, atomically: true, encoding: .utf8)
        let result = try w.run(
            browser,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(w.path("chromium-profile"))", "--no-first-run",
                "--window-size=\(width + 40),1000", "--virtual-time-budget=5000", "--dump-dom", "file://" + probed + "/frame-" + page,
            ])
        let attribute = try #require(result.stdout.firstMatch(of: /data-probe="([^"]*)"/), "\(page): no probe result")
        let json = String(attribute.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Probe.self, from: Data(json.utf8))
    }

    @Test(arguments: ["en", "pt-PT"])
    func everyPageReachableFromHomeFitsAndLinksResolve(locale: String) throws {
        let (w, folder) = try site(locale: locale)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        for width in [400, 1280] {
            var queue = ["index.html"], seen: Set<String> = ["index.html"]
            while let page = queue.popLast() {
                let probe = try probe(w, folder: folder, page: page, width: width)
                #expect(probe.width == width)
                #expect(probe.overflow.isEmpty, "\(locale) \(width)px \(page): \(probe.overflow.prefix(5))")
                #expect(probe.resources.isEmpty, "\(page) fetched \(probe.resources)")
                for link in probe.links {
                    #expect(!link.text.isEmpty, "\(page): a link without text to \(link.href)")
                    #expect(files.contains(link.href), "\(page): the link \(link.href) goes to no page of the site")
                    if files.contains(link.href) && seen.insert(link.href).inserted { queue.append(link.href) }
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
        #expect(index.contains("<a href=\"category-expenses-food.html\" title=\"expenses:food\">"))
        #expect(index == (try String(contentsOfFile: folder + "/month-2024-03.html", encoding: .utf8)))
        // February has no income or expense in the samples: the previous period says "—", not 0.00.
        #expect(index.contains("<td class=\"num\" data-key=\"previous_income\" data-value=\"\">—</td>"))
        #expect(index.contains("<td class=\"num\" data-key=\"previous_net\" data-value=\"\">—</td>"))
    }
}
