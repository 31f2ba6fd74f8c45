import PennyCore

/// One reading of one file: the per-file context `StatementImporter`'s steps share — the
/// counts so far, the statement being read and each own account's dedup state.
struct ImportPass {
    /// The counts so far.
    var outcome = FileOutcome()
    /// The statement being read; nil before the file's first header.
    var statement: OpenStatement?
    /// The statement's own account's assigner (kept in `assigners` between statements).
    var assigner: DedupIDAssigner
    /// The assigners of the file's other own accounts.
    var assigners: [String: DedupIDAssigner] = [:]
    /// Where each bank id an earlier reading found repeated was first seen.
    var repeats: RepeatedStatementGuard
    /// Repeated bank ids this reading found that earlier ones did not (every assigner's).
    let foundRepeats: ScratchIDSet = []
    /// The first rule that gave up in a decision asked for (`Categorization.matchFailure`).
    var ruleFailure: PennyError?
    /// How many statement headers the file has had.
    private(set) var statementCount = 0
    private let keepsAllDates: Bool
    /// True when the update held no row's id but its sidecar's as this reading began (none
    /// read from the ledger, none added by an earlier file): each content id the reading gives is
    /// unique by its counts (`DedupIDAssigner`) until a date comes back, so it is looked for
    /// among the sidecar's ids alone (`LedgerUpdate.indexContains`).
    let isFirstToAdd: Bool

    /// A first reading (`knownRepeats` empty) or a later one with what earlier ones found;
    /// `isFirstToAdd` as the update's `holdsNoRowIDsButIndexed` says.
    init(knownRepeats: ScratchIDSet, keepsAllDates: Bool, ruleFailure: PennyError? = nil, isFirstToAdd: Bool = false) {
        self.keepsAllDates = keepsAllDates
        self.isFirstToAdd = isFirstToAdd
        self.ruleFailure = ruleFailure
        assigner = DedupIDAssigner(knownRepeats: knownRepeats, foundRepeats: foundRepeats, keepsAllDates: keepsAllDates)
        repeats = RepeatedStatementGuard(knownRepeats: knownRepeats)
    }

    /// Makes `statement` the one being read, with its own account's assigner.
    mutating func open(_ statement: OpenStatement) {
        statementCount += 1
        if let previous = self.statement?.account { assigners[previous] = assigner }
        assigner =
            assigners[statement.account] ?? DedupIDAssigner(knownRepeats: repeats.knownRepeats, foundRepeats: foundRepeats, keepsAllDates: keepsAllDates)
        self.statement = statement
    }

    /// True when the current statement's content ids are looked for among the sidecar's ids
    /// alone (`isFirstToAdd`, no date came back, and the counts' scratch files hold: once
    /// one failed the counts may repeat an id, and the file is refused at its end).
    var asksIndexOnly: Bool { isFirstToAdd && !assigner.isUngrouped && !assigner.countsFailed }

    /// True when a scratch file of the counts, the bank ids or the guard failed: the ids
    /// are then not to be trusted.
    var countsFailed: Bool { assigner.countsFailed || assigners.values.contains(where: \.countsFailed) || repeats.failed }

    /// Keeps `decision`'s match failure when it is the first.
    mutating func note(_ decision: Categorization) {
        if ruleFailure == nil { ruleFailure = decision.matchFailure }
    }

    /// A reading stopped once dates came back: read again keeping every date's counts,
    /// with the repeated bank ids seen so far (the next reading finds any others).
    mutating func stoppedOutOfOrder() -> ImportPassResult {
        if let own = statement?.account { assigners[own] = assigner }
        return .rerun(repeats: foundRepeats, ungrouped: true)
    }

    /// The counts, or the repeats another reading must know.
    mutating func finish() -> ImportPassResult {
        if let own = statement?.account { assigners[own] = assigner }
        guard assigners.values.contains(where: \.needsRerun) else { return .done(outcome) }
        return .rerun(repeats: foundRepeats, ungrouped: assigners.values.contains(where: \.isUngrouped))
    }
}

/// How one reading of a file ended.
enum ImportPassResult {
    /// Every transaction told apart: the file's counts.
    case done(FileOutcome)
    /// Read again, knowing these repeated bank ids (and, if `ungrouped`, every date's counts).
    case rerun(repeats: ScratchIDSet, ungrouped: Bool)
}

/// The statement a file is in the middle of.
struct OpenStatement {
    /// The own account it is filed into.
    let account: String
    /// The currency its header gives.
    let currency: Currency
    /// `file:line` of its header.
    let source: String
    /// Whether the account's default-filed entries are kept for transfer legs.
    let keepsDefaultFiled: Bool
}

/// Refuses a file that repeats a statement: a bank id (one an earlier reading found
/// repeated) in two statements of one account.
struct RepeatedStatementGuard {
    /// Bank ids an earlier reading found repeated (`DedupIDAssigner.bankKey`).
    let knownRepeats: ScratchIDSet
    private let sightings = RepeatSightings()

    /// A guard over `knownRepeats`.
    init(knownRepeats: ScratchIDSet) { self.knownRepeats = knownRepeats }

    /// True once a scratch file failed: the guard's answers are then not to be trusted.
    var failed: Bool { sightings.failed }

    /// Notes `transaction`'s bank id in statement `ordinal` of `own`; throws when an
    /// earlier statement of the file had it.
    mutating func check(_ transaction: Transaction, own: String, statement ordinal: Int) throws(PennyError) {
        guard !knownRepeats.isEmpty, var bankID = transaction.bankID, !bankID.isEmpty else { return }
        // (`withUTF8` rethrows untyped: the error comes out as a value.)
        let failure: PennyError? = bankID.withUTF8 { bytes in
            do throws(PennyError) {
                try check(bankID: bytes, own: own, statement: ordinal, at: transaction.location)
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }

    /// The same for a row whose bank id (not empty) is `bankID`'s UTF-8 bytes, read at `location`.
    mutating func check(bankID: UnsafeBufferPointer<UInt8>, own: String, statement ordinal: Int, at location: SourceLocation) throws(PennyError) {
        guard !knownRepeats.isEmpty else { return }
        try check(bankID: bankID, key: DedupIDAssigner.bankKey(account: own, bankID: bankID), own: own, statement: ordinal, at: location)
    }

    /// The same, given the bank id's key (`DedupIDAssigner.bankKey`).
    mutating func check(bankID: UnsafeBufferPointer<UInt8>, key: UInt64, own: String, statement ordinal: Int, at location: SourceLocation) throws(PennyError) {
        guard !knownRepeats.isEmpty, knownRepeats.contains(key) else { return }
        if let line = sightings.earlierLine(of: key, statement: ordinal) {
            throw .badInput(
                "transaction id '\(String(decoding: bankID, as: UTF8.self))' of \(own) is also in an earlier statement of this file (line \(line)): the file repeats a statement; refused rather than imported twice",
                at: location)
        }
        sightings.note(key, line: location.line)
    }
}
