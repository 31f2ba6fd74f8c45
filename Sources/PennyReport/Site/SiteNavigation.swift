/// The bar at the top of every page of a report site: home, then every month with data
/// (the current one marked), newest first.
struct SiteNavigation {
    let site: SiteMap
    let locale: ReportLocale

    /// The bar; `current` is the month shown, when the page is a month's.
    func render(current: (year: Int, month: Int)?) -> String {
        let t = locale.labels
        var out = "<nav class=\"site\" aria-label=\"\(HTML.escape(t["site.months"]))\"><a href=\"index.html\">\(HTML.escape(t["site.home"]))</a>"
        for m in site.months.reversed() {
            let label = HTML.escape(locale.shortMonth(year: m.year, month: m.month)) + " " + String(m.year)
            if let current, current == m {
                out += "<a aria-current=\"page\" href=\"\(site.file(year: m.year, month: m.month))\">\(label)</a>"
            } else {
                out += "<a href=\"\(site.file(year: m.year, month: m.month))\">\(label)</a>"
            }
        }
        out += "</nav>\n<nav class=\"site\" aria-label=\"\(HTML.escape(t["recap.category"]))\"><span class=\"label\">\(HTML.escape(t["recap.category"])):</span>"
        for name in site.categories { out += category(name, text: name) }
        return out + "</nav>\n"
    }

    /// `text` as a link to the category's page when it has one.
    func category(_ name: String, text: String) -> String {
        guard let file = site.file(category: name) else { return HTML.escape(text) }
        return "<a href=\"\(file)\" title=\"\(HTML.escape(name))\">\(HTML.account(text))</a>"
    }

    /// The page of a month with data, nil for one without.
    func monthFile(year: Int, month: Int) -> String? {
        site.months.contains(where: { $0 == (year, month) }) ? site.file(year: year, month: month) : nil
    }

    /// `text` as a link to the month's page when it has data.
    func month(year: Int, month: Int, text: String) -> String {
        guard site.months.contains(where: { $0 == (year, month) }) else { return HTML.escape(text) }
        return "<a href=\"\(site.file(year: year, month: month))\">\(HTML.escape(text))</a>"
    }
}
