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

    private let update: LedgerUpdate
    private let resolveAccount: AccountResolver
    private let categorize: Categorize
    /// The row lane's rules and writer; nil makes every lent row a `Transaction` first.
    public var rowLane: RowLane?

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
    private let ownAccounts: Set<String>
    private let transfers: TransferIndex
    /// The own accounts whose default-filed entries are kept for transfer legs: with two or
    /// more own accounts, those a decision of the rules can name (`transferTargets`). Only
    /// such an entry can be the first leg of a transfer whose other leg comes later; for the
    /// others nothing is kept per default-filed row (memory stays flat however many rows no
    /// rule knows).
    private let keepsDefaultFiled: Set<String>

    /// When set, a leg in another currency than a transfer entry on the other account pairs
    /// with it as an exchange when the matcher finds the two amounts plausible; nil (no
    /// rates, or every own account in one currency) leaves transfers to one currency.
    public var exchanges: ExchangeMatcher?

    /// Per currency, what the ledger's amounts add up to (as magnitudes, both postings of each
    /// entry): a file whose amounts would take it past 64 bits is refused, so no report's sum
    /// can overflow later.
    public var magnitudes = AmountTotals()

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
            if try update.append(entry) { added += 1 }
        }
        return added
    }

    /// Imports one file; on error nothing of it stays in the update.
    public func importFile(source: String, read: Read) throws(PennyError) -> FileOutcome {
        let mark = update.mark()
        let totals = magnitudes.totals
        let checkpoint = transfers.checkpoint()
        do throws(PennyError) {
            // The first pass finds every repeated bank id; a second may still find dates out
            // of order among the transactions those ids no longer identify; a third keeps
            // every date's counts and so always settles.
            var repeats: Set<UInt64> = [], keepsAllDates = false
            for _ in 0..<3 {
                switch try pass(read, knownRepeats: repeats, keepsAllDates: keepsAllDates) {
                case .done(let counts):
                    return counts
                case .rerun(let found, let ungrouped):
                    magnitudes.totals = totals
                    let written = update.ids(since: mark)
                    try update.rollback(to: mark)
                    transfers.rollback(to: checkpoint, removing: written)
                    repeats.formUnion(found)
                    keepsAllDates = keepsAllDates || ungrouped
                }
            }
            throw PennyError.badInput("the statement's transactions could not be told apart after three readings", at: SourceLocation(file: source))
        } catch {
            let written = update.ids(since: mark)
            try update.rollback(to: mark)
            transfers.rollback(to: checkpoint, removing: written)
            magnitudes.totals = totals
            throw error
        }
    }

    private enum PassResult {
        case done(FileOutcome)
        case rerun(repeats: Set<UInt64>, ungrouped: Bool)
    }

    private func pass(_ read: Read, knownRepeats: Set<UInt64>, keepsAllDates: Bool) throws(PennyError) -> PassResult {
        var outcome = FileOutcome()
        var assigners: [String: DedupIDAssigner] = [:]
        var account: String?
        // The own account's assigner while its statement is read (kept in `assigners` between statements).
        var assigner = DedupIDAssigner(knownRepeats: knownRepeats, keepsAllDates: keepsAllDates)
        var statementSource = ""
        var statementOrdinal = 0
        var statementCurrency: Currency?
        /// Whether the statement's own account keeps its default-filed entries (`keepsDefaultFiled`).
        var keepsOwnDefaultFiled = false
        var repeatedIn: [UInt64: (statement: Int, line: Int)] = [:]

        /// Files a transaction that is not in the ledger: pairs it as a transfer leg or
        /// appends its entry. `decision` is the rules' when already asked.
        func place(_ transaction: Transaction, folded: String, id: DedupID, own: String, decision known: Categorization?) throws(PennyError) {
            if let currency = statementCurrency, transaction.amount.currency != currency {
                outcome.warnings.append(
                    .badInput(
                        "a \(transaction.amount.currency.code) transaction in a \(currency.code) statement of \(own): booked in \(transaction.amount.currency.code) as written; the account now holds two currencies",
                        at: transaction.location))
            }
            let decision = known ?? categorize(transaction, folded, own)
            if decision.skips {
                outcome.skipped += 1
                return
            }
            // The second leg of a transfer another statement already brought: pair it.
            let transferCategory = ownAccounts.contains(decision.category) ? decision.category : nil
            if transferCategory != nil || (decision.ruleName == nil && !transfers.isEmpty) {
                let options = transfers.candidates(account: own, amount: transaction.amount, date: transaction.date, category: transferCategory)
                if let match = options.first {
                    transfers.markPaired(match.id)
                    try update.appendTransferLeg(
                        account: own, date: transaction.date, amount: transaction.amount, id: id, pairs: DedupID(value: match.id),
                        source: "\(transaction.location.file):\(transaction.location.line)")
                    outcome.paired += 1
                    if options.count > 1 {
                        outcome.ambiguities.append(
                            "\(transaction.location): transfer of \(transaction.amount) on \(transaction.date) paired with \(match.side) on \(match.date) (\(options.count) entries could pair)"
                        )
                    }
                    return
                }
            }
            // The other leg of an exchange (another currency) is already in the ledger.
            if transferCategory != nil || decision.ruleName == nil, let exchanges, let match = exchangeMatch(own, transaction, transferCategory, exchanges) {
                try pairExchange(match, own: own, transaction: transaction, id: id)
                outcome.paired += 1
                return
            }
            // The other leg is already in the ledger, but no rule recognized it there:
            // refile that entry as this transfer and record this leg as its pair.
            if let other = transferCategory,
                let match = try transfers.uncategorizedCandidates(
                    account: other, amount: (try? transaction.amount.negated()) ?? transaction.amount, date: transaction.date, from: own
                ).first
            {
                transfers.markPaired(match.id)
                update.refileAsTransfer(DedupID(value: match.id), category: own, date: match.date, amount: transaction.amount)
                try update.appendTransferLeg(
                    account: own, date: transaction.date, amount: transaction.amount, id: id, pairs: DedupID(value: match.id),
                    source: "\(transaction.location.file):\(transaction.location.line)")
                outcome.paired += 1
                return
            }
            var entry = JournalEntry(
                date: transaction.date, description: Self.description(transaction, payee: decision.payee),
                account: own, category: decision.category, amount: transaction.amount, id: id,
                source: transaction.location.file, rule: decision.ruleName ?? JournalEntry.defaultRule)
            entry.sourceLine = transaction.location.line
            let details = Self.detailTags(transaction)
            entry.tags = details.isEmpty ? decision.tags : details + decision.tags
            entry.note = decision.note
            entry.excludesRoundUp = decision.excludesRoundUp
            try magnitudes.add(transaction.amount, at: transaction.location)
            try update.append(entry)
            if let other = transferCategory {
                transfers.add(
                    TransferIndex.Entry(id: id.value, side: own, other: other, date: transaction.date, otherAmount: (try? transaction.amount.negated()) ?? transaction.amount))
            } else if decision.ruleName == nil && keepsOwnDefaultFiled {
                transfers.addUncategorized(TransferIndex.Entry(id: id.value, side: own, other: "", date: transaction.date, otherAmount: transaction.amount))
            }
            outcome.new += 1
            if decision.ruleName == nil { outcome.uncategorized += 1 }
        }

        /// A transaction read as a `Transaction`.
        func takeTransaction(_ transaction: Transaction, own: String) throws(PennyError) {
            if transaction.isPending {
                outcome.skipped += 1
                return
            }
            try Self.checkFieldLengths(transaction)
            // A bank id in two statements of one account in one file: the file repeats a
            // statement. Refused rather than imported twice (or read again and again).
            if !knownRepeats.isEmpty, let bankID = transaction.bankID, !bankID.isEmpty {
                let key = DedupIDAssigner.bankKey(account: own, bankID: bankID)
                if knownRepeats.contains(key) {
                    if let earlier = repeatedIn[key], earlier.statement != statementOrdinal {
                        throw .badInput(
                            "transaction id '\(bankID)' of \(own) is also in an earlier statement of this file (line \(earlier.line)): the file repeats a statement; refused rather than imported twice",
                            at: transaction.location)
                    }
                    repeatedIn[key] = repeatedIn[key] ?? (statementOrdinal, transaction.location.line)
                }
            }
            let folded = TextKey.fold(transaction.description)
            let id = assigner.id(account: own, transaction: transaction, foldedDescription: folded)
            // Already in the ledger: nothing to categorize (re-imports stay cheap).
            if update.contains(id) {
                outcome.duplicates += 1
                return
            }
            try place(transaction, folded: folded, id: id, own: own, decision: nil)
        }

        /// A plain row with its folded description `key`, its content key and its first id
        /// (found ahead: `fileRows`).
        func fileRow(
            _ row: PlainRow, key: UnsafeBufferPointer<UInt8>, own: String, lane: RowLane, verdict known: RowVerdict?, content: (key: UInt64, first: DedupID)
        ) throws(PennyError) {
            let id = assigner.contentID(key: content.key, date: row.date, first: content.first)
            if update.contains(id) {
                outcome.duplicates += 1
                return
            }
            guard statementCurrency == row.amount.currency else {
                return try place(row.transaction(), folded: String(decoding: key, as: UTF8.self), id: id, own: own, decision: nil)
            }
            let verdict = known ?? lane.verdict(row, key, own)
            // Written here unless the decision skips the row, names an own account (a
            // transfer), or leaves the row to the default where a transfer could pair.
            // (A default-filed row is written here when no transfer entry could pair with it,
            // exactly as `place` would decide.)
            let slot = lane.renderer.slot(verdict, amount: row.amount)
            guard let slot, lane.renderer.isFiledAsIs(slot, ownAccounts: ownAccounts),
                lane.renderer.isRuleDecision(slot)
                    || (exchanges == nil && (transfers.isEmpty || transfers.candidates(account: own, amount: row.amount, date: row.date, category: nil).isEmpty))
            else {
                let decision: Categorization
                if let slot {
                    decision = lane.renderer.decisions[slot]
                } else if case .decision(let made) = verdict {
                    decision = made
                } else {
                    preconditionFailure("a verdict without a slot is a decision")
                }
                return try place(row.transaction(), folded: String(decoding: key, as: UTF8.self), id: id, own: own, decision: decision)
            }
            try magnitudes.add(row.amount, at: row.location)
            try update.append(row: row, account: own, renderer: lane.renderer, slot: slot, id: id)
            if !lane.renderer.isRuleDecision(slot) {
                if keepsOwnDefaultFiled {
                    transfers.addUncategorized(TransferIndex.Entry(id: id.value, side: own, other: "", date: row.date, otherAmount: row.amount))
                }
                outcome.uncategorized += 1
            }
            outcome.new += 1
        }

        // Rows of a run go `aheadRows` at a time: first every row's folded description (when
        // the reader's thread did not fold it; a description that cannot be folded makes the
        // row a `Transaction`), content key and first id, with the cache lines their lookups
        // read asked for; then each row is filed in order. The lookups' cache misses overlap.
        var aheadFolded: [UInt8] = []
        var ahead: [(folded: Range<Int>?, key: UInt64, first: DedupID)?] = []
        func fileRows(_ rows: PlainRows, own: String, lane: RowLane) throws(PennyError) {
            var row = rows[0]
            var start = 0
            while start < rows.count {
                let end = min(start + Self.aheadRows, rows.count)
                aheadFolded.removeAll(keepingCapacity: true)
                ahead.removeAll(keepingCapacity: true)
                for index in start..<end {
                    rows.load(index, into: &row)
                    var range: Range<Int>?
                    if row.foldedDescription == nil {
                        let at = aheadFolded.count
                        aheadFolded.appendZeros(row.description.count)
                        let length = aheadFolded.withUnsafeMutableBufferPointer { TextKey.foldLatin(row.description, into: $0.baseAddress! + at) }
                        guard let length else {
                            aheadFolded.removeLast(row.description.count)
                            ahead.append(nil)
                            continue
                        }
                        aheadFolded.removeLast(row.description.count - length)
                        range = at..<at + length
                    }
                    let key = aheadFolded.withUnsafeBufferPointer { folded in
                        assigner.contentKey(
                            account: own, date: row.date, amount: row.amount, foldedDescription: range.map { UnsafeBufferPointer(rebasing: folded[$0]) } ?? row.foldedDescription!)
                    }
                    let first = DedupID.content(key: key, occurrence: 1)
                    assigner.prefetch(key: key)
                    update.prefetch(first)
                    ahead.append((range, key, first))
                }
                for index in start..<end {
                    rows.load(index, into: &row)
                    guard let prepared = ahead[index - start] else {
                        try takeTransaction(row.transaction(), own: own)
                        continue
                    }
                    try aheadFolded.withUnsafeBufferPointer { (folded) throws(PennyError) in
                        let key = prepared.folded.map { UnsafeBufferPointer(rebasing: folded[$0]) } ?? row.foldedDescription!
                        try fileRow(row, key: key, own: own, lane: lane, verdict: rows.verdict(index), content: (prepared.key, prepared.first))
                    }
                }
                start = end
            }
        }

        try read { (event) throws(PennyError) in
            switch event {
            case .statement(let header):
                statementOrdinal += 1
                statementCurrency = header.currency
                let own = try resolveAccount(header)
                if let previous = account { assigners[previous] = assigner }
                assigner = assigners[own] ?? DedupIDAssigner(knownRepeats: knownRepeats, keepsAllDates: keepsAllDates)
                account = own
                keepsOwnDefaultFiled = keepsDefaultFiled.contains(own)
                statementSource = "\(header.location.file):\(header.location.line)"
                try record(header, account: own)
                if let closing = header.closing { outcome.closings.append((own, closing)) }
            case .warning(let message, let location):
                outcome.warnings.append(.badInput(message, at: location))
            case .closing(let balance):
                guard let own = account else { return }
                try update.appendStatementBalance(account: own, kind: "closing", balance: balance, source: statementSource)
                outcome.closings.append((own, balance))
            case .transaction(let transaction):
                guard let own = account else {
                    throw .badInput("transaction before any statement header", at: transaction.location)
                }
                try takeTransaction(transaction, own: own)
            case .rows(let rows):
                guard rows.count > 0 else { return }
                guard let own = account else {
                    throw .badInput("transaction before any statement header", at: SourceLocation(file: rows.file, line: rows.items.first?.line ?? 0))
                }
                guard let lane = rowLane else {
                    for index in 0..<rows.count { try takeTransaction(rows[index].transaction(), own: own) }
                    return
                }
                lane.renderer.begin(account: own, file: rows.file)
                try fileRows(rows, own: own, lane: lane)
            }
        }
        if let own = account { assigners[own] = assigner }
        guard assigners.values.contains(where: \.needsRerun) else { return .done(outcome) }
        let repeats = assigners.values.reduce(into: Set<UInt64>()) { $0.formUnion($1.repeatedBankIDs) }
        return .rerun(repeats: repeats, ungrouped: assigners.values.contains(where: \.isUngrouped))
    }

    /// The transfer entry on another currency that a leg on `own` completes as an exchange.
    private func exchangeMatch(_ own: String, _ leg: Transaction, _ category: String?, _ matcher: ExchangeMatcher) -> TransferIndex.Entry? {
        transfers.exchangeCandidates(account: own, amount: leg.amount, date: leg.date, category: category) { entry in
            let side = Money(minorUnits: -entry.otherAmount.minorUnits, currency: entry.otherAmount.currency)
            let (leaving, arriving, day) = leg.amount.isNegative ? (leg.amount, side, leg.date) : (side, leg.amount, entry.date)
            return matcher.isPlausible(paid: Money(minorUnits: -leaving.minorUnits, currency: leaving.currency), received: arriving, on: day)
        }.first
    }

    /// Rewrites `match` as the exchange it and `leg` make (written once, with its cost) and
    /// records `leg` as its pair.
    private func pairExchange(_ match: TransferIndex.Entry, own: String, transaction leg: Transaction, id: DedupID) throws(PennyError) {
        transfers.markPaired(match.id)
        let side = (account: match.side, amount: Money(minorUnits: -match.otherAmount.minorUnits, currency: match.otherAmount.currency))
        let mine = (account: own, amount: leg.amount)
        let lines = leg.amount.isNegative ? ExchangeMatcher.postingLines(leaving: mine, arriving: side) : ExchangeMatcher.postingLines(leaving: side, arriving: mine)
        try magnitudes.add(leg.amount, at: leg.location)
        update.refileAsExchange(
            DedupID(value: match.id), postings: lines, removed: (own, match.date, match.otherAmount), added: (own, match.date, leg.amount))
        try update.appendTransferLeg(
            account: own, date: leg.date, amount: leg.amount, id: id, pairs: DedupID(value: match.id), source: "\(leg.location.file):\(leg.location.line)")
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
