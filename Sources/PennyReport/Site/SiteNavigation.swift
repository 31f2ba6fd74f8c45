import PennyCore

/// The bar at the top of every page of a report site: home, every month with data (the
/// current one marked, newest first) and the payees; then the own accounts, the spending
/// and the income categories, each shown without its root (`bank:aib`, `food`) with the
/// full name as its tooltip.
struct SiteNavigation {
    let site: SiteMap
    let locale: ReportLocale

    private var t: Translations { locale.labels }

    /// The bar; `current` is the month shown, when the page is a month's.
    func render(current: (year: Int, month: Int)?) -> String {
        var out = "<nav class=\"site\" aria-label=\"\(HTML.escape(t["site.months"]))\"><a href=\"index.html\">\(HTML.escape(t["site.home"]))</a>"
        for m in site.months.reversed() {
            let label = HTML.escape(locale.shortMonth(year: m.year, month: m.month)) + " " + String(m.year)
            let mark = current.map { $0 == m } == true ? " aria-current=\"page\"" : ""
            out += "<a\(mark) href=\"\(site.file(year: m.year, month: m.month))\">\(label)</a>"
        }
        if !site.payees.isEmpty { out += "<a href=\"\(SiteMap.payeeIndex)\">\(HTML.escape(t["site.payees"]))</a>" }
        for report in site.reports { out += "<a href=\"\(report.file)\">\(HTML.escape(t[report.titleKey]))</a>" }
        out += "</nav>\n"
        out += row(t["site.accounts"], site.accounts.compactMap { name in site.file(account: name).map { (name, $0) } })
        for (root, label) in [(AccountName.Root.expenses, t["recap.expenses"]), (.income, t["recap.income"])] {
            out += row(label, site.categories.filter { AccountName($0).isUnder(root) }.compactMap { name in site.file(category: name).map { (name, $0) } })
        }
        return out
    }

    private func row(_ label: String, _ pages: [(name: String, file: String)]) -> String {
        guard !pages.isEmpty else { return "" }
        var out = "<nav class=\"site\" aria-label=\"\(HTML.escape(label))\"><span class=\"label\">\(HTML.escape(label)):</span>"
        for page in pages {
            out += "<a href=\"\(page.file)\" title=\"\(HTML.escape(page.name))\">\(locale.names[page.name].map(HTML.escape) ?? HTML.account(Self.withoutRoot(page.name)))</a>"
        }
        return out + "</nav>\n"
    }

    /// `expenses:food` → `food`; a name of one part stays as it is.
    static func withoutRoot(_ name: String) -> String {
        guard let colon = name.firstIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// A category's name (its label when it has one) as a link to its page when it has one.
    func category(_ name: String) -> String {
        guard let file = site.file(category: name) else { return HTML.name(name, locale: locale) }
        return "<a href=\"\(file)\" title=\"\(HTML.escape(name))\">\(shown(name))</a>"
    }

    /// A name's label, else the name with line-break opportunities.
    private func shown(_ name: String) -> String { locale.names[name].map(HTML.escape) ?? HTML.account(name) }

    /// A posting's account as a link to its own account's or its category's page.
    func posting(_ account: String, anchor: String? = nil) -> String {
        guard let file = site.file(posting: account) else { return HTML.name(account, locale: locale) }
        return "<a href=\"\(file)\(anchor.map { "#" + $0 } ?? "")\" title=\"\(HTML.escape(account))\">\(shown(account))</a>"
    }

    /// A line's description linked to its payee's page when it has one.
    func description(_ line: SiteRegister.Line) -> String {
        guard let key = line.payee, let file = site.file(payee: key) else { return HTML.escape(line.description) }
        let text = line.description
        return "<a href=\"\(file)\">\(HTML.escape(text))</a>"
    }

    /// The page of a month with data, nil for one without.
    func monthFile(year: Int, month: Int) -> String? {
        site.months.contains(where: { $0 == (year, month) }) ? site.file(year: year, month: month) : nil
    }

    /// `text` as a link to the month's page when it has data.
    func month(year: Int, month: Int, text: String) -> String {
        guard let file = monthFile(year: year, month: month) else { return HTML.escape(text) }
        return "<a href=\"\(file)\">\(HTML.escape(text))</a>"
    }
}
