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

    /// `<ledger>.roundups.state`: which version of the ledger the derived journal was made
    /// from, so that a command after a kill or a failed write (between the ledger's rename
    /// and the derived journal's) notices and writes it again.
    public var statePath: String { ledgerPath + ".roundups.state" }

    /// What the main ledger's `include` line names (relative to the ledger).
    public var includeName: String { URL(fileURLWithPath: derivedPath).lastPathComponent }

    /// The derived journal's opening comment.
    public static let header = """
        ; Round-ups derived by Penny from the ledger and the rules (SPEC §7): accruals and sweeps.
        ; Rewritten whole after every import and `penny roundup apply`; edits here are lost.

        """

    /// Reads the main ledger (streamed, byte level) and derives every accrual and sweep.
    ///
    /// Only transactions that can round up become candidates: an origin's purchase filed
    /// under expenses. Descriptions and detail tags are read only when a program has `if`
    /// lines that may need them.
    public func compute() throws(PennyError) -> RoundUpResult {
        let own = Set(rules.accounts.map(\.name))
        let origins = Set(rules.roundUps.flatMap(\.origins))
        let needsDetails = rules.roundUpConditions.values.contains { !$0.isEmpty }
        let rules = self.rules
        let engine = RoundUpEngine(programs: rules.roundUps, currencies: rules.roundUpCurrencies) { program, candidate in
            rules.roundUpQualifies(program: program, transaction: candidate.transaction, account: candidate.account)
        }
        var accruals: [Accrual] = []
        var manual: [ManualSweep] = []
        var asOf: LocalDate?
        let reader = JournalReader(defaultCurrency: rules.defaultCurrency)
        try reader.forEachTransaction(
            path: ledgerPath, tagNames: needsDetails ? ["no-roundup", "bank-payee", "memo", "counterparty", "iban", "type"] : ["no-roundup"],
            wantsDescription: true, commentPrefix: PennyComment.roundUpApplyPrefix,
            comment: { line in
                if case .roundUpApply(let program, let date, _) = PennyComment.parse(line) { manual.append(ManualSweep(program: program, date: date)) }
            }
        ) { scanned in
            if asOf.map({ scanned.date > $0 }) ?? true { asOf = scanned.date }
            guard scanned.postings.count == 2, let ownIndex = scanned.postings.lastIndex(where: { own.contains($0.account) }),
                let amount = scanned.postings[ownIndex].amount, amount.isNegative
            else { return }
            let account = scanned.postings[ownIndex].account
            let category = scanned.postings[1 - ownIndex].account
            guard origins.contains(account), AccountName(category).isUnder(.expenses), !own.contains(category) else { return }
            let bankText = scanned.description.map { JournalEntry.split(description: $0).bankText } ?? ""
            let transaction = Transaction(
                date: scanned.date, amount: amount, description: bankText, location: SourceLocation(file: ledgerPath, line: scanned.line),
                payee: scanned.tags["bank-payee"], memo: scanned.tags["memo"], counterpartyName: scanned.tags["counterparty"],
                counterpartyIBAN: scanned.tags["iban"], type: scanned.tags["type"])
            let candidate = RoundUpCandidate(
                transaction: transaction, account: account, category: category, isTransfer: false,
                excludesRoundUp: scanned.tags["no-roundup"] != nil, key: StableHash.hex(scanned.id))
            accruals += engine.accruals(for: candidate)
        }
        return engine.finish(accruals, manualSweeps: manual, asOf: asOf)
    }

    /// The status of `programs` (accrued, swept, pot, destinations) for the dates between
    /// `from` and `to`; an error naming the ledger when a program's total passes 64 bits.
    public func statuses(of programs: [RoundUpProgram], from: LocalDate? = nil, to: LocalDate? = nil) throws(PennyError) -> [RoundUpStatus] {
        let result = try compute()
        do { return try RoundUpStatus.make(result, programs: programs, currencies: rules.roundUpCurrencies, from: from, to: to) } catch {
            throw .badInput("a round-up total passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: ledgerPath))
        }
    }

    /// Writes the derived journal whole, atomically, in chunks, then records which ledger
    /// it was derived from.
    public func write(_ result: RoundUpResult) throws(PennyError) {
        let writer = try AtomicFileWriter(path: derivedPath)
        try Self.render(result, into: writer)
        try writer.commit()
        if let state = ledgerState() { try AtomicFile.write(state + "\n", to: statePath) }
    }

    /// The main ledger's identity as it is now: inode, size and modification time (a new
    /// version is a new file, renamed over the old one, so any change shows).
    public func ledgerState() -> String? {
        var status = stat()
        guard stat(ledgerPath, &status) == 0 else { return nil }
        return "ledger \(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// Writes the derived journal again when it was made from another version of the ledger
    /// (a run killed, or a disk full, between the two writes). Takes the ledger's lock; when
    /// another run holds it, that run writes the journal itself.
    public func refreshIfStale() throws(PennyError) {
        guard !rules.roundUps.isEmpty || FileManager.default.fileExists(atPath: derivedPath) else { return }
        guard let state = ledgerState() else { return }
        let recorded = (try? String(contentsOfFile: statePath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard recorded != state || !FileManager.default.fileExists(atPath: derivedPath) else { return }
        guard let lock = try? LedgerLock(ledgerPath: ledgerPath, waitSeconds: 0) else { return }
        defer { withExtendedLifetime(lock) {} }
        try write(try compute())
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

    /// Accruals and sweeps in date order; on one date, accruals before that day's sweep.
    private static func renderEntries(_ result: RoundUpResult, _ emit: ([UInt8]) -> Void) {
        emit(Array(header.utf8))
        var out: [UInt8] = []
        var accruals = result.accruals[...]
        var sweeps = result.sweeps[...]
        while let next = accruals.first?.date ?? sweeps.first?.date {
            let date = min(next, sweeps.first?.date ?? next)
            while let a = accruals.first, a.date == date {
                JournalWriter.render(
                    date: a.date, description: "Round-up \(a.program): \(a.description)",
                    tags: [Tag(name: "roundup", value: a.program), Tag(name: "purchase", value: a.purchaseKey)],
                    postings: [(a.pot, a.amount), (a.funding, Money(minorUnits: -a.amount.minorUnits, currency: a.amount.currency))], into: &out)
                accruals = accruals.dropFirst()
                if out.count >= 1 << 16 {
                    emit(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            while let s = sweeps.first, s.date == date {
                JournalWriter.render(
                    date: s.date, description: "Round-up \(s.program): sweep (\(s.reason.rawValue))",
                    tags: [Tag(name: "roundup", value: s.program), Tag(name: "sweep", value: s.reason.rawValue)],
                    postings: s.shares.map { ($0.account, $0.amount) } + [(s.pot, Money(minorUnits: -s.total.minorUnits, currency: s.total.currency))], into: &out)
                sweeps = sweeps.dropFirst()
            }
        }
        emit(out)
    }
}
