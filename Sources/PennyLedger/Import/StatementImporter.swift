public import PennyCore

/// What importing one file did.
public struct FileOutcome: Sendable, Equatable {
    /// Equal when the counts are (closing balances and notes are reported separately).
    public static func == (a: FileOutcome, b: FileOutcome) -> Bool {
        (a.new, a.duplicates, a.skipped, a.uncategorized, a.paired) == (b.new, b.duplicates, b.skipped, b.uncategorized, b.paired)
    }

    /// Transactions added to the ledger.
    public var new = 0
    /// Transactions already in the ledger.
    public var duplicates = 0
    /// Pending transactions and ones the rules skip.
    public var skipped = 0
    /// Second legs of transfers already in the ledger, recorded as paired.
    public var paired = 0
    /// Transfers that could pair with more than one entry (each line says which it chose).
    public var ambiguities: [String] = []
    /// Things a person should check, each with its location (e.g. an entry in another
    /// currency than its account's).
    public var warnings: [PennyError] = []
    /// The closing balances the file's statements gave, by own account.
    public var closings: [(account: String, balance: StatementBalance)] = []
    /// New transactions that no rule categorized.
    public var uncategorized = 0
    /// What the file held that is not a transaction, said once per kind
    /// (`2 rows skipped as not transactions ...`).
    public var notes: [String] = []

    /// Zero counts.
    public init() {}

    /// Adds another outcome's counts.
    public mutating func add(_ other: FileOutcome) {
        new += other.new
        duplicates += other.duplicates
        skipped += other.skipped
        uncategorized += other.uncategorized
        paired += other.paired
        ambiguities += other.ambiguities
        closings += other.closings
    }
}

/// Turns a reader's statement events into ledger entries: own account, category, dedup.
///
/// Knows nothing of formats or rules: the caller passes the reading, the account
/// resolution and the categorization as closures (the `penny` executable wires them).
/// A file is all or nothing: on any error its entries are rolled back.
public struct StatementImporter {
    /// Maps a statement header to the own account's ledger name.
    public typealias AccountResolver = (StatementHeader) throws(PennyError) -> String
    /// Categorizes one transaction, given with its description folded by `TextKey.fold`
    /// and the own account's name.
    public typealias Categorize = (_ transaction: Transaction, _ foldedDescription: String, _ account: String) -> Categorization
    /// What the rules decide for a plain row of the own account `account`, given its
    /// description folded by `TextKey.fold` as bytes: what `Categorize` decides for the
    /// row's `Transaction`, as a verdict `rowRenderer` knows the slots of.
    public typealias VerdictForRow = (_ row: PlainRow, _ foldedDescription: UnsafeBufferPointer<UInt8>, _ account: String) -> RowVerdict
    /// Streams one file's events to the given sink.
    public typealias Read = (_ emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) -> Void

    let update: LedgerUpdate
    /// Maps each statement to its own account (the caller may set it per file).
    public var resolveAccount: AccountResolver
    let categorize: Categorize
    /// The row lane's rules and writer; nil makes every lent row a `Transaction` first.
    public var rowLane: RowLane?
    /// Where each statement's own account is published for the reader's thread, which then
    /// hashes the rows' content keys ahead (nil: the importer hashes them all).
    public var filingAccount: FilingAccount?

    /// The row lane: what the rules decide for a plain row, and the writer of decided rows.
    public struct RowLane {
        /// The rules' verdict for a row.
        public var verdict: VerdictForRow
        /// Writes rows the verdict decided.
        public var renderer: RowEntryRenderer

        /// Makes a lane.
        public init(verdict: @escaping VerdictForRow, renderer: RowEntryRenderer) {
            self.verdict = verdict
            self.renderer = renderer
        }
    }
    private let declaredOpenings: Set<String>
    let ownAccounts: Set<String>
    /// Transfers between own accounts: the ledger's and this run's, kept after the commit.
    public let transfers: TransferIndex
    /// The own accounts whose default-filed entries are kept for transfer legs: with two or
    /// more own accounts, those a decision of the rules can name (`transferTargets`). Only
    /// such an entry can be the first leg of a transfer whose other leg comes later; for the
    /// others nothing is kept per default-filed row (memory stays flat however many rows no
    /// rule knows).
    let keepsDefaultFiled: Set<String>

    /// When set, a leg in another currency than a transfer entry on the other account pairs
    /// with it as an exchange when the matcher finds the two amounts plausible; nil (no
    /// rates, or every own account in one currency) leaves transfers to one currency.
    public var exchanges: ExchangeMatcher?

    /// Per currency, what the ledger's amounts add up to (as magnitudes, both postings of each
    /// entry): a file whose amounts would take it past 64 bits is refused, so no report's sum
    /// can overflow later.
    public var magnitudes = AmountTotals()
    /// Each own account's currency (its `currency` line, else the default): a statement in
    /// another currency is refused at its header, never booked into the account as written.
    public var accountCurrencies: [String: Currency] = [:]

    /// Makes an importer writing into `update`; `declaredOpenings` are the accounts whose
    /// opening balance the rules give (a statement's OPBD never replaces those);
    /// `transfers` knows the ledger's transfers between `ownAccounts`; `transferTargets` are
    /// the own accounts a decision of the rules (or a default category) can name — a leg can
    /// refile only a default-filed entry of one of those, so only theirs are kept (nil: any
    /// own account).
    public init(
        update: LedgerUpdate, resolveAccount: @escaping AccountResolver, categorize: @escaping Categorize, declaredOpenings: Set<String> = [],
        ownAccounts: Set<String> = [], transfers: TransferIndex = TransferIndex(windows: { _, _ in 3 }), transferTargets: Set<String>? = nil
    ) {
        self.update = update
        self.resolveAccount = resolveAccount
        self.categorize = categorize
        self.declaredOpenings = declaredOpenings
        self.ownAccounts = ownAccounts
        self.transfers = transfers
        self.keepsDefaultFiled = ownAccounts.count >= 2 ? (transferTargets ?? ownAccounts).intersection(ownAccounts) : []
    }

    /// Adds each declared opening balance that the ledger does not have yet.
    public func addOpenings(_ accounts: [AccountDeclaration]) throws(PennyError) -> Int {
        var added = 0
        for account in accounts {
            guard let opening = account.opening else { continue }
            let entry = JournalEntry(
                date: opening.date, description: "Opening balance", account: account.name,
                category: "equity:opening-balances", amount: opening.amount,
                id: .opening(account: account.name), source: nil, rule: nil)
            if try update.appendOpening(entry) { added += 1 }
        }
        return added
    }

    /// Imports one file; on error nothing of it stays in the update.
    public func importFile(source: String, read: Read) throws(PennyError) -> FileOutcome {
        var ruleFailure: PennyError?
        return try importFile(source: source, ruleFailure: &ruleFailure, read: read)
    }

    /// Imports one file; on error nothing of it stays in the update. `ruleFailure` is the
    /// first rule that gave up (`Categorization.matchFailure`) in a decision the importer
    /// asked for: once it is set, by this file or an earlier one, the file stops with it
    /// after the event being filed.
    public func importFile(source: String, ruleFailure: inout PennyError?, read: Read) throws(PennyError) -> FileOutcome {
        let mark = update.mark()
        let totals = magnitudes.totals
        let checkpoint = transfers.checkpoint()
        do throws(PennyError) {
            // The first pass finds every repeated bank id; a second may still find dates out
            // of order among the transactions those ids no longer identify; a third keeps
            // every date's counts and so always settles.
            let repeats: ScratchIDSet = []
            var keepsAllDates = false
            for _ in 0..<3 {
                switch try pass(read, knownRepeats: repeats, keepsAllDates: keepsAllDates, ruleFailure: &ruleFailure) {
                case .done(let counts):
                    return counts
                case .rerun(let found, let ungrouped):
                    magnitudes.totals = totals
                    let written = writtenIDs(since: mark)
                    try update.rollback(to: mark)
                    transfers.rollback(to: checkpoint, removing: written)
                    repeats.formUnion(found)
                    keepsAllDates = keepsAllDates || ungrouped
                }
            }
            throw PennyError.badInput("the statement's transactions could not be told apart after three readings", at: SourceLocation(file: source))
        } catch {
            let written = writtenIDs(since: mark)
            try update.rollback(to: mark)
            transfers.rollback(to: checkpoint, removing: written)
            magnitudes.totals = totals
            throw error
        }
    }

    /// The ids written since `mark`, for the transfer stores to forget; none when they hold
    /// nothing (a file read again after its whole first half wrote a million ids for nothing).
    private func writtenIDs(since mark: LedgerUpdate.Mark) -> ScratchIDSet {
        transfers.holdsEntries ? update.ids(since: mark) : []
    }

    /// Reads the file once, filing each event in turn (`take`); stops after an event once a
    /// rule gave up.
    private func pass(_ read: Read, knownRepeats: ScratchIDSet, keepsAllDates: Bool, ruleFailure: inout PennyError?) throws(PennyError) -> ImportPassResult {
        var pass = ImportPass(
            knownRepeats: knownRepeats, keepsAllDates: keepsAllDates, ruleFailure: ruleFailure, isFirstToAdd: update.holdsNoRowIDsButIndexed)
        defer { ruleFailure = pass.ruleFailure }
        var lookahead = RowLookahead()
        // Rows whose dates come back (a file not grouped by date) are read again keeping
        // every date's counts: the reading stops as soon as that is known, so the rows
        // written in vain (and their rollback) stay few.
        var outOfOrder = false
        do throws(PennyError) {
            try read { (event) throws(PennyError) in
                try take(event, in: &pass, lookahead: &lookahead)
                if let failure = pass.ruleFailure { throw failure }
                if !keepsAllDates, pass.assigner.isUngrouped {
                    outOfOrder = true
                    throw .badInput("rows out of date order: read again", at: SourceLocation(file: ""))
                }
            }
        } catch {
            guard outOfOrder else { throw error }
            return pass.stoppedOutOfOrder()
        }
        if pass.countsFailed {
            throw PennyError(
                .ledgerUnavailable, "cannot keep the occurrence counts and bank ids of this file: the temporary file for them failed; nothing of it was written",
                at: SourceLocation(file: pass.statement?.source ?? ""))
        }
        return pass.finish()
    }

    /// Files one of the file's events.
    private func take(_ event: StatementEvent, in pass: inout ImportPass, lookahead: inout RowLookahead) throws(PennyError) {
        switch event {
        case .statement(let header):
            try openStatement(header, in: &pass)
        case .warning(let message, let location):
            pass.outcome.warnings.append(.badInput(message, at: location))
        case .skippedRows(let count, let pattern, let first):
            pass.outcome.skipped += count
            pass.outcome.notes.append(
                "\(count) row\(count == 1 ? "" : "s") skipped as not \(count == 1 ? "a transaction" : "transactions"): skip-row '\(pattern)', the first on line \(first.line)")
        case .closing(let balance):
            guard let statement = pass.statement else { return }
            try update.appendStatementBalance(account: statement.account, kind: "closing", balance: balance, source: statement.source)
            pass.outcome.closings.append((statement.account, balance))
        case .transaction(let transaction):
            guard let own = pass.statement?.account else {
                throw .badInput("transaction before any statement header", at: transaction.location)
            }
            try takeTransaction(transaction, own: own, in: &pass)
        case .rows(let rows):
            try takeRows(rows, in: &pass, lookahead: &lookahead)
        }
    }

    /// Starts a statement: its own account, its balances kept, its closing reported.
    private func openStatement(_ header: StatementHeader, in pass: inout ImportPass) throws(PennyError) {
        let own = try resolveAccount(header)
        if let declared = accountCurrencies[own], declared != header.currency {
            throw .badInput(
                "the statement is in \(header.currency.code) but \(own) is in \(declared.code): check that the file is this account's, or give the account its currency ('currency \(header.currency.code)' in its block)",
                at: header.location)
        }
        filingAccount?.set(own)
        pass.open(
            OpenStatement(
                account: own, currency: header.currency, source: "\(header.location.file):\(header.location.line)", keepsDefaultFiled: keepsDefaultFiled.contains(own)))
        try record(header, account: own)
        if let closing = header.closing { pass.outcome.closings.append((own, closing)) }
    }

    /// A transaction read as a `Transaction`: skipped when pending, counted when the ledger
    /// has it, placed otherwise.
    func takeTransaction(_ transaction: Transaction, own: String, in pass: inout ImportPass) throws(PennyError) {
        if transaction.isPending {
            pass.outcome.skipped += 1
            return
        }
        try Self.checkFieldLengths(transaction)
        try pass.repeats.check(transaction, own: own, statement: pass.statementCount)
        let folded = TextKey.fold(transaction.description)
        let id = pass.assigner.id(account: own, transaction: transaction, foldedDescription: folded)
        // Already in the ledger: nothing to categorize (re-imports stay cheap).
        if update.contains(id) {
            pass.outcome.duplicates += 1
            return
        }
        try place(transaction, folded: folded, id: id, own: own, decision: nil, in: &pass)
    }

    /// Keeps the statement's balances for reconciliation, and takes its opening balance as
    /// the account's when the rules declare none and the ledger has none yet.
    private func record(_ header: StatementHeader, account: String) throws(PennyError) {
        let source = "\(header.location.file):\(header.location.line)"
        if let opening = header.opening {
            try update.appendStatementBalance(account: account, kind: "opening", balance: opening, source: source)
            if !declaredOpenings.contains(account) && !update.contains(.opening(account: account)) {
                try update.append(
                    JournalEntry(
                        date: opening.date, description: "Opening balance (from the statement)", account: account, category: "equity:opening-balances",
                        amount: opening.amount, id: .opening(account: account), source: source, rule: nil))
            }
        }
        if let closing = header.closing {
            try update.appendStatementBalance(account: account, kind: "closing", balance: closing, source: source)
        }
    }

    /// Rows whose lookups are prepared together (`fileRows`): their cache lines fit in L1.
    static let aheadRows = 32

    /// The longest text field Penny writes (`Transaction.maximumFieldBytes`).
    static let maximumFieldBytes = Transaction.maximumFieldBytes

    static func checkFieldLengths(_ t: Transaction) throws(PennyError) {
        try checkLength("description", t.description, t)
        try checkLength("payee", t.payee, t)
        try checkLength("memo", t.memo, t)
        try checkLength("counterparty", t.counterpartyName, t)
        try checkLength("iban", t.counterpartyIBAN, t)
        try checkLength("id", t.bankID, t)
        try checkLength("type", t.type, t)
    }

    private static func checkLength(_ name: String, _ value: String?, _ t: Transaction) throws(PennyError) {
        if let value, value.utf8.count > maximumFieldBytes {
            throw .badInput("the \(name) is \(value.utf8.count) bytes long; Penny takes at most \(maximumFieldBytes) in one field", at: t.location)
        }
    }

    /// The statement's own details kept as tags, so later rules can see them again.
    static func detailTags(_ t: Transaction) -> [Tag] {
        var tags: [Tag] = []
        if let memo = t.memo, !memo.isEmpty { tags.append(Tag(name: "memo", value: memo)) }
        if let name = t.counterpartyName, !name.isEmpty { tags.append(Tag(name: "counterparty", value: name)) }
        if let iban = t.counterpartyIBAN, !iban.isEmpty { tags.append(Tag(name: "iban", value: iban)) }
        if let type = t.type, !type.isEmpty { tags.append(Tag(name: "type", value: type)) }
        if let payee = t.payee, !payee.isEmpty { tags.append(Tag(name: "bank-payee", value: payee)) }
        if let valueDate = t.valueDate { tags.append(Tag(name: "value-date", value: valueDate.description)) }
        // A purchase abroad: what it cost in its own currency, and the bank's rate.
        if let original = t.original {
            tags.append(Tag(name: "original-amount", value: original.amount.decimalString))
            tags.append(Tag(name: "original-currency", value: original.amount.currency.code))
            if let rate = original.rate { tags.append(Tag(name: "exchange-rate", value: rate.description)) }
        }
        return tags
    }

    /// `Payee | bank text` (hledger's payee/note split), or the bank text alone.
    static func description(_ t: Transaction, payee: String?) -> String {
        let text = t.description.isEmpty ? (t.payee ?? t.memo ?? "") : t.description
        guard let payee = payee ?? t.payee, !payee.isEmpty, payee != text else { return text }
        return "\(payee) | \(text)"
    }
}
