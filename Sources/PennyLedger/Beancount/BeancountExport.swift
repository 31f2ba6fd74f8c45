public import PennyCore

/// Writes a ledger (and the files it includes: round-ups, prices) as a beancount file that
/// `bean-check` accepts (docs/beancount.md): every account opened (with its ledger name as
/// `name` metadata) and every commodity declared on the ledger's first date, transactions
/// with their tags as metadata, `P` lines as `price`, Penny's statement balances as
/// `custom "statement-balance"` entries and its other comment lines as comments.
///
/// Two reads of the ledger: one for the names and the first date, one to write.
public struct BeancountExport {
    private let reader: LedgerItemReader
    private let ledgerPath: String

    /// An export of `ledgerPath`; amounts without a code are in `defaultCurrency`.
    public init(ledgerPath: String, defaultCurrency: Currency) {
        self.ledgerPath = ledgerPath
        self.reader = LedgerItemReader(defaultCurrency: defaultCurrency)
    }

    /// Calls `emit` with the beancount text, a piece at a time.
    public func write(_ emit: (String) throws(PennyError) -> Void) throws(PennyError) {
        var accounts = Set<String>()
        var commodities: Set<String> = [reader.defaultCurrency.code]
        var firstDate: LocalDate?
        try reader.forEach(path: ledgerPath) { item throws(PennyError) in
            let seen = Self.names(of: item)
            accounts.formUnion(seen.accounts)
            commodities.formUnion(seen.commodities)
            if let date = Self.date(of: item), date < (firstDate ?? date.adding(days: 1)) { firstDate = date }
        }
        let names = BeancountNames(ledgerAccounts: accounts)
        let writer = BeancountWriter(names: names)
        try emit(writer.preamble(accounts: accounts, commodities: commodities, on: firstDate ?? LocalDate(year: 1970, month: 1, day: 1)!, operating: reader.defaultCurrency))
        try reader.forEach(path: ledgerPath) { item throws(PennyError) in try emit(writer.render(item)) }
    }

    private static func names(of item: LedgerItem) -> (accounts: [String], commodities: [String]) {
        switch item {
        case .transaction(let t):
            let costs = t.postings.compactMap { $0.cost?.text.split(separator: " ").last.map(String.init) }
            return (t.postings.map(\.account), t.postings.compactMap { $0.amount?.currency.code } + costs)
        case .price(let rate): return ([], [rate.from.code, rate.to.code])
        case .comment(.statementBalance(let account, _, let balance, _, _)): return ([account], [balance.amount.currency.code])
        case .comment: return ([], [])
        }
    }

    private static func date(of item: LedgerItem) -> LocalDate? {
        switch item {
        case .transaction(let t): t.date
        case .price(let rate): rate.date
        case .comment(.statementBalance(_, _, let balance, _, _)): balance.date
        case .comment: nil
        }
    }
}
