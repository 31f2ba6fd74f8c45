import PennyCore

/// Writes the monthly recap as one self-contained HTML page: inline CSS and SVG, no script,
/// nothing fetched; light and dark (`prefers-color-scheme`), printable on A4. Every chart
/// has a title and a table with the same numbers; cells carry `data-*` attributes with the
/// plain figures so that tools (and the tests) can read them back exactly.
public struct HTMLRecapWriter {
    /// How numbers, dates and labels are written.
    public let locale: ReportLocale

    /// The site the page belongs to (`penny report site`): a bar of months on top, each
    /// category and month linked to its page. Nil for the single page.
    public var site: SiteMap?

    /// Makes a writer.
    public init(locale: ReportLocale) { self.locale = locale }

    private var navigation: SiteNavigation? { site.map { SiteNavigation(site: $0, locale: locale) } }

    private var t: Translations { locale.labels }

    /// The page.
    public func render(_ recap: Recap) -> String {
        let s = recap.summary
        let shown = s.period.from.map { (year: $0.year, month: $0.month) }
        var body = navigation?.render(current: shown) ?? ""
        body += header(s)
        body += figures(recap)
        body += spending(s)
        body += months(recap)
        body += trends(recap)
        body += budgets(recap)
        body += roundUps(recap)
        body += accounts(recap)
        body += payees(recap)
        body += "<footer>\(HTML.escape(t["recap.generated"]))</footer>\n"
        return HTML.page(title: "\(t["recap.title"]) · \(periodName(s.period))", language: t.language, body: body)
    }

    private func periodName(_ period: ReportPeriod) -> String {
        guard let from = period.from, let to = period.to else { return "" }
        if from.day == 1, from.month == to.month, from.year == to.year, to.adding(days: 1).day == 1 {
            return locale.month(year: from.year, month: from.month)
        }
        return "\(locale.date(from)) – \(locale.date(to))"
    }

    private func header(_ s: Summary) -> String {
        "<header><h1>\(HTML.escape(t["recap.title"]))</h1><p class=\"period\" data-from=\"\(s.period.from?.description ?? "")\" data-to=\"\(s.period.to?.description ?? "")\">"
            + "\(HTML.escape(periodName(s.period)))</p></header>\n"
    }

    private func money(_ m: Money, key: String? = nil, link: String? = nil) -> String { HTML.money(m, locale: locale, key: key, link: link) }

    private func percent(_ p: Percentage?, key: String? = nil) -> String {
        let data = key.map { " data-key=\"\($0)\"" } ?? ""
        guard let p else { return "<td class=\"num\"\(data) data-value=\"\">\(t["recap.none"])</td>" }
        return "<td class=\"num\"\(data) data-value=\"\(p.jsonNumber)\">\(HTML.escape(locale.percent(p)))</td>"
    }

    private func figures(_ r: Recap) -> String {
        let s = r.summary, p = r.previous
        // Each figure links to what it sums: this month's breakdown, the previous month's
        // page, the months table the average is taken from.
        let before = RecapBuilder.previous(s.period).from.flatMap { navigation?.monthFile(year: $0.year, month: $0.month) }
        func row(_ label: String, _ key: String, _ now: Money, _ previousValue: Money, _ average: Money?, breakdown: String) -> String {
            let previous =
                r.hasPrevious ? money(previousValue, key: "previous_" + key, link: before) : "<td class=\"num\" data-key=\"previous_\(key)\" data-value=\"\">—</td>"
            return "<tr><th scope=\"row\">\(HTML.escape(t[label]))</th>\(money(now, key: key, link: breakdown))\(previous)"
                + (average.map { money($0, key: "average_" + key, link: "#months") } ?? "<td class=\"num\" data-key=\"average_\(key)\" data-value=\"\">—</td>")
                + "</tr>"
        }
        var out = "<section id=\"recap\"><table class=\"figures\"><thead><tr><th></th><th class=\"num\">\(HTML.escape(periodName(s.period)))</th>"
        out += "<th class=\"num\">\(HTML.escape(t["recap.previous"]))</th><th class=\"num\">\(HTML.escape(t["recap.average"]))</th></tr></thead><tbody>"
        out += row("recap.income", "income", s.income, p.income, r.averageIncome, breakdown: "#months")
        out += row("recap.expenses", "expenses", s.expenses, p.expenses, r.averageExpenses, breakdown: s.categories.isEmpty ? "#months" : "#spending")
        let averageNet = r.averageIncome.flatMap { income in r.averageExpenses.flatMap { try? income.adding($0.negated()) } }
        out += row("recap.net", "net", s.net, p.net, averageNet, breakdown: "#months")
        out += "<tr><th scope=\"row\">\(HTML.escape(t["recap.savings_rate"]))</th>\(percent(s.savingsRate, key: "savings_rate"))"
        out += "\(percent(p.savingsRate, key: "previous_savings_rate"))<td></td></tr>"
        return out + "</tbody></table></section>\n"
    }

    private func spending(_ s: Summary) -> String {
        guard !s.categories.isEmpty else { return "" }
        var out = "<section id=\"spending\"><h2>\(HTML.escape(t["recap.spending"]))</h2><div class=\"pair\">"
        let slices = s.categories.map { line in
            SVGCharts.Slice(
                label: "\(locale.name(line.account)): \(locale.money(line.amount))", hundredths: line.shareOfExpenses?.hundredths ?? 0, link: site?.file(category: line.account))
        }
        out += "<figure>" + SVGCharts.donut(slices, title: t["recap.spending"], id: "donut-title", centre: locale.money(s.expenses)) + "</figure>"
        out += "<table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.category"]))</th><th class=\"num\">\(HTML.escape(t["recap.amount"]))</th>"
        out += "<th class=\"num\">\(HTML.escape(t["recap.share_of_expenses"]))</th><th class=\"num\">\(HTML.escape(t["recap.share_of_income"]))</th></tr></thead><tbody>"
        for (index, line) in s.categories.enumerated() {
            let swatch = "<span class=\"swatch\" style=\"background:\(SVGCharts.palette[index % SVGCharts.palette.count])\"></span>"
            let name = navigation?.category(line.account) ?? HTML.name(line.account, locale: locale)
            out += "<tr data-account=\"\(HTML.escape(line.account))\"><th scope=\"row\">\(swatch)\(name)</th>\(money(line.amount))"
            out += "\(percent(line.shareOfExpenses))\(percent(line.shareOfIncome))</tr>"
        }
        return out + "</tbody></table></div></section>\n"
    }

    private func months(_ r: Recap) -> String {
        let groups = r.months.map { m in
            let name = locale.month(year: m.year, month: m.month)
            return SVGCharts.BarGroup(
                label: locale.shortMonth(year: m.year, month: m.month), tooltip: "\(name): \(locale.money(m.income)), \(locale.money(m.expenses))",
                first: m.income.minorUnits, second: m.expenses.minorUnits, link: navigation?.monthFile(year: m.year, month: m.month))
        }
        var out = "<section id=\"months\"><h2>\(HTML.escape(t["recap.months"]))</h2><figure>"
        out += SVGCharts.pairedBars(groups, title: t["recap.months"], id: "bars-title") { locale.axisNumber(Money(minorUnits: $0, currency: r.summary.expenses.currency)) }
        out +=
            "<figcaption><span class=\"key income\"></span>\(HTML.escape(t["recap.income"])) <span class=\"key expenses\"></span>\(HTML.escape(t["recap.expenses"]))</figcaption></figure>"
        out += "<table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.month"]))</th><th class=\"num\">\(HTML.escape(t["recap.income"]))</th>"
        out += "<th class=\"num\">\(HTML.escape(t["recap.expenses"]))</th></tr></thead><tbody>"
        for m in r.months {
            let name = locale.month(year: m.year, month: m.month)
            let label = navigation?.month(year: m.year, month: m.month, text: name) ?? HTML.escape(name)
            out += "<tr data-month=\"\(m.year)-\(m.month < 10 ? "0" : "")\(m.month)\"><th scope=\"row\">\(label)</th>"
            out += "\(money(m.income))\(money(m.expenses))</tr>"
        }
        return out + "</tbody></table></section>\n"
    }

    private func trends(_ r: Recap) -> String {
        guard !r.trends.isEmpty else { return "" }
        var out =
            "<section id=\"trends\"><h2>\(HTML.escape(t["recap.trends"]))</h2><div class=\"scroll\"><table class=\"data trends\"><thead><tr><th>\(HTML.escape(t["recap.category"]))</th><th></th>"
        for m in r.months { out += "<th class=\"num\">\(HTML.escape(locale.shortMonth(year: m.year, month: m.month)))</th>" }
        out += "</tr></thead><tbody>"
        for trend in r.trends {
            let chart = SVGCharts.sparkline(trend.months.map(\.minorUnits), title: trend.category)
            let name = navigation?.category(trend.category) ?? HTML.name(trend.category, locale: locale)
            out += "<tr data-trend=\"\(HTML.escape(trend.category))\"><th scope=\"row\">\(name)</th><td>\(chart)</td>"
            for value in trend.months { out += money(value) }
            out += "</tr>"
        }
        return out + "</tbody></table></div></section>\n"
    }

    private func budgets(_ r: Recap) -> String {
        let lines = r.summary.categories.filter { $0.budget != nil }
        var out = "<section id=\"budgets\"><h2>\(HTML.escape(t["recap.budgets"]))</h2>"
        if lines.isEmpty && r.split.isEmpty { return out + "<p>\(HTML.escape(t["recap.no_budget"]))</p></section>\n" }
        if !lines.isEmpty {
            out += "<table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.category"]))</th><th class=\"num\">\(HTML.escape(t["recap.budget"]))</th>"
            out += "<th class=\"num\">\(HTML.escape(t["recap.spent"]))</th><th class=\"num\">\(HTML.escape(t["recap.remaining"]))</th><th></th></tr></thead><tbody>"
            for line in lines {
                guard let budget = line.budget, let remaining = line.remaining else { continue }
                let gauge = SVGCharts.gauge(
                    part: line.amount.minorUnits, whole: budget.minorUnits, title: "\(line.account): \(locale.money(line.amount)) / \(locale.money(budget))")
                out +=
                    "<tr data-budget=\"\(HTML.escape(line.account))\"><th scope=\"row\">\(navigation?.category(line.account) ?? HTML.name(line.account, locale: locale))</th>\(money(budget))\(money(line.amount))"
                out += "\(money(remaining))<td class=\"\(remaining.isNegative ? "over" : "ok")\">\(gauge)</td></tr>"
            }
            out += "</tbody></table>"
        }
        if !r.split.isEmpty {
            out += "<h3>\(HTML.escape(t["recap.split"]))</h3><table class=\"data\"><thead><tr><th></th><th class=\"num\">\(HTML.escape(t["recap.planned"]))</th>"
            out += "<th></th><th class=\"num\">\(HTML.escape(t["recap.actual"]))</th><th></th><th></th></tr></thead><tbody>"
            for part in r.split {
                let gauge = SVGCharts.gauge(part: part.actual.minorUnits, whole: part.plannedAmount.minorUnits, title: part.name)
                out += "<tr data-split=\"\(HTML.escape(part.name))\"><th scope=\"row\">\(HTML.escape(part.name))</th>\(percent(part.planned))\(money(part.plannedAmount))"
                out += "\(percent(part.actualShare))\(money(part.actual))<td>\(gauge)</td></tr>"
            }
            out += "</tbody></table>"
        }
        return out + "</section>\n"
    }

    private func roundUps(_ r: Recap) -> String {
        guard !r.roundUps.isEmpty else { return "" }
        var out = "<section id=\"roundups\"><h2>\(HTML.escape(t["recap.roundups"]))</h2>"
        for program in r.roundUps {
            out +=
                "<h3 title=\"\(HTML.escape(program.program))\">\(HTML.escape(locale.names[program.program] ?? Self.shownName(program: program.program)))</h3><table class=\"data\" data-program=\"\(HTML.escape(program.program))\"><tbody>"
            out += "<tr><th scope=\"row\">\(HTML.escape(t["recap.accrued"]))</th>\(money(program.accrued, key: "accrued"))<td></td></tr>"
            out += "<tr><th scope=\"row\">\(HTML.escape(t["recap.swept"]))</th>\(money(program.swept, key: "swept"))<td></td></tr>"
            out += "<tr><th scope=\"row\">\(HTML.escape(t["recap.pot"]))</th>\(money(program.pot, key: "pot"))<td></td></tr>"
            for d in program.destinations {
                var goal = "<td></td>"
                if let target = d.goal {
                    let progress = d.goalProgressHundredths.map { Percentage(hundredths: $0) }
                    goal = "<td class=\"goal\">\(HTML.escape(t["recap.goal"])) \(HTML.escape(locale.money(target))): \(HTML.escape(progress.map(locale.percent) ?? "—"))"
                    goal += SVGCharts.gauge(part: d.goalProgressHundredths ?? 0, whole: 10_000, title: d.account) + "</td>"
                }
                out +=
                    "<tr data-destination=\"\(HTML.escape(d.account))\"><th scope=\"row\">→ \((navigation?.posting(d.account) ?? HTML.name(d.account, locale: locale)))</th>\(money(d.amount))\(goal)</tr>"
            }
            out += "</tbody></table>"
        }
        return out + "</section>\n"
    }

    private func accounts(_ r: Recap) -> String {
        let asOf = r.balances.asOf.map { "<br/><small>\(HTML.escape(locale.date($0)))</small>" } ?? ""
        var out = "<section id=\"accounts\"><h2>\(HTML.escape(t["recap.balances"]))</h2><table class=\"data\"><thead><tr>"
        out +=
            "<th>\(HTML.escape(t["recap.account"]))</th><th class=\"num\">\(HTML.escape(t["recap.balance"]))\(asOf)</th><th class=\"num\">\(HTML.escape(t["recap.bank_says"]))</th>"
        out += "<th>\(HTML.escape(t["recap.reconciled"]))</th></tr></thead><tbody>"
        for a in r.balances.accounts {
            let name = navigation?.posting(a.account) ?? HTML.name(a.account, locale: locale)
            out += "<tr data-account=\"\(HTML.escape(a.account))\"><th scope=\"row\">\(name)</th>\(money(a.balance))\(bankSays(a))"
            let status = a.statementClosing == nil ? t["recap.none"] : (a.reconciled ? "✓ " + t["recap.yes"] : "✗ " + t["recap.no"])
            out += "<td class=\"\(a.statementClosing == nil || a.reconciled ? "ok" : "over")\">\(HTML.escape(status))</td></tr>"
        }
        out += "</tbody></table>"
        if r.balances.accounts.contains(where: { $0.statementClosing != nil }) {
            out += "<p class=\"note\">\(HTML.escape(t["recap.reconciled_note"]))</p>"
        }
        let cycles = r.cards.compactMap { card in card.cycles.last { !$0.isOpen }.map { (card.account, $0) } }
        if !cycles.isEmpty {
            out += "<h3>\(HTML.escape(t["recap.cards"]))</h3><table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.account"]))</th>"
            out +=
                "<th>\(HTML.escape(t["recap.cycle"]))</th><th class=\"num\">\(HTML.escape(t["recap.amount_due"]))</th><th>\(HTML.escape(t["recap.due_date"]))</th></tr></thead><tbody>"
            for (account, c) in cycles {
                out +=
                    "<tr data-card=\"\(HTML.escape(account))\"><th scope=\"row\">\((navigation?.posting(account) ?? HTML.name(account, locale: locale)))</th><td>\(HTML.escape(locale.date(c.from))) – \(HTML.escape(locale.date(c.to)))</td>"
                out += "\(money(c.amountDue))<td data-value=\"\(c.dueDate)\">\(HTML.escape(locale.date(c.dueDate)))</td></tr>"
            }
            out += "</tbody></table>"
        }
        return out + "</section>\n"
    }

    /// The latest closing balance a statement gave, with the statement's date under it (the
    /// balance column is as of the period's end: the two may differ by what came after).
    private func bankSays(_ a: BalancesReport.Line) -> String {
        guard let closing = a.statementClosing else { return "<td class=\"num\">—</td>" }
        let date = a.statementDate.map { "<br/><small data-key=\"statement_date\" data-value=\"\($0)\">\(HTML.escape(locale.date($0)))</small>" } ?? ""
        return "<td class=\"num\" data-value=\"\(closing.decimalString)\">\(HTML.escape(locale.money(closing)))\(date)</td>"
    }

    private func payees(_ r: Recap) -> String {
        var out = "<section id=\"payees\"><h2>\(HTML.escape(t["recap.payees"]))</h2>"
        if !r.payees.isEmpty {
            out +=
                "<table class=\"data\"><thead><tr><th>\(HTML.escape(t["recap.payee"]))</th><th class=\"num\">\(HTML.escape(t["recap.amount"]))</th><th class=\"num\">\(HTML.escape(t["site.transactions"]))</th></tr></thead><tbody>"
            for p in r.payees {
                let name = site.flatMap { $0.file(payee: p.key) }.map { "<a href=\"\($0)\">\(HTML.escape(p.name))</a>" } ?? HTML.escape(p.name)
                out += "<tr data-payee=\"\(HTML.escape(p.name))\"><th scope=\"row\">\(name)</th>\(money(p.amount))<td class=\"num\">\(p.count)</td></tr>"
            }
            out += "</tbody></table>"
        }
        out +=
            "<p class=\"uncategorized\">\(HTML.escape(t["recap.uncategorized"])): <strong data-key=\"uncategorized\" data-value=\"\(r.uncategorizedCount)\">\(r.uncategorizedCount)</strong>"
        if r.uncategorizedCount > 0 { out += ". \(HTML.escape(t["recap.uncategorized_fix"])) <code>penny uncategorized</code>" }
        return out + "</p></section>\n"
    }

    /// A program's name as a title: `spare-change` → `Spare change`.
    static func shownName(program: String) -> String {
        let words = program.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static let style = """
        :root{--link:#1f5fa8;--bg:#fbfbf8;--fg:#1d2327;--muted:#5f6b73;--card:#ffffff;--line:#e3e6e8;--track:#e9ecef;--income:#17a589;--expenses:#e4572e;--ok:#0b7a5f;--over:#c0392b}
        @media (prefers-color-scheme: dark){:root{--link:#7fb4ff;--bg:#14181b;--fg:#e8eaec;--muted:#9aa5ad;--card:#1d2327;--line:#2c343a;--track:#2c343a;--income:#2ecc9a;--expenses:#ff7a59;--ok:#2ecc9a;--over:#ff6b5b}}
        *{box-sizing:border-box}body{margin:0 auto;max-width:960px;padding:24px;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
        header h1{margin:0;font-size:26px}header .period{margin:2px 0 18px;color:var(--muted);font-size:18px}header .period::first-letter{text-transform:uppercase}
        section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 18px;margin:0 0 16px;break-inside:avoid}
        h2{font-size:18px;margin:0 0 10px}h3{font-size:15px;margin:14px 0 6px;color:var(--muted)}
        table{border-collapse:collapse;width:100%}th,td{padding:4px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:middle}
        thead th{color:var(--muted);font-weight:600;font-size:13px}thead th.num{white-space:normal}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        table.figures td{font-size:18px}table.figures tbody tr:first-child td:nth-child(2){color:var(--ok)}
        .pair{display:grid;grid-template-columns:220px 1fr;gap:18px;align-items:start}figure{margin:0}svg.donut{width:210px;height:210px}
        circle.track{stroke:var(--track)}svg.donut text.centre{font-size:3.6px;font-weight:600;fill:var(--fg)}svg.bars{width:100%;height:auto}svg.bars text{font-size:13px;fill:var(--muted)}
        line.axis{stroke:var(--muted)}line.grid{stroke:var(--line)}svg a:hover rect,svg a:focus rect{opacity:.8}
        rect.income,.key.income{fill:var(--income);background:var(--income)}rect.expenses,.key.expenses{fill:var(--expenses);background:var(--expenses)}
        .key{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 10px}figcaption{color:var(--muted);font-size:13px}
        svg.spark{width:72px;min-width:60px;height:20px}#trends{overflow-x:auto}table.trends th,table.trends td{font-size:13px;padding:4px 4px}td.goal svg.gauge{display:block;margin-top:4px}p.note{color:var(--muted);font-size:13px;margin:8px 0 0}svg.gauge{width:160px;height:14px}svg.gauge .track{fill:var(--track)}svg.gauge .fill{fill:var(--ok)}svg.gauge .over{fill:var(--over)}
        td.over{color:var(--over)}td.ok{color:var(--ok)}.swatch{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px}
        code{background:var(--track);padding:1px 5px;border-radius:4px}footer{color:var(--muted);font-size:12px;text-align:center;margin-top:12px}
        nav.site{display:flex;flex-wrap:wrap;gap:4px 14px;margin:0 0 14px;font-size:14px}nav.site a[aria-current]{font-weight:700;text-decoration:none;color:var(--fg)}nav.site .label{color:var(--muted)}
        a{color:var(--link)}th[scope=row]{overflow-wrap:break-word}.scroll{overflow-x:auto;max-width:100%}td.text small{color:var(--muted)}td.date{white-space:nowrap}
        @media (max-width:640px){.pair{grid-template-columns:1fr}body{padding:12px 10px;font-size:14px}section{padding:12px 10px}th,td{padding:3px 3px}table.data{font-size:13px}thead th{font-size:12px}
        table.figures td{font-size:15px}svg.gauge{width:72px}svg.donut{width:180px;height:180px}svg.bars text{font-size:20px}}
        @page{size:A4;margin:12mm}@media print{body{max-width:none;padding:0;background:#fff;color:#000}section{border-color:#ccc}}
        """
}
