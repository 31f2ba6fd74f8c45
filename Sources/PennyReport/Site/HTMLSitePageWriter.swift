import PennyCore

/// Writes the pages of a report site other than the month recaps: a category's, an own
/// account's (a register with the running balance and the bank's statement balances), a
/// payee's, and the list of payees. Each starts with the months it had money in (totals
/// linking to the month's recap), then the transactions of the months the site lists one
/// by one, every account, category and payee linked to its page.
public struct HTMLSitePageWriter {
    /// How numbers, dates and labels are written.
    public let locale: ReportLocale
    /// The site the pages belong to.
    public let site: SiteMap

    /// A writer.
    public init(locale: ReportLocale, site: SiteMap) {
        self.locale = locale
        self.site = site
    }

    private var t: Translations { locale.labels }
    private var navigation: SiteNavigation { SiteNavigation(site: site, locale: locale) }

    /// A category's page.
    public func render(_ page: CategoryPage) -> String {
        var body = navigation.render(current: nil) + header(page.category, subtitle: page.budget)
        body += trend(page.register)
        body += months(page.register)
        body += topPayees(page)
        for m in page.register.months {
            let lines = page.register.lines(year: m.year, month: m.month)
            guard !lines.isEmpty else { continue }
            body += section(m, columns: [t["site.date"], t["site.description"]])
            for line in lines {
                let sub = line.account == page.category ? "" : HTML.name(line.account, locale: locale) + " · "
                body += "<tr id=\"line-\(line.ledgerLine)\" data-line=\"\(line.ledgerLine)\">\(date(line.date))<td class=\"text\">\(navigation.description(line))"
                body += "<br/><small>\(sub)\(navigation.posting(line.counterpart))</small></td>\(HTML.money(line.amount, locale: locale))</tr>"
            }
            body += "</tbody></table></section>\n"
        }
        return HTML.page(title: locale.name(page.category), language: t.language, body: body)
    }

    /// An own account's page.
    public func render(_ page: AccountPage) -> String {
        let running = page.runningLines
        var body = navigation.render(current: nil) + header(page.account, subtitle: nil)
        body += summary(page, balance: running.last?.balance ?? page.register.before)
        body += months(page.register)
        let closings = page.statements.filter { $0.kind == "closing" }.sorted { $0.date < $1.date }
        for m in page.register.months {
            let lines = running.filter { $0.line.date.year == m.year && $0.line.date.month == m.month }
            guard !lines.isEmpty else { continue }
            body += section(m, columns: [t["site.date"], t["site.description"]], balance: true)
            var pending = closings.filter { $0.date.year == m.year && $0.date.month == m.month }
            for (index, entry) in lines.enumerated() {
                let line = entry.line
                let transfer = site.file(account: line.counterpart) != nil
                body += "<tr id=\"line-\(line.ledgerLine)\" data-line=\"\(line.ledgerLine)\">\(date(line.date))<td class=\"text\">\(navigation.description(line))"
                body += "<br/><small>\(navigation.posting(line.counterpart, anchor: transfer ? "line-\(line.ledgerLine)" : nil))</small></td>"
                body += HTML.money(line.amount, locale: locale) + balanceCell(entry.balance) + "</tr>"
                // A statement's balance goes after the last line on or before its date.
                let next = index + 1 < lines.count ? lines[index + 1].line.date : nil
                while let statement = pending.first, statement.date >= line.date, next.map({ statement.date < $0 }) ?? true {
                    body += statementRow(statement, penny: entry.balance)
                    pending.removeFirst()
                }
            }
            body += "</tbody></table></section>\n"
        }
        return HTML.page(title: locale.name(page.account), language: t.language, body: body)
    }

    /// A payee's page.
    public func render(_ page: PayeePage) -> String {
        var body = navigation.render(current: nil) + header(page.name, subtitle: nil)
        body += months(page.register)
        for m in page.register.months {
            let lines = page.register.lines(year: m.year, month: m.month)
            guard !lines.isEmpty else { continue }
            body += section(m, columns: [t["site.date"], t["site.description"]])
            for line in lines {
                body += "<tr id=\"line-\(line.ledgerLine)\" data-line=\"\(line.ledgerLine)\">\(date(line.date))<td class=\"text\">\(HTML.escape(line.description))"
                body += "<br/><small>\(navigation.posting(line.account)) · \(navigation.posting(line.counterpart))</small></td>\(HTML.money(line.amount, locale: locale))</tr>"
            }
            body += "</tbody></table></section>\n"
        }
        return HTML.page(title: page.name, language: t.language, body: body)
    }

    /// The list of payees with a page, by name, each with its total and count.
    public func render(payees: [PayeePage]) -> String {
        var body = navigation.render(current: nil) + header(t["site.payees"], subtitle: nil)
        body += "<section id=\"payees\"><table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.payee"]))</th>"
        body += "<th class=\"num\">\(HTML.escape(t["site.total"]))</th><th class=\"num\">\(HTML.escape(t["site.transactions"]))</th></tr></thead><tbody>"
        for page in payees.sorted(by: { ($0.name, $0.key) < ($1.name, $1.key) }) {
            guard let file = site.file(payee: page.key) else { continue }
            let count = page.register.months.reduce(0) { $0 + $1.count }
            body += "<tr data-payee=\"\(HTML.escape(page.key))\"><th scope=\"row\"><a href=\"\(file)\">\(HTML.escape(page.name))</a></th>"
            body += total(page.register.total) + "<td class=\"num\">\(count)</td></tr>"
        }
        body += "</tbody></table></section>\n"
        return HTML.page(title: t["site.payees"], language: t.language, body: body)
    }

    /// A whole report (recurring payments, the forecast, the round-up programs) as a page
    /// of the site: its tables as `report … --format html` writes them.
    public func render(report document: ReportDocument, titleKey: String) -> String {
        let body = navigation.render(current: nil) + header(t[titleKey], subtitle: nil) + HTMLReportWriter.body(document, locale: locale)
        return HTML.page(title: t[titleKey], language: t.language, body: body)
    }

    /// The category's last 12 months with money as bars, each linking to its month's recap.
    private func trend(_ register: SiteRegister) -> String {
        let shown = register.months.prefix(12).reversed()
        guard let currency = shown.compactMap(\.total).first?.currency else { return "" }
        let groups = shown.map { m in
            let value = m.total.map { $0.minorUnits.magnitude > UInt64(Int64.max) ? Int64.max : Int64($0.minorUnits.magnitude) } ?? 0
            return SVGCharts.BarGroup(
                label: locale.shortMonth(year: m.year, month: m.month),
                tooltip: "\(locale.month(year: m.year, month: m.month)): \(m.total.map(locale.money) ?? "—")", first: value, second: 0,
                link: navigation.monthFile(year: m.year, month: m.month))
        }
        var out = "<section id=\"trend\"><h2>\(HTML.escape(t["site.trend"]))</h2><figure>"
        out += SVGCharts.monthBars(Array(groups), title: t["site.trend"], id: "trend-title") { locale.axisNumber(Money(minorUnits: $0, currency: currency)) }
        return out + "</figure></section>\n"
    }

    /// The payees that took most in the category, linked to their pages.
    private func topPayees(_ page: CategoryPage) -> String {
        let top = page.topPayees(10)
        guard !top.isEmpty else { return "" }
        var out = "<section id=\"payees\"><h2>\(HTML.escape(t["recap.payees"]))</h2><table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.payee"]))</th>"
        out += "<th class=\"num\">\(HTML.escape(t["recap.amount"]))</th><th class=\"num\">\(HTML.escape(t["site.transactions"]))</th></tr></thead><tbody>"
        for (key, total) in top {
            let name = site.file(payee: key).map { "<a href=\"\($0)\">\(HTML.escape(total.name))</a>" } ?? HTML.escape(total.name)
            out += "<tr data-payee=\"\(HTML.escape(key))\"><th scope=\"row\">\(name)</th>\(self.total(total.amount))<td class=\"num\">\(total.count)</td></tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    private func header(_ title: String, subtitle: String?) -> String {
        "<header><h1 title=\"\(HTML.escape(title))\">\(HTML.escape(locale.name(title)))</h1>\(subtitle.map { "<p class=\"period\">\(HTML.escape($0))</p>" } ?? "")</header>\n"
    }

    /// The account's balance now and its latest statement's, reconciled or not.
    private func summary(_ page: AccountPage, balance: Money?) -> String {
        let total = page.roundUps.map { r in balance.flatMap { try? $0.adding(r) } } ?? balance
        var out = "<section id=\"balance\"><table class=\"figures\"><tbody><tr><th scope=\"row\">\(HTML.escape(t["recap.balance"]))</th>"
        out += (total.map { HTML.money($0, locale: locale, key: "balance") } ?? "<td class=\"num\">—</td>") + "</tr>"
        if let roundUps = page.roundUps, roundUps.minorUnits != 0 {
            out += "<tr><th scope=\"row\">\(HTML.escape(t["site.from_statements"]))</th>" + balanceCell(balance) + "</tr>"
            out += "<tr><th scope=\"row\">\(HTML.escape(t["recap.roundups"]))</th>" + HTML.money(roundUps, locale: locale, key: "roundups") + "</tr>"
        }
        if let latest = page.statements.filter({ $0.kind == "closing" }).max(by: { $0.date < $1.date }) {
            out += "<tr><th scope=\"row\">\(HTML.escape(t["recap.bank_says"])) <small>\(HTML.escape(locale.date(latest.date)))</small></th>"
            out += HTML.money(latest.amount, locale: locale, key: "statement") + "</tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    private func months(_ register: SiteRegister) -> String {
        var out = "<section id=\"months\"><h2>\(HTML.escape(t["site.months"]))</h2><table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.month"]))</th>"
        out += "<th class=\"num\">\(HTML.escape(t["site.total"]))</th><th class=\"num\">\(HTML.escape(t["site.transactions"]))</th></tr></thead><tbody>"
        var count = 0
        for m in register.months {
            let name = navigation.month(year: m.year, month: m.month, text: locale.month(year: m.year, month: m.month))
            out += "<tr data-month=\"\(m.year)-\(m.month < 10 ? "0" : "")\(m.month)\"><th scope=\"row\">\(name)</th>\(total(m.total))<td class=\"num\">\(m.count)</td></tr>"
            count += m.count
        }
        out += "</tbody></table>"
        if register.lines.count < count {
            // Older lines are totals only (before the cutoff, or past the page's limit).
            out += "<p class=\"note\">\(HTML.escape(t["site.listed"].replacingOccurrences(of: "{0}", with: String(register.lines.count))))</p>"
        }
        return out + "</section>\n"
    }

    private func section(_ m: SiteRegister.MonthTotal, columns: [String], balance: Bool = false) -> String {
        var out = "<section class=\"register\"><h2>\(HTML.escape(locale.month(year: m.year, month: m.month)))</h2><div class=\"scroll\"><table class=\"data\"><thead><tr>"
        for column in columns { out += "<th>\(HTML.escape(column))</th>" }
        out += "<th class=\"num\">\(HTML.escape(t["recap.amount"]))</th>"
        if balance { out += "<th class=\"num\">\(HTML.escape(t["recap.balance"]))</th>" }
        return out + "</tr></thead><tbody>"
    }

    private func statementRow(_ statement: AccountPage.Statement, penny: Money?) -> String {
        let agrees = penny == statement.amount
        let mark = agrees ? "✓ " + t["recap.yes"] : "✗ " + t["recap.no"]
        var out = "<tr class=\"statement\" data-statement=\"\(statement.date)\"><td class=\"date\">\(HTML.escape(statement.date.description))</td>"
        out +=
            "<td class=\"text\">\(HTML.escape(t["site.statement"])): <span class=\"\(agrees ? "ok" : "over")\">\(HTML.escape(t["recap.reconciled"])) \(HTML.escape(mark))</span></td>"
        return out + "<td></td>" + HTML.money(statement.amount, locale: locale, key: "statement") + "</tr>"
    }

    private func date(_ date: LocalDate) -> String { "<td class=\"date\">\(HTML.escape(date.description))</td>" }

    private func balanceCell(_ money: Money?) -> String { money.map { HTML.money($0, locale: locale) } ?? "<td class=\"num\">—</td>" }

    private func total(_ money: Money?) -> String { money.map { HTML.money($0, locale: locale) } ?? "<td class=\"num\">—</td>" }
}
