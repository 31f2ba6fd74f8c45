import Foundation
public import PennyCore
import PennyLedger
import PennyRules

/// Turns `penny add`'s words into a ledger entry — categorized by the same rules as an
/// imported transaction with that description — and writes it under the lock, atomically.
public struct QuickEntryWriter {
    /// The rules that categorize the entry.
    public let rules: RuleSet
    /// The ledger written to.
    public let ledgerPath: String

    /// A writer for `ledgerPath`, categorizing with `rules`.
    public init(rules: RuleSet, ledgerPath: String) {
        self.rules = rules
        self.ledgerPath = ledgerPath
    }

    /// An entry ready to write.
    public struct Prepared {
        /// The entry to write.
        public let entry: JournalEntry
        /// The ledger to write to.
        public let ledgerPath: String
        /// The rules, for the ledger's default currency.
        public let rules: RuleSet
        /// True when the same words were added less than a minute ago.
        public let isTwin: Bool

        /// The entry as it will appear in the ledger.
        public var preview: String {
            var bytes: [UInt8] = []
            JournalWriter.render(entry, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Writes the entry under the ledger's lock, atomically, and derives the round-ups again.
        public func write(waitSeconds: Int) throws {
            let lock = try LedgerLock(ledgerPath: ledgerPath, waitSeconds: waitSeconds)
            defer { withExtendedLifetime(lock) {} }
            try LedgerCheck.requireReadable(ledgerPath, defaultCurrency: rules.defaultCurrency)
            let update = try LedgerUpdate(ledgerPath: ledgerPath, dryRun: false, balanceAccounts: [])
            let declarations = DeclarationsKeeper(ledgerPath: ledgerPath, roundUps: rules.roundUps)
            try declarations.open(update)
            update.observer = declarations.tap
            try update.append(entry)
            try declarations.record(update)
            try update.commit()
            try RoundUpRun(rules: rules, ledgerPath: ledgerPath).refreshIfStale()
        }
    }

    /// Reads the words and categorizes the result.
    public func entry(words: [String], today: LocalDate, account: String?, date: LocalDate?, now: Date) throws -> Prepared {
        if let account, rules.account(named: account) == nil { throw PennyError.configuration("--account \(account): no 'account \(account)' block in the rules") }
        let quick = try QuickEntry.read(words, rules: rules, today: today, account: account, date: date)
        let transaction = Transaction(date: quick.date, amount: quick.amount, description: quick.description, location: SourceLocation(file: "penny add"))
        let decision = Categorizer(rules).categorize(transaction, account: quick.account)
        // Each addition is its own transaction (two coffees are two): the id holds the minute
        // it was written, and the same words in the same minute count as a twin to ask about.
        let minute = Int(now.timeIntervalSince1970 / 60)
        var hash = StableHash()
        hash.combine("penny add")
        hash.combine(quick.account)
        hash.combine(quick.date.description)
        hash.combine(quick.amount.minorUnits)
        hash.combine(TextKey.fold(quick.description))
        let base = hash.value
        var keyed = StableHash()
        keyed.combine(Int64(bitPattern: base))
        keyed.combine(Int64(minute))
        var entry = JournalEntry(
            date: quick.date, description: quick.description, account: quick.account, category: decision.category, amount: quick.amount,
            id: DedupID(value: keyed.value ^ UInt64(UInt32.random(in: 1...UInt32.max))), source: "penny add", rule: decision.ruleName ?? JournalEntry.defaultRule)
        entry.tags = decision.tags + [Tag(name: "added", value: "\(minute)-\(StableHash.hex(base))")]
        entry.note = decision.note
        entry.excludesRoundUp = decision.excludesRoundUp
        return Prepared(entry: entry, ledgerPath: ledgerPath, rules: rules, isTwin: try Self.added(base, minute: minute, in: ledgerPath, rules: rules))
    }

    /// True when the ledger has the same words added in this minute or the one before.
    public static func added(_ base: UInt64, minute: Int, in ledgerPath: String, rules: RuleSet) throws -> Bool {
        guard LedgerPath.exists(ledgerPath) else { return false }
        let wanted = ["\(minute)-\(StableHash.hex(base))", "\(minute - 1)-\(StableHash.hex(base))"]
        var found = false
        try JournalReader(defaultCurrency: rules.defaultCurrency).forEachTransaction(
            path: ledgerPath, tagNames: ["added"], wantsDescription: false, commentPrefix: "; none", comment: { _ in }
        ) { t in if let tag = t.tags["added"], wanted.contains(tag) { found = true } }
        return found
    }
}
