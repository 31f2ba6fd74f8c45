import PennyCore

/// Placing a transaction the ledger does not have: the rules' decision, the pairing with
/// a leg already in the ledger, or a new entry.
extension StatementImporter {
    /// Files a transaction that is not in the ledger: skips it, pairs it with an entry the
    /// ledger has (`pairWithLedger`) or appends its entry. `decision` is the rules' when
    /// already asked.
    func place(
        _ transaction: Transaction, folded: String, id: DedupID, own: String, decision known: Categorization?, in pass: inout ImportPass
    ) throws(PennyError) {
        if let statement = pass.statement, transaction.amount.currency != statement.currency {
            pass.outcome.warnings.append(Self.currencyWarning(transaction, statement: statement.currency, own: own))
        }
        let decision: Categorization
        if let known {
            decision = known
        } else {
            decision = categorize(transaction, folded, own)
            pass.note(decision)
        }
        if decision.skips {
            pass.outcome.skipped += 1
            return
        }
        let transferCategory = ownAccounts.contains(decision.category) ? decision.category : nil
        if try pairWithLedger(transaction, id: id, own: own, transferCategory: transferCategory, isRuleDecision: decision.ruleName != nil, outcome: &pass.outcome) {
            pass.outcome.paired += 1
            return
        }
        try appendEntry(
            transaction, id: id, own: own, decision: decision, transferCategory: transferCategory,
            keepsDefaultFiled: pass.statement?.keepsDefaultFiled ?? false, outcome: &pass.outcome)
    }

    /// Records `transaction` as the second leg of an entry the ledger already has, when one
    /// is its other leg: a transfer entry, an exchange's other currency, or a default-filed
    /// entry (refiled as this transfer). Whether it did.
    private func pairWithLedger(
        _ transaction: Transaction, id: DedupID, own: String, transferCategory: String?, isRuleDecision: Bool, outcome: inout FileOutcome
    ) throws(PennyError) -> Bool {
        // The second leg of a transfer another statement already brought: pair it.
        if transferCategory != nil || (!isRuleDecision && !transfers.isEmpty),
            try pairWithTransfer(transaction, id: id, own: own, category: transferCategory, outcome: &outcome)
        {
            return true
        }
        // The other leg of an exchange (another currency) is already in the ledger.
        if transferCategory != nil || !isRuleDecision, let exchanges, let match = try exchangeMatch(own, transaction, transferCategory, exchanges) {
            try pairExchange(match, own: own, transaction: transaction, id: id)
            return true
        }
        // The other leg is already in the ledger, but no rule recognized it there:
        // refile that entry as this transfer and record this leg as its pair.
        if let other = transferCategory {
            return try refileDefaultFiled(on: other, as: transaction, id: id, own: own)
        }
        return false
    }

    /// Pairs `transaction` with a transfer entry on `own` (in `category`, if given) that
    /// another statement brought; notes an ambiguity when several could pair. Whether it did.
    private func pairWithTransfer(
        _ transaction: Transaction, id: DedupID, own: String, category: String?, outcome: inout FileOutcome
    ) throws(PennyError) -> Bool {
        let options = try transfers.candidates(account: own, amount: transaction.amount, date: transaction.date, category: category)
        guard let match = options.first else { return false }
        transfers.markPaired(match.id)
        try update.appendTransferLeg(
            account: own, date: transaction.date, amount: transaction.amount, id: id, pairs: DedupID(value: match.id), source: Self.source(transaction))
        if options.count > 1 {
            outcome.ambiguities.append(
                "\(transaction.location): transfer of \(transaction.amount) on \(transaction.date) paired with \(match.side) on \(match.date) (\(options.count) entries could pair)"
            )
        }
        return true
    }

    /// Refiles a default-filed entry of the own account `other` that is `transaction`'s other
    /// leg as the transfer, and records `transaction` as its pair. Whether there was one.
    private func refileDefaultFiled(on other: String, as transaction: Transaction, id: DedupID, own: String) throws(PennyError) -> Bool {
        let mirrored = (try? transaction.amount.negated()) ?? transaction.amount
        guard let match = try transfers.uncategorizedCandidates(account: other, amount: mirrored, date: transaction.date, from: own).first else { return false }
        transfers.markPaired(match.id)
        try update.refileAsTransfer(DedupID(value: match.id), category: own, date: match.date, amount: transaction.amount, at: transaction.location)
        try update.appendTransferLeg(
            account: own, date: transaction.date, amount: transaction.amount, id: id, pairs: DedupID(value: match.id), source: Self.source(transaction))
        return true
    }

    /// The transfer entry on another currency that a leg on `own` completes as an exchange.
    private func exchangeMatch(_ own: String, _ leg: Transaction, _ category: String?, _ matcher: ExchangeMatcher) throws(PennyError) -> TransferIndex.Entry? {
        try transfers.exchangeCandidates(account: own, amount: leg.amount, date: leg.date, category: category) { entry in
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
        try update.refileAsExchange(
            DedupID(value: match.id), postings: lines, removed: (own, match.date, match.otherAmount), added: (own, match.date, leg.amount), at: leg.location)
        try update.appendTransferLeg(account: own, date: leg.date, amount: leg.amount, id: id, pairs: DedupID(value: match.id), source: Self.source(leg))
    }

    /// Appends the entry `decision` makes of `transaction`, and keeps it for the legs to come:
    /// a transfer's, or (when `keepsDefaultFiled`) a default-filed one.
    private func appendEntry(
        _ transaction: Transaction, id: DedupID, own: String, decision: Categorization, transferCategory: String?, keepsDefaultFiled: Bool,
        outcome: inout FileOutcome
    ) throws(PennyError) {
        try magnitudes.add(transaction.amount, at: transaction.location)
        try update.append(Self.entry(transaction, id: id, own: own, decision: decision))
        if let other = transferCategory {
            let otherAmount = (try? transaction.amount.negated()) ?? transaction.amount
            transfers.add(TransferIndex.Entry(id: id.value, side: own, other: other, date: transaction.date, otherAmount: otherAmount))
        } else if decision.ruleName == nil && keepsDefaultFiled {
            transfers.addUncategorized(TransferIndex.Entry(id: id.value, side: own, other: "", date: transaction.date, otherAmount: transaction.amount))
        }
        outcome.new += 1
        if decision.ruleName == nil { outcome.uncategorized += 1 }
    }

    /// The entry `decision` makes of `transaction` on the own account `own`.
    static func entry(_ transaction: Transaction, id: DedupID, own: String, decision: Categorization) -> JournalEntry {
        var entry = JournalEntry(
            date: transaction.date, description: description(transaction, payee: decision.payee),
            account: own, category: decision.category, amount: transaction.amount, id: id,
            source: transaction.location.file, rule: decision.ruleName ?? JournalEntry.defaultRule)
        entry.sourceLine = transaction.location.line
        let details = detailTags(transaction)
        entry.tags = details.isEmpty ? decision.tags : details + decision.tags
        entry.note = decision.note
        entry.excludesRoundUp = decision.excludesRoundUp
        return entry
    }

    /// The warning for a transaction in another currency than its statement's.
    static func currencyWarning(_ transaction: Transaction, statement currency: Currency, own: String) -> PennyError {
        let code = transaction.amount.currency.code
        return .badInput(
            "a \(code) transaction in a \(currency.code) statement of \(own): booked in \(code) as written; the account now holds two currencies",
            at: transaction.location)
    }

    /// `file:line` of `transaction`, as a transfer leg's source.
    static func source(_ transaction: Transaction) -> String { "\(transaction.location.file):\(transaction.location.line)" }
}
