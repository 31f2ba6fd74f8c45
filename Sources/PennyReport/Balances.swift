public import PennyCore
public import PennyLedger

/// `report balances` (SPEC §3): per own account, the ledger's balance, the balance of what
/// came from statements, the latest closing balance a statement gave, and whether they agree.
public struct BalancesReport: Sendable {
    /// One own account.
    public struct Line: Sendable {
        /// The account.
        public let account: String
        /// Everything in the ledger, round-ups included.
        public let balance: Money
        /// The opening balance and statement transactions only (main ledger).
        public let statementBalance: Money
        /// The latest closing balance a statement gave.
        public let statementClosing: Money?
        /// Its date.
        public let statementDate: LocalDate?
        /// True when the statement balance on `statementDate` equals `statementClosing`.
        public let reconciled: Bool
    }

    /// The date the balances are as of (the period's end, else the latest date seen).
    public let asOf: LocalDate?
    /// Own accounts, in declaration order.
    public let accounts: [Line]
    /// Everything under assets: and liabilities: (own accounts, round-up pots and goals).
    public let total: Money
}

/// Builds a `BalancesReport` from the main ledger's postings, the derived journal's and
/// the statements' closing balances.
public struct BalancesBuilder {
    private let accounts: [String]
    private let currency: Currency
    private let asOf: LocalDate?
    private var main: [String: [LocalDate: Int64]] = [:]
    private var derived: [String: Int64] = [:]
    private var closings: [String: StatementBalance] = [:]
    private var latest: LocalDate?

    /// Starts a report for `accounts` in `currency`, as of `asOf` (nil: everything).
    public init(accounts: [String], currency: Currency, asOf: LocalDate?) {
        self.accounts = accounts
        self.currency = currency
        self.asOf = asOf
    }

    /// A posting of the main ledger (statement-backed).
    public mutating func addMain(_ p: Posting) throws(MoneyError) {
        guard p.amount.currency == currency, asOf.map({ p.date <= $0 }) ?? true else { return }
        if latest.map({ p.date > $0 }) ?? true { latest = p.date }
        try main[p.account, default: [:]].add(checked: p.amount.minorUnits, to: p.date)
    }

    /// A posting of the derived round-up journal.
    public mutating func addDerived(_ p: Posting) throws(MoneyError) {
        guard p.amount.currency == currency, asOf.map({ p.date <= $0 }) ?? true else { return }
        try derived.add(checked: p.amount.minorUnits, to: p.account)
    }

    /// A `; statement-balance:` line; the latest closing per account (up to `asOf`) wins.
    public mutating func addStatementLine(_ line: String) {
        guard case .statementBalance(let account, "closing", let balance, _, _) = PennyComment.parse(line),
            asOf.map({ balance.date <= $0 }) ?? true, balance.amount.currency == currency
        else { return }
        if closings[account].map({ balance.date >= $0.date }) ?? true { closings[account] = balance }
    }

    /// The main ledger's balance of `account` up to and including `date`.
    public func statementBalance(_ account: String, on date: LocalDate?) throws(MoneyError) -> Int64 {
        try (main[account] ?? [:]).filter { day in date.map { day.key <= $0 } ?? true }.sum(checked: \.value)
    }

    /// The finished report.
    public func build() throws(MoneyError) -> BalancesReport {
        func isBalanceSheet(_ a: String) -> Bool { AccountName(a).isBalanceSheet }
        var total: Int64 = 0
        for (account, days) in main where isBalanceSheet(account) { try total.add(checked: try days.values.sum(checked: { $0 })) }
        for (account, amount) in derived where isBalanceSheet(account) { try total.add(checked: amount) }
        var lines: [BalancesReport.Line] = []
        for account in accounts {
            let statement = try statementBalance(account, on: nil)
            var balance = statement
            try balance.add(checked: derived[account] ?? 0)
            let closing = closings[account]
            var reconciled = false
            if let closing { reconciled = try statementBalance(account, on: closing.date) == closing.amount.minorUnits }
            lines.append(
                BalancesReport.Line(
                    account: account, balance: Money(minorUnits: balance, currency: currency), statementBalance: Money(minorUnits: statement, currency: currency),
                    statementClosing: closing?.amount, statementDate: closing?.date, reconciled: reconciled))
        }
        let lastClosing = closings.values.map(\.date).max()
        let seen = [latest, lastClosing].compactMap { $0 }.max()
        return BalancesReport(asOf: asOf ?? seen, accounts: lines, total: Money(minorUnits: total, currency: currency))
    }
}

/// Renders a `BalancesReport`.
public enum BalancesRenderer {
    /// SPEC §3's JSON.
    public static func json(_ r: BalancesReport) -> String {
        JSONValue.object([
            ("as_of", r.asOf.map { .string($0.description) } ?? .null),
            (
                "accounts",
                .array(
                    r.accounts.map { a in
                        .object([
                            ("account", .string(a.account)), ("balance", .string(a.balance.decimalString)),
                            ("statement_balance", .string(a.statementBalance.decimalString)),
                            ("statement_closing", a.statementClosing.map { .string($0.decimalString) } ?? .null),
                            ("statement_date", a.statementDate.map { .string($0.description) } ?? .null),
                            ("reconciled", .bool(a.reconciled)),
                        ])
                    })
            ),
            ("total", .string(r.total.decimalString)),
        ]).text + "\n"
    }

    /// The accounts with their statement figures and the total.
    public static func document(_ r: BalancesReport) -> ReportDocument {
        let rows: [[ReportCell]] = r.accounts.map { a in
            [
                .text(a.account), .money(a.balance), .money(a.statementBalance), .money(a.statementClosing), .date(a.statementDate),
                a.statementClosing == nil ? .missing : .flag(a.reconciled),
            ]
        }
        let table = ReportTable(
            columns: [.text("Account"), .number("Balance"), .number("Statements"), .number("Bank says"), .text("On"), .text("Reconciled")],
            rows: rows + [[.label("Total"), .money(r.total), .empty, .empty, .empty, .empty]])
        let data = ReportTable(
            columns: [
                .text("account"), .number("balance"), .number("statement_balance"), .number("statement_closing"), .text("statement_date"), .text("reconciled"),
                .text("currency"),
            ],
            rows: r.accounts.map { a in
                [
                    .text(a.account), .money(a.balance), .money(a.statementBalance), .money(a.statementClosing), .date(a.statementDate), .flag(a.reconciled),
                    .text(a.balance.currency.code),
                ]
            } + [[.text("total"), .money(r.total), .empty, .empty, .empty, .empty, .text(r.total.currency.code)]])
        return ReportDocument(
            sections: [ReportSection(title: "Balances as of \(r.asOf) (\(r.total.currency.code))", blocks: [.table(table)])], data: data)
    }
}
