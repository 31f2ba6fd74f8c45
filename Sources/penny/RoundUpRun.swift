import Foundation
import PennyCore
import PennyLedger
import PennyRoundUp
import PennyRules

/// Wires the ledger, the rules and the round-up engine: candidates from the main ledger,
/// the derived journal written whole beside it (SPEC §7).
struct RoundUpRun {
    let rules: RuleSet
    let ledgerPath: String

    /// `<ledger>.roundups.journal`.
    var derivedPath: String { ledgerPath + ".roundups.journal" }

    /// What the main ledger's `include` line names (relative to the ledger).
    var includeName: String { URL(fileURLWithPath: derivedPath).lastPathComponent }

    static let header = """
        ; Round-ups derived by Penny from the ledger and the rules (SPEC §7): accruals and sweeps.
        ; Rewritten whole after every import and `penny roundup apply`; edits here are lost.

        """

    /// The decision lines `penny roundup apply` writes into the main ledger.
    static let applyPrefix = "; roundup-apply: "

    /// Reads the main ledger and derives every accrual and sweep.
    func compute() throws(PennyError) -> RoundUpResult {
        let journal = try JournalBlocks(path: ledgerPath)
        let own = Set(rules.accounts.map(\.name))
        var candidates: [RoundUpCandidate] = []
        var asOf: LocalDate?
        for block in journal.blocks {
            if asOf.map({ block.date > $0 }) ?? true { asOf = block.date }
            guard let id = block.tags["id"], block.postings.count == 2,
                let ownIndex = block.postings.lastIndex(where: { own.contains($0.account) }),
                let text = block.postings[ownIndex].amount, let amount = LedgerRecategorizer.money(text, rules.defaultCurrency)
            else { continue }
            let account = block.postings[ownIndex].account
            let category = block.postings[1 - ownIndex].account
            let transaction = Transaction(
                date: block.date, amount: amount, description: block.bankText, location: SourceLocation(file: ledgerPath, line: block.firstLine + 1),
                payee: block.tags["bank-payee"], memo: block.tags["memo"], counterpartyName: block.tags["counterparty"],
                counterpartyIBAN: block.tags["iban"], type: block.tags["type"])
            candidates.append(
                RoundUpCandidate(
                    transaction: transaction, account: account, category: category, isTransfer: own.contains(category),
                    excludesRoundUp: block.tags["no-roundup"] != nil, key: id))
        }
        let manual = journal.lines.compactMap { line -> ManualSweep? in
            guard line.hasPrefix(Self.applyPrefix) else { return nil }
            let words = line.dropFirst(Self.applyPrefix.count).split(separator: " ")
            guard words.count >= 2, let date = LocalDate(iso: words[1]) else { return nil }
            return ManualSweep(program: String(words[0]), date: date)
        }
        let rules = self.rules
        let engine = RoundUpEngine(programs: rules.roundUps, currencies: rules.roundUpCurrencies) { program, candidate in
            rules.roundUpQualifies(program: program, transaction: candidate.transaction, account: candidate.account)
        }
        return engine.run(candidates, manualSweeps: manual, asOf: asOf)
    }

    /// Writes the derived journal whole, atomically.
    func write(_ result: RoundUpResult) throws(PennyError) {
        try AtomicFile.write(Self.render(result), to: derivedPath)
    }

    /// Makes sure the derived journal exists before the main ledger includes it.
    func ensureDerivedFileExists() throws(PennyError) {
        if !FileManager.default.fileExists(atPath: derivedPath) { try AtomicFile.write(Self.header, to: derivedPath) }
    }

    /// The derived journal's text: accruals and sweeps in date order.
    static func render(_ result: RoundUpResult) -> String {
        var out = Array(header.utf8)
        var accruals = result.accruals[...]
        var sweeps = result.sweeps[...]
        // Interleave by date; on one date, accruals come before that day's sweep.
        while let next = accruals.first?.date ?? sweeps.first?.date {
            let date = min(next, sweeps.first?.date ?? next)
            while let a = accruals.first, a.date == date {
                JournalWriter.render(
                    date: a.date, description: "Round-up \(a.program): \(a.description)",
                    tags: [Tag(name: "roundup", value: a.program), Tag(name: "purchase", value: a.purchaseKey)],
                    postings: [(a.pot, a.amount), (a.funding, Money(minorUnits: -a.amount.minorUnits, currency: a.amount.currency))], into: &out)
                accruals = accruals.dropFirst()
            }
            while let s = sweeps.first, s.date == date {
                JournalWriter.render(
                    date: s.date, description: "Round-up \(s.program): sweep (\(s.reason.rawValue))",
                    tags: [Tag(name: "roundup", value: s.program), Tag(name: "sweep", value: s.reason.rawValue)],
                    postings: s.shares.map { ($0.account, $0.amount) } + [(s.pot, Money(minorUnits: -s.total.minorUnits, currency: s.total.currency))], into: &out)
                sweeps = sweeps.dropFirst()
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
