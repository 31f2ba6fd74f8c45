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

    /// A site of `assembly`'s ledger.
    public init(assembly: ReportAssembly, locale: String?) {
        self.assembly = assembly
        self.locale = locale
    }

    /// How many payees get a page (those with most transactions): a ledger of a million
    /// one-off shops does not write a million pages.
    public static let payeePageLimit = 500

    /// Writes the pages into `directory` (made when missing); returns their file names.
    public func write(into directory: String) throws(PennyError) -> [String] {
        let gathered = try gather()
        let months = gathered.months.sorted().map { (year: $0 / 100, month: $0 % 100) }
        let payees = gathered.payeePages(limit: Self.payeePageLimit)
        var site = SiteMap(
            months: months, categories: Array(gathered.categories.keys), accounts: assembly.rules.accounts.map(\.name), payees: payees.map(\.key),
            depth: assembly.depth)
        let reports = try wholeReports(hasData: !months.isEmpty)
        site.reports = reports.map { ($0.file, $0.titleKey) }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw PennyError(.ledgerUnavailable, "cannot make the folder '\(directory)': \(error.localizedDescription)")
        }
        var written: [String] = []
        func put(_ text: String, _ name: String) throws(PennyError) {
            try AtomicFile.write(text, to: (directory as NSString).appendingPathComponent(name))
            written.append(name)
        }
        for m in months {
            guard let period = ReportPeriod.month(m.year, m.month) else { continue }
            var monthly = ReportAssembly(
                rules: assembly.rules, ledgerPath: assembly.ledgerPath, currency: assembly.currency, period: period, interval: assembly.interval, depth: assembly.depth)
            monthly.conversion = assembly.conversion
            let page = try monthly.recapPage(locale: locale, site: site)
            try put(page, site.file(year: m.year, month: m.month))
            if site.home.map({ $0 == m }) == true { try put(page, "index.html") }
        }
        if months.isEmpty { try put(try assembly.recapPage(locale: locale, site: site), "index.html") }
        let writer = HTMLSitePageWriter(locale: assembly.reportLocale(locale), site: site)
        for page in gathered.categories.values {
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
        return written
    }

    /// The whole-ledger reports the site has a page for: recurring payments and the forecast
    /// (when the ledger has data), the round-up programs (when the rules have any).
    private func wholeReports(hasData: Bool) throws(PennyError) -> [(file: String, titleKey: String, document: ReportDocument)] {
        guard hasData else { return [] }
        var all = ReportAssembly(
            rules: assembly.rules, ledgerPath: assembly.ledgerPath, currency: assembly.currency, period: .all, interval: assembly.interval, depth: assembly.depth,
            months: 3)
        all.conversion = assembly.conversion
        var reports = [("recurring.html", "site.recurring", try all.document(.recurring)), ("forecast.html", "site.forecast", try all.document(.forecast))]
        if !assembly.rules.roundUps.isEmpty { reports.append(("roundups.html", "recap.roundups", try all.document(.roundups))) }
        return reports.map { (file: $0.0, titleKey: $0.1, document: $0.2) }
    }

    /// The site's pages from two streaming readings of the ledger: the first finds the
    /// latest month, the second files every transaction, listing one by one those of the
    /// 12 months ending with it (older months are totals), so memory stays bounded.
    private func gather() throws(PennyError) -> SiteGatherer {
        let reader = JournalReader(defaultCurrency: assembly.rules.defaultCurrency)
        var latest: LocalDate?
        try reader.forEachTransaction(path: assembly.ledgerPath, tagNames: [], wantsDescription: false, commentPrefix: "; none", requiresID: false, comment: { _ in }) { t in
            if latest.map({ t.date > $0 }) ?? true { latest = t.date }
        }
        let cutoff = latest.map { ReportSiteCutoff.first(latest: $0) }
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
