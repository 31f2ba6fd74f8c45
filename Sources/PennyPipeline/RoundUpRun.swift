import Foundation
public import PennyCore
import PennyLedger
public import PennyRoundUp
import PennyRules

/// Wires the ledger, the rules and the round-up engine: candidates from the main ledger,
/// the derived journal written whole beside it (SPEC §7).
public struct RoundUpRun {
    /// The rules with the programs.
    public let rules: RuleSet
    /// The main ledger.
    public let ledgerPath: String

    /// The round-ups of `ledgerPath` under `rules`.
    public init(rules: RuleSet, ledgerPath: String) {
        self.rules = rules
        self.ledgerPath = ledgerPath
    }

    /// `<ledger>.roundups.journal`.
    public var derivedPath: String { ledgerPath + ".roundups.journal" }

    /// `<ledger>.roundups.state`, the sidecar (`RoundUpState`): which version of the ledger
    /// the derived journal was made from, so that a command after a kill or a failed write
    /// (between the ledger's rename and the derived journal's) notices and writes it again,
    /// and the day totals it was made of, so that an import adds only its own purchases.
    public var statePath: String { ledgerPath + ".roundups.state" }

    /// What the main ledger's `include` line names (relative to the ledger).
    public var includeName: String { URL(fileURLWithPath: derivedPath).lastPathComponent }

    /// The derived journal's opening comment.
    public static let header = """
        ; Round-ups derived by Penny from the ledger and the rules (SPEC §7): accruals and sweeps.
        ; Rewritten whole after every import and `penny roundup apply`; edits here are lost.

        """

    /// Reads the main ledger (streamed, byte level) and derives every accrual and sweep:
    /// each purchase's spare change is added to its day's total and forgotten, so memory
    /// grows with the days, not the purchases (`accruals` stays empty; `forEachAccrual`
    /// lists them on demand).
    public func compute() throws(PennyError) -> RoundUpResult {
        try result(of: try scanTotals())
    }

    /// Reads the main ledger whole: its day totals, recorded decisions and as-of date.
    public func scanTotals() throws(PennyError) -> RoundUpTotals {
        let engine = makeEngine()
        var tally = RoundUpTally()
        let (manual, asOf) = try scan(keysAndDescriptions: false) { (candidate) throws(MoneyError) in try engine.accrue(candidate, into: &tally) }
        return RoundUpTotals(tally: tally, manualSweeps: manual, asOf: asOf)
    }

    /// The accruals and sweeps `totals` lead to under the rules.
    public func result(of totals: RoundUpTotals) throws(PennyError) -> RoundUpResult {
        do { return try makeEngine().finish(totals.tally, manualSweeps: totals.manualSweeps, asOf: totals.asOf) } catch {
            throw .badInput("a round-up total passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: ledgerPath))
        }
    }

    /// Calls `body` with each purchase's accrual, in the ledger's order, computed from the
    /// ledger (nothing is stored): `penny roundup status --detail`.
    public func forEachAccrual(_ body: (Accrual) -> Void) throws(PennyError) {
        let engine = makeEngine()
        _ = try scan(keysAndDescriptions: true) { candidate in
            for accrual in engine.accruals(for: candidate) { body(accrual) }
        }
    }

    func makeEngine() -> RoundUpEngine {
        let rules = self.rules
        // Without `if` lines every candidate qualifies: no lookup per purchase.
        guard rules.roundUpConditions.values.contains(where: { !$0.isEmpty }) else {
            return RoundUpEngine(programs: rules.roundUps, currencies: rules.roundUpCurrencies)
        }
        return RoundUpEngine(programs: rules.roundUps, currencies: rules.roundUpCurrencies) { program, candidate in
            rules.roundUpQualifies(program: program, transaction: candidate.transaction, account: candidate.account)
        }
    }

    /// Streams the main ledger, calling `body` with each transaction that can round up (an
    /// origin's purchase filed under expenses), and returns the recorded decisions and the
    /// as-of date. Descriptions, keys and detail tags become strings only when asked for or
    /// when a program has `if` lines that may need them.
    private func scan(
        keysAndDescriptions: Bool, _ body: (RoundUpCandidate) throws(MoneyError) -> Void
    ) throws(PennyError) -> (manual: [ManualSweep], asOf: LocalDate?) {
        let own = Set(rules.accounts.map(\.name))
        let origins = Set(rules.roundUps.flatMap(\.origins))
        let needsDetails = rules.roundUpConditions.values.contains { !$0.isEmpty }
        let wantsText = needsDetails || keysAndDescriptions
        var manual: [ManualSweep] = []
        var asOf: LocalDate?
        // Account names come interned from the reader: the last answers are reused while
        // the names repeat (almost always), sparing a hash per posting.
        var ownCaches = [AccountCache { own.contains($0) }, AccountCache { own.contains($0) }]
        var categoryCache = AccountCache { AccountName($0).isUnder(.expenses) && !own.contains($0) }
        let reader = JournalReader(defaultCurrency: rules.defaultCurrency)
        try reader.forEachTransaction(
            path: ledgerPath, tagNames: needsDetails ? ["no-roundup", "bank-payee", "memo", "counterparty", "iban", "type"] : ["no-roundup"],
            wantsDescription: wantsText, commentPrefix: PennyComment.roundUpApplyPrefix,
            comment: { line in
                if case .roundUpApply(let program, let date, _) = PennyComment.parse(line) { manual.append(ManualSweep(program: program, date: date)) }
            }
        ) { (scanned) throws(MoneyError) in
            if asOf.map({ scanned.date > $0 }) ?? true { asOf = scanned.date }
            guard scanned.postings.count == 2 else { return }
            let ownIndex = ownCaches[1].holds(scanned.postings[1].account) ? 1 : ownCaches[0].holds(scanned.postings[0].account) ? 0 : -1
            guard ownIndex >= 0, let amount = scanned.postings[ownIndex].amount, amount.isNegative else { return }
            let account = scanned.postings[ownIndex].account
            let category = scanned.postings[1 - ownIndex].account
            guard origins.contains(account), categoryCache.holds(category) else { return }
            let transaction: Transaction
            if wantsText {
                let bankText = scanned.description.map { JournalEntry.split(description: $0).bankText } ?? ""
                transaction = Transaction(
                    date: scanned.date, amount: amount, description: bankText, location: SourceLocation(file: ledgerPath, line: scanned.line),
                    payee: scanned.tags["bank-payee"], memo: scanned.tags["memo"], counterpartyName: scanned.tags["counterparty"],
                    counterpartyIBAN: scanned.tags["iban"], type: scanned.tags["type"])
            } else {
                transaction = Transaction(date: scanned.date, amount: amount, description: "", location: SourceLocation(file: ledgerPath, line: scanned.line))
            }
            let candidate = RoundUpCandidate(
                transaction: transaction, account: account, category: category, isTransfer: false,
                excludesRoundUp: scanned.tags["no-roundup"] != nil, key: keysAndDescriptions ? StableHash.hex(scanned.id) : "")
            try body(candidate)
        }
        return (manual, asOf)
    }

    /// The status of `programs` (accrued, swept, pot, destinations) for the dates between
    /// `from` and `to`; an error naming the ledger when a program's total passes 64 bits.
    public func statuses(of programs: [RoundUpProgram], from: LocalDate? = nil, to: LocalDate? = nil) throws(PennyError) -> [RoundUpStatus] {
        let result = try compute()
        do { return try RoundUpStatus.make(result, programs: programs, currencies: rules.roundUpCurrencies, from: from, to: to) } catch {
            throw .badInput("a round-up total passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: ledgerPath))
        }
    }

    /// Writes the derived journal of `totals` (the ledger's as it is now) whole, atomically,
    /// in chunks, then the sidecar: the ledger's stamp, the rules' fingerprint and `totals`.
    /// A kill between the two leaves a sidecar of an older ledger: stale, so read whole.
    @discardableResult
    public func write(_ totals: RoundUpTotals) throws(PennyError) -> RoundUpResult {
        let result = try result(of: totals)
        let writer = try AtomicFileWriter(path: derivedPath)
        try Self.render(result, into: writer)
        try writer.commit()
        if let stamp = LedgerStamp(path: ledgerPath) {
            try RoundUpState(stamp: stamp, fingerprint: RoundUpRulesFingerprint.of(rules), totals: totals).write(to: statePath)
        } else {
            unlink(statePath)
        }
        return result
    }

    /// The sidecar's totals when they are of the ledger as it is now and of these rules'
    /// round-up inputs; nil otherwise (first run, an edited ledger or rules, a kill
    /// between writes, an older version's file).
    func freshTotals() -> RoundUpTotals? {
        guard let state = RoundUpState.load(statePath), state.fingerprint == RoundUpRulesFingerprint.of(rules),
            state.stamp == LedgerStamp(path: ledgerPath), state.totals.tally.programCount <= makeEngine().programCount
        else { return nil }
        return state.totals
    }

    /// An import's way to keep the round-ups up without reading the ledger after it: the
    /// sidecar's totals (none for a ledger that did not exist) and a tap for the update.
    /// Nil when the sidecar is not of the ledger as it is now, or a program has `if` lines
    /// (they read descriptions and fields the tap does not rebuild): the ledger is then read
    /// whole after the commit.
    func increment(ledgerExisted: Bool) -> RoundUpIncrement? {
        let engine = makeEngine()
        guard !engine.decidesConditions, let base = ledgerExisted ? freshTotals() : RoundUpTotals() else { return nil }
        return RoundUpIncrement(base: base, tap: RoundUpTap(engine: engine, own: Set(rules.accounts.map(\.name))))
    }

    /// Writes the derived journal again when it was made from another version of the ledger
    /// (a run killed, or a disk full, between the two writes). Takes the ledger's lock; when
    /// another run holds it, that run writes the journal itself.
    public func refreshIfStale() throws(PennyError) {
        guard !rules.roundUps.isEmpty || FileManager.default.fileExists(atPath: derivedPath) else { return }
        guard let stamp = LedgerStamp(path: ledgerPath) else { return }
        guard RoundUpState.load(statePath)?.stamp != stamp || !FileManager.default.fileExists(atPath: derivedPath) else { return }
        guard let lock = try? LedgerLock(ledgerPath: ledgerPath, waitSeconds: 0) else { return }
        defer { withExtendedLifetime(lock) {} }
        try write(try scanTotals())
    }

    /// Makes sure the derived journal exists before the main ledger includes it.
    public func ensureDerivedFileExists() throws(PennyError) {
        if !FileManager.default.fileExists(atPath: derivedPath) { try AtomicFile.write(Self.header, to: derivedPath) }
    }

    /// The derived journal's text (tests).
    public static func render(_ result: RoundUpResult) -> String {
        var out: [UInt8] = []
        renderEntries(result) { out += $0 }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes the derived journal's text into `writer`, in chunks.
    public static func render(_ result: RoundUpResult, into writer: AtomicFileWriter) throws(PennyError) {
        var failure: PennyError?
        renderEntries(result) { bytes in
            guard failure == nil else { return }
            do throws(PennyError) { try writer.append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Accruals and sweeps in date order; on one date, each program's accrual entry (one
    /// pot posting, one posting per funding account) before that day's sweeps.
    private static func renderEntries(_ result: RoundUpResult, _ emit: ([UInt8]) -> Void) {
        emit(Array(header.utf8))
        var out: [UInt8] = []
        var days = result.days[...]
        var sweeps = result.sweeps[...]
        while let next = days.first?.date ?? sweeps.first?.date {
            let date = min(next, sweeps.first?.date ?? next)
            while let first = days.first, first.date == date {
                let entry = days.prefix { $0.date == date && $0.program == first.program }
                days = days.dropFirst(entry.count)
                let total = entry.reduce(0) { $0 + $1.amount.minorUnits }
                let purchases = entry.reduce(0) { $0 + $1.purchases }
                let currency = first.amount.currency
                JournalWriter.render(
                    date: date, description: "Round-up \(first.program): spare change of \(purchases) purchase\(purchases == 1 ? "" : "s")",
                    tags: [Tag(name: "roundup", value: first.program)],
                    postings: [(first.pot, Money(minorUnits: total, currency: currency))]
                        + entry.map { ($0.funding, Money(minorUnits: -$0.amount.minorUnits, currency: currency)) }, into: &out)
            }
            while let s = sweeps.first, s.date == date {
                JournalWriter.render(
                    date: s.date, description: "Round-up \(s.program): sweep (\(s.reason.rawValue))",
                    tags: [Tag(name: "roundup", value: s.program), Tag(name: "sweep", value: s.reason.rawValue)],
                    postings: s.shares.map { ($0.account, $0.amount) } + [(s.pot, Money(minorUnits: -s.total.minorUnits, currency: s.total.currency))], into: &out)
                sweeps = sweeps.dropFirst()
            }
            if out.count >= 1 << 16 {
                emit(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        emit(out)
    }
}

/// Whether an account name has a property, remembered for the last name asked: the
/// reader interns names, so a repeated name is the same string and compares at once.
private struct AccountCache {
    let test: (String) -> Bool
    var last: String?
    var answer = false

    init(_ test: @escaping (String) -> Bool) { self.test = test }

    mutating func holds(_ account: String) -> Bool {
        if account == last { return answer }
        last = account
        answer = test(account)
        return answer
    }
}
