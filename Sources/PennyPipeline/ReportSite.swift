import Foundation
public import PennyCore
import PennyLedger
public import PennyReport

/// `penny report site --output DIR`: the recap of every month with data (the latest as
/// `index.html`) and a page per category, linked to each other, all in one folder that
/// works from `file://` with nothing fetched. Each page is written atomically.
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

    /// Writes the pages into `directory` (made when missing); returns their file names.
    public func write(into directory: String) throws(PennyError) -> [String] {
        let (months, pages) = try gather()
        let site = SiteMap(months: months, categories: pages.map(\.category))
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
        let writer = HTMLCategoryPageWriter(locale: ReportLocale(locale), site: site)
        for page in pages {
            guard let name = site.file(category: page.category) else { continue }
            try put(writer.render(page), name)
        }
        return written
    }

    /// The months with data and each category's transactions, from one reading of the ledger.
    private func gather() throws(PennyError) -> (months: [(year: Int, month: Int)], pages: [CategoryPage]) {
        let journal = try JournalBlocks(path: assembly.ledgerPath)
        let own = Set(assembly.rules.accounts.map(\.name))
        var months: Set<Int> = []
        var pages: [String: CategoryPage] = [:]
        for block in journal.blocks {
            months.insert(block.date.year * 100 + block.date.month)
            guard block.postings.count == 2 else { continue }
            for (index, posting) in block.postings.enumerated() where !own.contains(posting.account) {
                let name = AccountName(posting.account)
                guard name.isUnder(.expenses) || name.isUnder(.income), let text = posting.amount,
                    let amount = PostingText.money(text, defaultCurrency: assembly.rules.defaultCurrency)
                else { continue }
                let category = AccountName.group(posting.account, depth: assembly.depth)
                let line = CategoryPage.Line(
                    date: block.date, description: block.description, account: posting.account, counterpart: block.postings[1 - index].account, amount: amount,
                    ledgerLine: block.firstLine + 1)
                pages[category, default: CategoryPage(category: category)].lines.append(line)
            }
        }
        let sortedMonths = months.sorted().map { (year: $0 / 100, month: $0 % 100) }
        return (sortedMonths, pages.keys.sorted().map { pages[$0]! })
    }
}
