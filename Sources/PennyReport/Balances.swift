public import PennyCore
public import PennyLedger

/// `report balances` (SPEC §3): per own account, the ledger's balance in the account's own
/// currency, the balance of what came from statements, the latest closing balance a
/// statement gave, and whether they agree; the total in the report's currency.
public struct BalancesReport: Sendable {
    /// One own account.
    public struct Line: Sendable {
        /// The account.
        public let account: String
        /// Everything in the ledger, round-ups included, in the account's currency.
        public let balance: Money
        /// The opening balance and statement transactions only (main ledger).
        public let statementBalance: Money
        /// The latest closing balance a statement gave.
        public let statementClosing: Money?
        /// Its date.
        public let statementDate: LocalDate?
        /// True when the statement balance on `statementDate` equals `statementClosing`.
        public let reconciled: Bool
        /// `balance` in the report's currency at the as-of date (itself when the account is
        /// in that currency; nil when no rate reaches it, and the report then fails).
        public var value: Money? = nil
    }

    /// The date the balances are as of (the period's end, else the latest date seen).
    public let asOf: LocalDate?
    /// Own accounts, in declaration order.
    public let accounts: [Line]
    /// Everything under assets: and liabilities: (own accounts, round-up pots and goals),
    /// each account's balance in another currency converted at the as-of date.
    public let total: Money
    /// Per pair (`USD→EUR`), the first day no rate converted a balance or an exchange.
    public var missingRates: [String: LocalDate] = [:]
    /// Exchanges between own accounts in different currencies up to the as-of date, with
    /// what each cost against the reference rate.
    public var exchanges: [ExchangeCost] = []
    /// The exchanges' costs in the report's currency (nil when there were none).
    public var exchangeCost: Money? = nil

    /// True when an account is in another currency than the report's (the tables and JSON
    /// then show each account's currency and its value in the report's).
    public var isMultiCurrency: Bool { accounts.contains { $0.balance.currency != total.currency } }
}

/// Builds a `BalancesReport` from the main ledger's postings, the derived journal's and
/// the statements' closing balances.
public struct BalancesBuilder {
    private struct Holding: Hashable {
        let account: String
        let currency: Currency
    }

    private let accounts: [String]
    private let currency: Currency
    private let accountCurrencies: [String: Currency]
    private let asOf: LocalDate?
    private var main: [String: [LocalDate: Int64]] = [:]
    private var derived: [String: Int64] = [:]
    /// Balance-sheet postings in a currency other than their account's (counted in the total).
    private var foreign: [Holding: Int64] = [:]
    private var closings: [String: StatementBalance] = [:]
    private var latest: LocalDate?
    private var exchanges: [ExchangeCost] = []

    /// Starts a report for `accounts` in `currency`, as of `asOf` (nil: everything); each own
    /// account is in `accountCurrencies[name]`, else in `currency`.
    public init(accounts: [String], currency: Currency, asOf: LocalDate?, accountCurrencies: [String: Currency] = [:]) {
        self.accounts = accounts
        self.currency = currency
        self.asOf = asOf
        self.accountCurrencies = accountCurrencies
    }

    private func currency(of account: String) -> Currency { accountCurrencies[account] ?? currency }

    /// A posting of the main ledger (statement-backed).
    public mutating func addMain(_ p: Posting) throws(MoneyError) {
        guard asOf.map({ p.date <= $0 }) ?? true else { return }
        guard p.amount.currency == currency(of: p.account) else { return try addForeign(p) }
        if latest.map({ p.date > $0 }) ?? true { latest = p.date }
        try main[p.account, default: [:]].add(checked: p.amount.minorUnits, to: p.date)
    }

    /// A posting of the derived round-up journal.
    public mutating func addDerived(_ p: Posting) throws(MoneyError) {
        guard asOf.map({ p.date <= $0 }) ?? true else { return }
        guard p.amount.currency == currency(of: p.account) else { return try addForeign(p) }
        try derived.add(checked: p.amount.minorUnits, to: p.account)
    }

    private mutating func addForeign(_ p: Posting) throws(MoneyError) {
        guard AccountName(p.account).isBalanceSheet else { return }
        if latest.map({ p.date > $0 }) ?? true { latest = p.date }
        try foreign.add(checked: p.amount.minorUnits, to: Holding(account: p.account, currency: p.amount.currency))
    }

    /// An exchange between own accounts (up to `asOf`).
    public mutating func addExchange(_ exchange: ExchangeCost) {
        guard asOf.map({ exchange.date <= $0 }) ?? true else { return }
        exchanges.append(exchange)
    }

    /// True when some balance is in another currency than the report's: the report then
    /// needs exchange rates.
    public var needsRates: Bool {
        !foreign.isEmpty || !exchanges.isEmpty || accounts.contains { currency(of: $0) != currency && (main[$0] != nil || derived[$0] != nil) }
    }

    /// A `; statement-balance:` line; the latest closing per account (up to `asOf`) wins.
    public mutating func addStatementLine(_ line: String) {
        guard case .statementBalance(let account, "closing", let balance, _, _) = PennyComment.parse(line),
            asOf.map({ balance.date <= $0 }) ?? true, balance.amount.currency == currency(of: account)
        else { return }
        if closings[account].map({ balance.date >= $0.date }) ?? true { closings[account] = balance }
    }

    /// The main ledger's balance of `account` up to and including `date`.
    public func statementBalance(_ account: String, on date: LocalDate?) throws(MoneyError) -> Int64 {
        try (main[account] ?? [:]).filter { day in date.map { day.key <= $0 } ?? true }.sum(checked: \.value)
    }

    /// The finished report; balances in other currencies than the report's are converted
    /// with `rates` at the as-of date, one rounding per account and currency.
    public func build(rates: ExchangeRates = ExchangeRates()) throws(MoneyError) -> BalancesReport {
        let lastClosing = closings.values.map(\.date).max()
        let asOf = self.asOf ?? [latest, lastClosing].compactMap { $0 }.max()
        var missing: [String: LocalDate] = [:]
        func lacks(_ from: Currency, _ to: Currency, _ day: LocalDate) {
            let key = "\(from.code)→\(to.code)"
            missing[key] = min(missing[key] ?? day, day)
        }
        func value(_ money: Money) throws(MoneyError) -> Money? {
            guard money.currency != currency else { return money }
            guard money.minorUnits != 0 else { return Money(minorUnits: 0, currency: currency) }
            guard let asOf else { return nil }
            guard let conversion = rates.conversion(from: money.currency, to: currency, on: asOf) else {
                lacks(money.currency, currency, asOf)
                return nil
            }
            return try conversion.apply(money)
        }
        var sums: [Holding: Int64] = foreign
        for (account, days) in main where AccountName(account).isBalanceSheet {
            try sums.add(checked: try days.values.sum(checked: { $0 }), to: Holding(account: account, currency: currency(of: account)))
        }
        for (account, amount) in derived where AccountName(account).isBalanceSheet {
            try sums.add(checked: amount, to: Holding(account: account, currency: currency(of: account)))
        }
        var total: Int64 = 0
        var values: [Holding: Money] = [:]
        for (holding, units) in sums {
            guard let converted = try value(Money(minorUnits: units, currency: holding.currency)) else { continue }
            values[holding] = converted
            try total.add(checked: converted.minorUnits)
        }
        var lines: [BalancesReport.Line] = []
        for account in accounts {
            let own = currency(of: account)
            let statement = try statementBalance(account, on: nil)
            var balance = statement
            try balance.add(checked: derived[account] ?? 0)
            let closing = closings[account]
            var reconciled = false
            if let closing { reconciled = try statementBalance(account, on: closing.date) == closing.amount.minorUnits }
            var line = BalancesReport.Line(
                account: account, balance: Money(minorUnits: balance, currency: own), statementBalance: Money(minorUnits: statement, currency: own),
                statementClosing: closing?.amount, statementDate: closing?.date, reconciled: reconciled)
            line.value = own == currency || balance == 0 ? try value(line.balance) : values[Holding(account: account, currency: own)]
            lines.append(line)
        }
        var report = BalancesReport(asOf: asOf, accounts: lines, total: Money(minorUnits: total, currency: currency))
        if !exchanges.isEmpty {
            var cost: Int64 = 0
            for exchange in exchanges {
                guard let own = exchange.cost else {
                    lacks(exchange.received.currency, exchange.paid.currency, exchange.date)
                    continue
                }
                guard own.currency != currency else {
                    try cost.add(checked: own.minorUnits)
                    continue
                }
                guard let conversion = rates.conversion(from: own.currency, to: currency, on: exchange.date) else {
                    lacks(own.currency, currency, exchange.date)
                    continue
                }
                try cost.add(checked: try conversion.apply(own).minorUnits)
            }
            report.exchanges = exchanges.sorted { ($0.date, $0.from, $0.to) < ($1.date, $1.from, $1.to) }
            report.exchangeCost = Money(minorUnits: cost, currency: currency)
        }
        report.missingRates = missing
        return report
    }
}
