import PennyCore

/// Writes a category's page of a report site: the months it had money in, each with its
/// total linking to that month's recap, and every transaction.
public struct HTMLCategoryPageWriter {
    /// How numbers, dates and labels are written.
    public let locale: ReportLocale
    /// The site the page belongs to.
    public let site: SiteMap

    /// A writer.
    public init(locale: ReportLocale, site: SiteMap) {
        self.locale = locale
        self.site = site
    }

    /// The page.
    public func render(_ page: CategoryPage) -> String {
        let t = locale.labels
        let navigation = SiteNavigation(site: site, locale: locale)
        let months = page.months
        var body = navigation.render(current: nil)
        body += "<header><h1 title=\"\(HTML.escape(page.category))\">\(HTML.escape(page.category))</h1></header>\n"
        body += "<section id=\"months\"><h2>\(HTML.escape(t["site.months"]))</h2><table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.month"]))</th>"
        body += "<th class=\"num\">\(HTML.escape(t["site.total"]))</th><th class=\"num\">#</th></tr></thead><tbody>"
        for m in months {
            let name = navigation.month(year: m.year, month: m.month, text: locale.month(year: m.year, month: m.month))
            body += "<tr data-month=\"\(m.year)-\(m.month < 10 ? "0" : "")\(m.month)\"><th scope=\"row\">\(name)</th>\(total(m.total))<td class=\"num\">\(m.lines.count)</td></tr>"
        }
        body += "</tbody></table></section>\n"
        for m in months {
            body += "<section class=\"register\"><h2>\(HTML.escape(locale.month(year: m.year, month: m.month)))</h2><table class=\"data\"><thead><tr>"
            body +=
                "<th>\(HTML.escape(t["site.date"]))</th><th>\(HTML.escape(t["site.description"]))</th><th class=\"num\">\(HTML.escape(t["recap.amount"]))</th></tr></thead><tbody>"
            for line in m.lines {
                let account = line.account == page.category ? "" : "<br/><small>\(HTML.escape(line.account))</small>"
                body +=
                    "<tr data-line=\"\(line.ledgerLine)\"><td class=\"date\">\(HTML.escape(line.date.description))</td><td class=\"text\">\(HTML.escape(line.description))\(account)</td>"
                body += HTML.money(line.amount, locale: locale) + "</tr>"
            }
            body += "</tbody></table></section>\n"
        }
        return HTML.page(title: page.category, language: t.language, body: body)
    }

    private func total(_ money: Money?) -> String {
        money.map { HTML.money($0, locale: locale) } ?? "<td class=\"num\">—</td>"
    }
}
