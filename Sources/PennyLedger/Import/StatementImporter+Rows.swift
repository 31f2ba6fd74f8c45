import PennyCore

/// The row lane: plain rows filed from their bytes, a `Transaction` made only when the
/// row needs `place`.
extension StatementImporter {
    /// A run of plain rows: through the row lane, or each as a `Transaction` without one.
    func takeRows(_ rows: PlainRows, in pass: inout ImportPass, lookahead: inout RowLookahead) throws(PennyError) {
        guard rows.count > 0 else { return }
        guard let own = pass.statement?.account else {
            throw .badInput("transaction before any statement header", at: SourceLocation(file: rows.file, line: rows.items.first?.line ?? 0))
        }
        guard let lane = rowLane else {
            for index in 0..<rows.count { try takeTransaction(rows[index].transaction(), own: own, in: &pass) }
            return
        }
        lane.renderer.begin(account: own, file: rows.file)
        try fileRows(rows, own: own, lane: lane, in: &pass, lookahead: &lookahead)
    }

    /// Files a run's rows `aheadRows` at a time: the batch's lookups first (`RowLookahead`;
    /// a row whose description cannot be folded becomes a `Transaction`), then each row in
    /// order, so the lookups' cache misses overlap.
    func fileRows(_ rows: PlainRows, own: String, lane: RowLane, in pass: inout ImportPass, lookahead: inout RowLookahead) throws(PennyError) {
        var row = rows[0]
        var start = 0
        while start < rows.count {
            let end = min(start + Self.aheadRows, rows.count)
            lookahead.prepare(rows, start..<end, own: own, assigner: &pass.assigner, update: update, indexOnly: pass.asksIndexOnly)
            for index in start..<end {
                rows.load(index, into: &row)
                guard let prepared = lookahead.prepared[index - start] else {
                    try takeTransaction(row.transaction(), own: own, in: &pass)
                    continue
                }
                try lookahead.folded.withUnsafeBufferPointer { (folded) throws(PennyError) in
                    let key = prepared.folded.map { UnsafeBufferPointer(rebasing: folded[$0]) } ?? row.foldedDescription!
                    try fileRow(row, key: key, own: own, lane: lane, verdict: rows.verdict(index), content: (prepared.key, prepared.first, prepared.bank), in: &pass)
                }
            }
            start = end
        }
    }

    /// A plain row with its folded description `key`, its content key and its first id
    /// (found ahead: `RowLookahead`): a duplicate, written by the lane's renderer as the
    /// verdict decides (`isWrittenAsIs`), or placed as a `Transaction`.
    func fileRow(
        _ row: PlainRow, key: UnsafeBufferPointer<UInt8>, own: String, lane: RowLane, verdict known: RowVerdict?,
        content: (key: UInt64, first: DedupID, bank: RowLookahead.BankLookup?), in pass: inout ImportPass
    ) throws(PennyError) {
        let id = try Self.id(of: row, own: own, content: content, in: &pass)
        if content.bank == nil && pass.asksIndexOnly ? update.indexContains(id) : update.contains(id) {
            pass.outcome.duplicates += 1
            return
        }
        guard pass.statement?.currency == row.amount.currency else {
            return try place(row.transaction(), folded: String(decoding: key, as: UTF8.self), id: id, own: own, decision: nil, in: &pass)
        }
        let verdict: RowVerdict
        if let known {
            verdict = known
        } else {
            verdict = lane.verdict(row, key, own)
            if case .decision(let decision) = verdict { pass.note(decision) }
        }
        let slot = lane.renderer.slot(verdict, amount: row.amount)
        guard let slot, isWrittenAsIs(row, slot: slot, own: own, renderer: lane.renderer) else {
            let decision = Self.decision(verdict, slot: slot, renderer: lane.renderer)
            return try place(row.transaction(), folded: String(decoding: key, as: UTF8.self), id: id, own: own, decision: decision, in: &pass)
        }
        try appendRow(row, own: own, renderer: lane.renderer, slot: slot, id: id, in: &pass)
    }

    /// A row's dedup id, as `takeTransaction` finds it for the row's `Transaction`: from its
    /// bank id (after the repeated-statement guard), else from its content.
    private static func id(
        of row: PlainRow, own: String, content: (key: UInt64, first: DedupID, bank: RowLookahead.BankLookup?), in pass: inout ImportPass
    ) throws(PennyError) -> DedupID {
        if let bank = content.bank {
            try pass.repeats.check(bankID: row.bankID, key: bank.key, own: own, statement: pass.statementCount, at: row.location)
            if let id = pass.assigner.id(bankKey: bank.key, id: bank.id) { return id }
        }
        return pass.assigner.contentID(key: content.key, date: row.date, first: content.first)
    }

    /// Whether a decided row is written here: unless its decision names an own account (a
    /// transfer), or leaves it to the default where a transfer could pair (a default-filed
    /// row is written here when no transfer entry could pair with it, exactly as `place`
    /// would decide).
    private func isWrittenAsIs(_ row: PlainRow, slot: Int, own: String, renderer: RowEntryRenderer) -> Bool {
        renderer.isFiledAsIs(slot, ownAccounts: ownAccounts)
            && (renderer.isRuleDecision(slot)
                || (exchanges == nil && (transfers.isEmpty || (try? transfers.candidates(account: own, amount: row.amount, date: row.date, category: nil))?.isEmpty == true)))
    }

    /// The full decision behind a verdict: its slot's, or the one it carries.
    static func decision(_ verdict: RowVerdict, slot: Int?, renderer: RowEntryRenderer) -> Categorization {
        if let slot { return renderer.decisions[slot] }
        guard case .decision(let made) = verdict else { preconditionFailure("a verdict without a slot is a decision") }
        return made
    }

    /// Writes a decided row through the renderer and counts it; a default-filed one is kept
    /// for the transfer legs to come when the statement's account keeps them.
    private func appendRow(_ row: PlainRow, own: String, renderer: RowEntryRenderer, slot: Int, id: DedupID, in pass: inout ImportPass) throws(PennyError) {
        try magnitudes.add(row.amount, at: row.location)
        try update.append(row: row, account: own, renderer: renderer, slot: slot, id: id)
        if !renderer.isRuleDecision(slot) {
            if pass.statement?.keepsDefaultFiled == true {
                transfers.addUncategorized(TransferIndex.Entry(id: id.value, side: own, other: "", date: row.date, otherAmount: row.amount))
            }
            pass.outcome.uncategorized += 1
        }
        pass.outcome.new += 1
    }
}
