import Foundation
public import PennyCore

/// One atomic change to a ledger: the old text plus appended entries, committed by rename.
///
/// The old ledger is read for its dedup ids (`LedgerCopy`); entries are appended to a
/// temporary file beside it (`LedgerAppender`); `commit` copies the old text in before
/// them, fsyncs the file, renames it over the ledger and fsyncs the directory
/// (`LedgerUpdate+Commit`). A run killed at any instant leaves the ledger as before or as
/// after. A file that fails is rolled back to its mark, so nothing of it is written.
/// Hold a `LedgerLock` for the whole update.
public final class LedgerUpdate {
    /// Where a file's entries start, to roll back to.
    public struct Mark {
        fileprivate let offset: Int
        fileprivate let addedCount: Int
        fileprivate let newlines: Int
        fileprivate let appendedTotals: AppendedTotals
        fileprivate let includeCount: Int
    }

    let ledgerPath: String
    let isDryRun: Bool
    /// The ledger as read, copied into the temporary file at commit.
    var copy: LedgerCopy
    // Touched for every row, by the one thread that holds the update: no dynamic
    // exclusivity check on each access.
    /// The temporary file and what is appended to it.
    @exclusivity(unchecked) var appender: LedgerAppender
    /// The ledger's ids and the added ones.
    let ids: UpdateIDs
    /// The balances tracked.
    @exclusivity(unchecked) private(set) var balances: UpdateBalances
    /// What the appended entries add to the ledger's totals.
    @exclusivity(unchecked) private(set) var appendedTotals = AppendedTotals()
    /// The index sidecar and what goes into the next one.
    var index: LedgerIndexUpdate
    /// The `include` targets the ledger has.
    private var includes: Set<String> = []
    /// Entries to rewrite at commit.
    var refilings = LedgerRefilings()
    /// The stamp of the ledger as committed (as read, when nothing changed); nil before the
    /// commit, or when the file at the ledger's path is not the one written.
    public internal(set) var committedStamp: LedgerStamp?

    /// Own accounts' balances per day (openings and statements), for the closing checks.
    public var statementBalances: StatementBalances { balances.asked }

    /// With `checkingIn`: what the ledger's amounts add up to per currency
    /// (`LedgerCheck.requireReadable`'s answer, found while copying).
    public private(set) var magnitudes: [Currency: Int64] = [:]

    /// Told of every entry and comment appended, every rollback and refiling (round-ups).
    public var observer: (any LedgerUpdateObserver)?

    /// Opens the update: reads the existing ledger's ids (and the balances of
    /// `balanceAccounts`) and, unless dry-run, creates the temporary file. With
    /// `checkingIn` (the rules' default currency) the read also checks the ledger as
    /// `LedgerCheck.requireReadable` does, and refuses a ledger with an error in it the same way.
    ///
    /// When the ledger's index sidecar (`LedgerIndexFile`) describes the ledger as it is,
    /// the ledger is not read at all: its ids, totals, includes and balances come from the
    /// index (the included files are still checked); `commit` writes the next index.
    public init(ledgerPath: String, dryRun: Bool, balanceAccounts: Set<String> = [], checkingIn defaultCurrency: Currency? = nil) throws(PennyError) {
        self.ledgerPath = ledgerPath
        self.isDryRun = dryRun
        self.copy = LedgerCopy(ledgerPath: ledgerPath)
        self.appender = LedgerAppender(ledgerPath: ledgerPath, dryRun: dryRun)
        self.ids = UpdateIDs(near: ledgerPath)
        self.balances = UpdateBalances(accounts: balanceAccounts)
        self.index = LedgerIndexUpdate(ledgerPath: ledgerPath)
        try appender.create()
        if FileManager.default.fileExists(atPath: ledgerPath) {
            try LedgerText.check(ledgerPath)
            if try openFromIndex(accounts: balanceAccounts, defaultCurrency: defaultCurrency) { return }
            try read(checkingIn: defaultCurrency)
        } else {
            try appender.write(Array(JournalWriter.header.utf8))
            index.summary.defaultCurrency = defaultCurrency?.code ?? ""
            index.indexable = defaultCurrency != nil
        }
    }

    /// Reads the ledger (ids, balances, includes and, with `defaultCurrency`, the check).
    private func read(checkingIn defaultCurrency: Currency?) throws(PennyError) {
        var scanner = LedgerIDScanner(balances: balances.tracked, ids: ids.ids.extra)
        if let defaultCurrency, LedgerPath.exists(ledgerPath) { scanner.check = JournalCheck(path: ledgerPath, defaultCurrency: defaultCurrency) }
        let read = try copy.read(into: &scanner)
        index.stampAtOpen = read.stamp
        index.summary.lastByte = read.lastByte
        index.summary.writesCRLF = read.crlf
        try appender.prepare(length: copy.length, lastByte: read.lastByte, crlf: read.crlf)
        if let check = scanner.check {
            do throws(PennyError) { magnitudes = try check.finish(includes: scanner.includeLines) } catch { throw LedgerCheck.refusal(error) }
            index.summary.totals = check.ownTotals
            index.summary.defaultCurrency = defaultCurrency?.code ?? ""
            index.indexable = true
        }
        index.summary.includes = scanner.includeLines
        index.summary.newlines = scanner.lineCount - (index.summary.lastByte == 0x0A ? 0 : 1)
        includes = Set(scanner.includeLines.map(\.0))
        balances.tracked = scanner.balances
        ids.endScan()
    }

    /// Takes what the import needs from the ledger's index when its stamp matches the
    /// ledger, the default currency is the one it was checked in, and it tracks the asked
    /// accounts' balances; false (nothing changed) otherwise. The included files are
    /// checked as `JournalCheck.finish` does.
    private func openFromIndex(accounts: Set<String>, defaultCurrency: Currency?) throws(PennyError) -> Bool {
        guard LedgerPath.exists(ledgerPath) else { return false }
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, let stamp = LedgerStamp(descriptor: input),
            let file = LedgerIndexFile(path: index.path, describing: stamp)
        else { return false }
        let found = file.summary
        guard !found.defaultCurrency.isEmpty, defaultCurrency.map({ $0.code == found.defaultCurrency }) ?? true,
            accounts.isSubset(of: found.balances.accounts)
        else { return false }
        if let defaultCurrency {
            do throws(PennyError) {
                magnitudes = try JournalCheck.finishIncludes(of: ledgerPath, defaultCurrency: defaultCurrency, includes: found.includes, ownTotals: found.totals)
            } catch { throw LedgerCheck.refusal(error) }
        }
        ids.use(file, near: ledgerPath)
        index.summary = found
        includes = Set(found.includes.map(\.0))
        balances.tracked = found.balances
        index.stampAtOpen = stamp
        index.indexable = true
        index.isCurrent = true
        copy.adopt(status)
        try appender.prepare(length: copy.length, lastByte: found.lastByte, crlf: found.writesCRLF)
        return true
    }

    deinit {
        appender.discard()
    }

    /// True when the ledger (or this update) already has the id.
    public func contains(_ id: DedupID) -> Bool { ids.contains(id.value) }

    /// Brings what `contains(id)` reads first into the cache (a hint: the importer asks
    /// this for the next rows while it files the current ones).
    public func prefetch(_ id: DedupID) { ids.prefetch(id.value) }

    /// True when the update holds no row's id besides its sidecar's: none read from the
    /// ledger, none added but declared openings' (`appendOpening`: no row's id is one).
    /// A file read from here on adds the only rows' ids `contains` would look at besides
    /// the sidecar's.
    public var holdsNoRowIDsButIndexed: Bool { ids.extraCount == openingCount }

    /// How many declared openings `appendOpening` added.
    private var openingCount = 0

    /// Appends a declared opening balance's entry (`DedupID.opening`) unless the ledger has
    /// it; returns whether it was added.
    public func appendOpening(_ entry: JournalEntry) throws(PennyError) -> Bool {
        guard try append(entry) else { return false }
        openingCount += 1
        return true
    }

    /// True when the ledger's index sidecar has the id. Only for an id the caller knows this
    /// update did not add (`contains` also asks the added and read ids); a debug build
    /// checks that.
    public func indexContains(_ id: DedupID) -> Bool { ids.indexContains(id.value) }

    /// Brings what `indexContains(id)` reads first into the cache, and where appending the
    /// id then writes (a hint).
    public func prefetchIndexed(_ id: DedupID) { ids.prefetchIndexed(id.value) }

    /// True when the ledger's ids came from its index sidecar (the ledger was not read).
    var readFromIndex: Bool { ids.ids.indexed != nil }

    /// How many ids the ledger holds.
    public var count: Int { ids.ids.count }

    /// How many entries this update added.
    public var addedCount: Int { ids.addedCount }

    /// How many `\n` bytes `bytes` has (eight at a time, `ByteLanes`).
    static func newlines(in raw: UnsafeRawBufferPointer) -> Int { LedgerAppender.newlines(in: raw) }

    /// Marks the start of a file's entries.
    public func mark() -> Mark {
        Mark(
            offset: appender.end, addedCount: ids.logCount, newlines: appender.newlines, appendedTotals: appendedTotals,
            includeCount: index.summary.includes.count)
    }

    /// Appends an entry unless its id is already present; returns whether it was added.
    @discardableResult
    public func append(_ entry: JournalEntry) throws(PennyError) -> Bool {
        guard ids.insert(entry.id.value) else { return false }
        do throws(MoneyError) { try balances.add(entry) } catch {
            throw Self.balanceOverflow(at: SourceLocation(file: entry.source ?? ledgerPath, line: entry.sourceLine ?? 0))
        }
        appendedTotals.count(entry.amount)
        observer?.appended(entry)
        try appender.writeRendered { JournalWriter.render(entry, into: &$0) }
        return true
    }

    /// Appends the entry of a plain row decided as `renderer`'s `slot` (on the account and
    /// file its `begin` set, which is `account`) unless its id is already present (the
    /// same text and balances as `append` of the `JournalEntry` made of the row).
    @discardableResult
    public func append(row: PlainRow, account: String, renderer: RowEntryRenderer, slot: Int, id: DedupID) throws(PennyError) -> Bool {
        guard ids.insert(id.value) else { return false }
        guard balances.add(rowOf: renderer, slot: slot, account: account, date: row.date, amount: row.amount) else {
            throw Self.balanceOverflow(file: row.file, line: row.line)
        }
        appendedTotals.count(row.amount)
        if let observer { observer.appended(date: row.date, amount: row.amount, account: account, slot: slot, of: renderer) }
        try appender.writeRendered { (out: inout [UInt8]) -> Int? in renderer.render(row: row, slot: slot, id: id, into: &out) }
        return true
    }

    /// Records a balance a statement states, once (`PennyComment.statementBalance`), a
    /// comment both tools skip and `report balances` reads.
    @discardableResult
    public func appendStatementBalance(account: String, kind: String, balance: StatementBalance, source: String) throws(PennyError) -> Bool {
        try appendOnce(.statementBalance(account: account, kind: kind, balance: balance, source: source))
    }

    /// Records the second leg of a transfer that pairs with an entry already written
    /// (`PennyComment.transferLeg`); the leg's own dedup id makes re-imports skip it.
    public func appendTransferLeg(account: String, date: LocalDate, amount: Money, id: DedupID, pairs: DedupID, source: String) throws(PennyError) {
        try appendOnce(.transferLeg(account: account, date: date, amount: amount, pairs: pairs.value, source: source, id: id.value))
    }

    /// Adds `include NAME` to the ledger unless it is there already.
    public func ensureInclude(_ name: String) throws(PennyError) {
        guard !includes.contains(name) else { return }
        includes.insert(name)
        // Its line: after the ledger's line ends, those written, and the blank line before it.
        index.summary.includes.append((name, index.summary.newlines + appender.newlines + 2))
        try appender.write(Array("\ninclude \(name)\n".utf8))
    }

    /// Appends one of Penny's comment lines unless its id is in the ledger already.
    @discardableResult
    public func appendOnce(_ comment: PennyComment) throws(PennyError) -> Bool {
        guard ids.insert(comment.id) else { return false }
        observer?.appended(comment)
        try appender.write(Array("\n\(comment.line)\n".utf8))
        return true
    }

    /// Files an entry already in the ledger (by id) under another own account at commit:
    /// its category posting's account becomes `category` and its rule tag `transfer`.
    /// The whole change still lands in one atomic step. Throws when a balance would not
    /// fit (at `location`, the other leg's row).
    public func refileAsTransfer(_ id: DedupID, category: String, date: LocalDate, amount: Money, at location: SourceLocation) throws(PennyError) {
        try refile(.init(id: id.value, category: category, postings: nil, at: ids.logCount, adjustments: [(category, date, amount)]), at: location)
    }

    /// Rewrites an entry already in the ledger (by id) at commit as an exchange between own
    /// accounts: its postings become `postings` (`ExchangeMatcher.postingLines`). `removed`
    /// and `added` are the postings that leave and join the balances (the first leg's
    /// category posting, the second leg's own one). The rule tag stays. Throws when a
    /// balance would not fit (at `location`, the second leg's row).
    public func refileAsExchange(
        _ id: DedupID, postings: [String], removed: (account: String, date: LocalDate, amount: Money), added new: (account: String, date: LocalDate, amount: Money),
        at location: SourceLocation
    ) throws(PennyError) {
        let negated = Money(minorUnits: -removed.amount.minorUnits, currency: removed.amount.currency)
        try refile(.init(id: id.value, category: nil, postings: postings, at: ids.logCount, adjustments: [(removed.account, removed.date, negated), new]), at: location)
    }

    /// Records `refiling` and adds its changes to the balances (all or, throwing, none).
    private func refile(_ refiling: LedgerRefilings.Refiling, at location: SourceLocation) throws(PennyError) {
        do throws(MoneyError) { try balances.adjust(refiling.adjustments, sign: 1) } catch { throw Self.balanceOverflow(at: location) }
        observer?.refiled()
        refilings.add(refiling)
    }

    /// `balanceOverflow(at:)` at a statement's row (out of the row lane's way).
    @inline(never)
    static func balanceOverflow(file: String, line: Int) -> PennyError { balanceOverflow(at: SourceLocation(file: file, line: line)) }

    /// The error of an account's balance that would not fit in 64 bits, at `location`.
    static func balanceOverflow(at location: SourceLocation) -> PennyError {
        .badInput("an account's balance passes what Penny counts exactly (\(Int64.max) minor units) at this amount", at: location)
    }

    /// The ids appended since `mark`.
    public func ids(since mark: Mark) -> ScratchIDSet { ids.added(since: mark.addedCount, near: ledgerPath) }

    /// Forgets everything appended since `mark`.
    public func rollback(to mark: Mark) throws(PennyError) {
        do throws(MoneyError) {
            for r in refilings.rollback(to: mark.addedCount) { try balances.adjust(r.adjustments, sign: -1) }
        } catch { throw Self.balanceOverflow(at: SourceLocation(file: ledgerPath)) }
        ids.rollback(to: mark.addedCount)
        appendedTotals = mark.appendedTotals
        index.summary.includes.removeSubrange(min(mark.includeCount, index.summary.includes.count)...)
        observer?.rolledBack(keeping: mark.addedCount)
        guard !isDryRun else { return }
        try appender.settle()
        if appender.offset > mark.offset, !balances.tracked.accounts.isEmpty {
            var subtraction = UpdateBalances.Subtraction(balances: balances.tracked)
            try appender.forEachWrittenRun(from: mark.offset) { (run) throws(PennyError) in
                do throws(MoneyError) { try subtraction.take(run) } catch { throw Self.balanceOverflow(at: SourceLocation(file: ledgerPath)) }
            }
            balances.tracked = subtraction.balances
        }
        if !(try appender.truncate(to: mark.offset, newlines: mark.newlines)) { index.indexable = false }
    }
}
