public import PennyCore
public import PennyLedger

/// Sorts the ledger's transactions, read once as a stream, into the pages of a report site:
/// a page per category (expense and income accounts grouped at the report's depth), per own
/// account (every posting, the bank's statement balances) and per payee (the payments
/// between an own account and a category, grouped by `RecurringDetector.payeeKey`).
/// Memory is the lines from `cutoff` on plus a total per page and month.
public struct SiteGatherer {
    /// The own accounts (from the rules).
    public let ownAccounts: Set<String>
    /// Category depth.
    public let depth: Int
    /// The first day whose transactions the pages list one by one.
    public let cutoff: LocalDate?
    /// The months with a transaction, as `year * 100 + month`.
    public private(set) var months: Set<Int> = []
    /// The category pages by category.
    public private(set) var categories: [String: CategoryPage] = [:]
    /// The account pages by account (every own account has one).
    public private(set) var accounts: [String: AccountPage] = [:]
    /// The payee pages by payee key.
    public private(set) var payees: [String: PayeePage] = [:]

    /// A gatherer for `ownAccounts` (in the rules' order).
    public init(ownAccounts: [String], depth: Int, cutoff: LocalDate?) {
        self.ownAccounts = Set(ownAccounts)
        self.depth = depth
        self.cutoff = cutoff
        for account in ownAccounts { accounts[account] = AccountPage(account: account, cutoff: cutoff) }
    }

    /// Files one transaction on the pages it belongs to.
    public mutating func add(_ t: ScannedTransaction) {
        months.insert(t.date.year * 100 + t.date.month)
        let postings = Self.amounts(t.postings)
        let description = t.description ?? ""
        let payee = description.isEmpty ? nil : RecurringDetector.payeeKey(description)
        for (index, posting) in postings.enumerated() {
            guard let amount = posting.amount else { continue }
            let others = postings.indices.filter { $0 != index }.map { postings[$0].account }
            var line = SiteRegister.Line(
                date: t.date, description: description, account: posting.account, counterpart: others.joined(separator: ", "), amount: amount, ledgerLine: t.line)
            line.payee = payee
            if ownAccounts.contains(posting.account) {
                accounts[posting.account]?.register.add(line)
                continue
            }
            let name = AccountName(posting.account)
            guard name.isUnder(.expenses) || name.isUnder(.income) else { continue }
            let category = AccountName.group(posting.account, depth: depth)
            categories[category, default: CategoryPage(category: category, cutoff: cutoff)].register.add(line)
            // A payment between an own account and this category: the payee's page, own side.
            if postings.count == 2, let own = postings[1 - index].amount, ownAccounts.contains(postings[1 - index].account), let key = payee {
                // Changed in place: a copy of the page would copy its lines on every payment.
                let shown = RecapBuilder.shownName(description)
                if payees[key] == nil { payees[key] = PayeePage(key: key, name: shown, cutoff: cutoff) }
                payees[key]!.name = RecapBuilder.commonName(payees[key]!.name, shown)
                var paid = SiteRegister.Line(
                    date: t.date, description: description, account: postings[1 - index].account, counterpart: posting.account, amount: own, ledgerLine: t.line)
                paid.payee = key
                payees[key]!.register.add(paid)
                var total = categories[category]!.payees[key] ?? CategoryPage.PayeeTotal(name: shown, amount: Money(minorUnits: 0, currency: amount.currency), count: 0)
                total.name = RecapBuilder.commonName(total.name, shown)
                total.amount = SiteRegister.adding(total.amount, amount)
                total.count += 1
                categories[category]!.payees[key] = total
            }
        }
    }

    /// A posting of the derived round-up journal: counted in its own account's balance.
    public mutating func addDerived(_ p: Posting) throws(MoneyError) {
        guard let page = accounts[p.account] else { return }
        let sum = page.roundUps ?? Money(minorUnits: 0, currency: p.amount.currency)
        guard sum.currency == p.amount.currency else { return }
        accounts[p.account]!.roundUps = try sum.adding(p.amount)
    }

    /// A `; statement-balance:` line: the balance goes on its account's page.
    public mutating func addStatementLine(_ text: String) {
        guard case .statementBalance(let account, let kind, let balance, _, _) = PennyComment.parse(text), accounts[account] != nil else { return }
        let statement = AccountPage.Statement(date: balance.date, kind: kind, amount: balance.amount)
        if !(accounts[account]?.statements.contains(statement) ?? true) { accounts[account]?.statements.append(statement) }
    }

    /// Trims every page to its newest lines (call once, after the last transaction).
    public mutating func finish() {
        for key in categories.keys { categories[key]!.register.trim() }
        for key in accounts.keys { accounts[key]!.register.trim() }
        for key in payees.keys { payees[key]!.register.trim() }
    }

    /// The payees with a page: the `limit` with most transactions (ties by name), so a
    /// ledger of a million one-off shops does not write a million pages.
    public func payeePages(limit: Int) -> [PayeePage] {
        let counted = payees.values.map { page in (page, page.register.months.reduce(0) { $0 + $1.count }) }
        return counted.sorted { ($1.1, $0.0.name) < ($0.1, $1.0.name) }.prefix(limit).map(\.0)
    }

    /// The postings with an elided amount filled in (the negated sum of the others, when
    /// they share a currency).
    static func amounts(_ postings: [(account: String, amount: Money?)]) -> [(account: String, amount: Money?)] {
        guard let elided = postings.firstIndex(where: { $0.amount == nil }) else { return postings }
        let known = postings.compactMap(\.amount)
        guard let first = known.first, known.allSatisfy({ $0.currency == first.currency }) else { return postings }
        var sum = Money(minorUnits: 0, currency: first.currency)
        for amount in known {
            guard let next = try? sum.adding(amount) else { return postings }
            sum = next
        }
        guard let negated = try? sum.negated() else { return postings }
        var filled = postings
        filled[elided].amount = negated
        return filled
    }
}
