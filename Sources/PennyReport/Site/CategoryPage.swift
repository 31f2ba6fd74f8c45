public import PennyCore

/// What a category's page shows: its transactions (the category and its sub-accounts) by
/// month, each month's total linking to that month's recap.
public struct CategoryPage: Sendable {
    /// What one payee took in (or brought to) the category, over the whole ledger.
    public struct PayeeTotal: Sendable {
        /// The name shown.
        public var name: String
        /// The sum on the category's side (spending positive).
        public var amount: Money?
        /// How many transactions.
        public var count: Int
    }

    /// The category.
    public let category: String
    /// Its transactions.
    public var register: SiteRegister
    /// Its payees by payee key, every transaction counted (not only the listed ones).
    public var payees: [String: PayeeTotal] = [:]
    /// The rules' budget for it, as the page says it (`€300.00 a month`), nil without one.
    public var budget: String?

    /// The payees that took most (by size), at most `count`.
    public func topPayees(_ count: Int) -> [(key: String, total: PayeeTotal)] {
        let sorted = payees.sorted { a, b in
            let x = a.value.amount?.minorUnits.magnitude ?? 0, y = b.value.amount?.minorUnits.magnitude ?? 0
            return (x, b.key) > (y, a.key)
        }
        return sorted.prefix(count).map { ($0.key, $0.value) }
    }

    /// An empty page for `category`, keeping lines from `cutoff` on.
    public init(category: String, cutoff: LocalDate?) {
        self.category = category
        register = SiteRegister(cutoff: cutoff)
    }
}

/// What an own account's page shows: a register with the running balance, the bank's
/// statement balances at their dates with a reconciliation mark, transfers linked to the
/// other account's page.
public struct AccountPage: Sendable {
    /// A balance a statement gave.
    public struct Statement: Sendable, Equatable {
        /// The date the bank gave it for.
        public let date: LocalDate
        /// `opening` or `closing`.
        public let kind: String
        /// What the bank says.
        public let amount: Money
    }

    /// The account.
    public let account: String
    /// Its transactions.
    public var register: SiteRegister
    /// The statements' balances, by date.
    public var statements: [Statement] = []
    /// What the round-up programs moved in or out of the account (the derived journal; nil
    /// when none): in the balance, not in the register, which lists the bank's transactions.
    public var roundUps: Money?

    /// An empty page for `account`, keeping lines from `cutoff` on.
    public init(account: String, cutoff: LocalDate?) {
        self.account = account
        register = SiteRegister(cutoff: cutoff)
    }

    /// The kept lines, oldest first, each with the balance after it (nil when the register
    /// mixes currencies or passes 64 bits).
    public var runningLines: [(line: SiteRegister.Line, balance: Money?)] {
        let lines = register.lines.sorted { ($0.date, $0.ledgerLine) < ($1.date, $1.ledgerLine) }
        var balance: Money? = register.before ?? lines.first.map { Money(minorUnits: 0, currency: $0.amount.currency) }
        return lines.map { line in
            balance = SiteRegister.adding(balance, line.amount)
            return (line, balance)
        }
    }
}

/// What a payee's page shows: every payment to or from it (own account's side, money out
/// negative) with its category, by month.
public struct PayeePage: Sendable {
    /// The payee key (`RecurringDetector.payeeKey`) that groups its descriptions.
    public let key: String
    /// The name shown: what its descriptions share.
    public var name: String
    /// Its transactions.
    public var register: SiteRegister

    /// An empty page, listing at most 200 lines.
    public init(key: String, name: String, cutoff: LocalDate?) {
        self.key = key
        self.name = name
        register = SiteRegister(cutoff: cutoff, limit: 200)
    }
}
