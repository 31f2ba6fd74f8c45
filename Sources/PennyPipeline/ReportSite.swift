import Foundation
public import PennyCore
import PennyLedger
public import PennyReport

/// `penny report site --output DIR`: the recap of every month with data (the latest as
/// `index.html`), a page per category, own account and payee, and the list of payees,
/// linked to each other, all in one folder that works from `file://` with nothing fetched.
/// Each page is written atomically.
public struct ReportSite {
    /// The reports' settings (rules, ledger, currency, depth); its period is not used.
    public let assembly: ReportAssembly
    /// The language of the pages (nil: plain English).
    public let locale: String?
    /// What the pages depend on besides the ledger (Penny's version, the rules' text, the
    /// options: `SiteConfiguration`). When set, a run keeps the pages whose inputs match
    /// the last run's (`.penny-site.json` in the folder); nil rebuilds every page.
    public var configuration: String?

    /// A site of `assembly`'s ledger.
    public init(assembly: ReportAssembly, locale: String?) {
        self.assembly = assembly
        self.locale = locale
    }

    /// How many payees get a page (those with most transactions): a ledger of a million
    /// one-off shops does not write a million pages.
    public static let payeePageLimit = 500

    /// What a run wrote and what it kept from the last run (file names).
    public struct Written: Sendable {
        /// Pages written by this run.
        public var pages: [String] = []
        /// Pages kept as the last run wrote them (their inputs did not change).
        public var kept: [String] = []

        /// The line a command prints: `wrote 60 pages to site (open site/index.html)`, with
        /// how many were kept when some were.
        public func summary(folder: String) -> String {
            let open = "(open \((folder as NSString).appendingPathComponent("index.html")))"
            if pages.isEmpty && !kept.isEmpty { return "\(folder) is up to date: nothing changed since the last run \(open)" }
            return "wrote \(pages.count) pages to \(folder)" + (kept.isEmpty ? "" : ", kept \(kept.count) unchanged") + " \(open)"
        }
    }

    /// Writes the pages into `directory` (made when missing). With a `configuration`,
    /// nothing is rebuilt when the ledger and the configuration are as the last run saw
    /// them, and otherwise a month's recap only when something dated in it or before it
    /// changed (or the site's navigation did); the other pages are rebuilt.
    public func write(into directory: String) throws(PennyError) -> Written {
        let (latest, fingerprint) = try firstReading()
        let digests = fingerprint.cumulative(configuration: configuration ?? "")
        let overall = digests.keys.max().flatMap { digests[$0] } ?? "empty"
        let state = configuration == nil ? nil : SiteState.load(directory: directory)
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name)) }
        if let state, state.overall == overall, !state.pages.isEmpty, state.pages.allSatisfy(exists) { return Written(kept: state.pages) }
        // The whole-ledger reports first: the recurring payments they hold are let go
        // before the pages are gathered. A ledger has data when it has a transaction.
        let reports = try wholeReports(hasData: latest != nil)
        let gathered = try gather(cutoff: latest.map { ReportSiteCutoff.first(latest: $0) })
        let months = gathered.months.sorted().map { (year: $0 / 100, month: $0 % 100) }
        let payees = gathered.payeePages(limit: Self.payeePageLimit)
        var site = SiteMap(
            months: months, categories: Array(gathered.categories.keys), accounts: assembly.rules.accounts.map(\.name), payees: payees.map(\.key),
            depth: assembly.depth)
        site.reports = reports.map { ($0.file, $0.titleKey) }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw PennyError(.ledgerUnavailable, "cannot make the folder '\(directory)': \(error.localizedDescription)")
        }
        // The old state goes before any page changes: a run cut short leaves no state that
        // could vouch for a page it rewrote.
        if state != nil { SiteState.remove(directory: directory) }
        var written = Written()
        func put(_ text: String, _ name: String) throws(PennyError) {
            try AtomicFile.write(text, to: (directory as NSString).appendingPathComponent(name))
            written.pages.append(name)
        }
        let navigation = Self.digest(of: site)
        var recaps: [String: String] = [:]
        var changed: [(year: Int, month: Int)] = []
        for m in months where ReportPeriod.month(m.year, m.month) != nil {
            let name = site.file(year: m.year, month: m.month), isHome = site.home.map { $0 == m } == true
            let key = "\(m.year)-\(m.month < 10 ? "0" : "")\(m.month)"
            recaps[key] = (digests[key] ?? "") + navigation
            if let state, state.months[key] == recaps[key], exists(name), !isHome || exists("index.html") {
                written.kept += isHome ? [name, "index.html"] : [name]
                continue
            }
            changed.append(m)
        }
        try assembly.recapPages(months: changed, locale: locale, site: site) { (m, page) throws(PennyError) in
            try put(page, site.file(year: m.year, month: m.month))
            if site.home.map({ $0 == m }) == true { try put(page, "index.html") }
        }
        if months.isEmpty { try put(try assembly.recapPage(locale: locale, site: site), "index.html") }
        let pageLocale = assembly.reportLocale(locale)
        let writer = HTMLSitePageWriter(locale: pageLocale, site: site)
        let budgets = Self.budgets(assembly.rules.budgets, locale: pageLocale, currency: assembly.currency)
        for var page in gathered.categories.values {
            page.budget = budgets[page.category]
            if let name = site.file(category: page.category) { try put(writer.render(page), name) }
        }
        for page in gathered.accounts.values {
            if let name = site.file(account: page.account) { try put(writer.render(page), name) }
        }
        for page in payees {
            if let name = site.file(payee: page.key) { try put(writer.render(page), name) }
        }
        if !payees.isEmpty { try put(writer.render(payees: payees), SiteMap.payeeIndex) }
        for report in reports { try put(writer.render(report: report.document, titleKey: report.titleKey), report.file) }
        if configuration != nil {
            try SiteState(overall: overall, months: recaps, pages: (written.pages + written.kept).sorted()).save(directory: directory)
        }
        return written
    }

    /// Each budgeted category's budget as its page says it: `Budget: €300.00 a month` or
    /// `Budget: 10.00% of income`.
    public static func budgets(_ budgets: [Budget], locale: ReportLocale, currency: Currency) -> [String: String] {
        let t = locale.labels
        var out: [String: String] = [:]
        for line in budgets.flatMap(\.lines) {
            if let share = line.hundredthsOfIncome {
                out[line.account] = t["site.budget_share"].replacingOccurrences(of: "{0}", with: locale.percent(Percentage(hundredths: Int64(share))))
            } else if let amount = line.amount, let units = amount.minorUnits(in: amount.currency ?? currency) {
                let money = Money(minorUnits: units, currency: amount.currency ?? currency)
                out[line.account] = t["site.budget_month"].replacingOccurrences(of: "{0}", with: locale.money(money))
            }
        }
        return out
    }

    /// The site's navigation as a digest: every page's bar lists the months, categories,
    /// accounts, payees and reports, so a recap changes when any of them does.
    private static func digest(of site: SiteMap) -> String {
        var hash = StableHash()
        for m in site.months { hash.combine("\(m.year)-\(m.month)") }
        for name in site.categories + site.accounts + site.payees + site.reports.map(\.file) { hash.combine(name) }
        return StableHash.hex(hash.value)
    }

    /// The whole-ledger reports the site has a page for: recurring payments and the forecast
    /// (when the ledger has data), the round-up programs (when the rules have any).
    private func wholeReports(hasData: Bool) throws(PennyError) -> [(file: String, titleKey: String, document: ReportDocument)] {
        guard hasData else { return [] }
        var all = ReportAssembly(
            rules: assembly.rules, ledgerPath: assembly.ledgerPath, currency: assembly.currency, period: .all, interval: assembly.interval, depth: assembly.depth,
            months: 3)
        all.conversion = assembly.conversion
        let (recurring, forecast) = try all.recurringAndForecast()
        var reports = [("recurring.html", "site.recurring", recurring), ("forecast.html", "site.forecast", forecast)]
        if !assembly.rules.roundUps.isEmpty { reports.append(("roundups.html", "recap.roundups", try all.document(.roundups))) }
        return reports.map { (file: $0.0, titleKey: $0.1, document: $0.2) }
    }

    /// The first reading of the ledger: its latest date, and the fingerprint of each month
    /// (transactions, statement balances, round-up postings).
    private func firstReading() throws(PennyError) -> (latest: LocalDate?, fingerprint: SiteFingerprint) {
        let reader = JournalReader(defaultCurrency: assembly.rules.defaultCurrency)
        var latest: LocalDate?
        var fingerprint = SiteFingerprint()
        try reader.forEachTransaction(
            path: assembly.ledgerPath, tagNames: ["rule"], wantsDescription: true, commentPrefix: PennyComment.statementBalancePrefix, requiresID: false,
            comment: { fingerprint.addStatementLine($0) }
        ) { t in
            if latest.map({ t.date > $0 }) ?? true { latest = t.date }
            fingerprint.add(t)
        }
        let derived = assembly.ledgerPath + ".roundups.journal"
        if FileManager.default.fileExists(atPath: derived) {
            try reader.forEachPosting(path: derived, commentPrefix: "; none", comment: { _ in }) { (p) throws(MoneyError) in fingerprint.addDerived(p) }
        }
        return (latest, fingerprint)
    }

    /// The site's pages from the second reading of the ledger: every transaction filed on
    /// its pages, those of the 12 months ending with the latest listed one by one (older
    /// months are totals), so memory stays bounded.
    private func gather(cutoff: LocalDate?) throws(PennyError) -> SiteGatherer {
        let reader = JournalReader(defaultCurrency: assembly.rules.defaultCurrency)
        var gatherer = SiteGatherer(ownAccounts: assembly.rules.accounts.map(\.name), depth: assembly.depth, cutoff: cutoff)
        try reader.forEachTransaction(
            path: assembly.ledgerPath, tagNames: [], wantsDescription: true, commentPrefix: PennyComment.statementBalancePrefix,
            requiresID: false, comment: { gatherer.addStatementLine($0) }
        ) { t in gatherer.add(t) }
        let derived = assembly.ledgerPath + ".roundups.journal"
        if FileManager.default.fileExists(atPath: derived) {
            try reader.forEachPosting(path: derived, commentPrefix: "; none", comment: { _ in }) { (p) throws(MoneyError) in try gatherer.addDerived(p) }
        }
        gatherer.finish()
        return gatherer
    }
}
