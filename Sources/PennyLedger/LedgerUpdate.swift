import Foundation
public import PennyCore

/// One atomic change to a ledger: the old text plus appended entries, committed by rename.
///
/// The old ledger is copied into a temporary file beside it while its dedup ids are
/// read; entries are appended; `commit` fsyncs the file, renames it over the ledger and
/// fsyncs the directory. A run killed at any instant leaves the ledger as before or as
/// after. A file that fails is rolled back to its mark, so nothing of it is written.
/// Hold a `LedgerLock` for the whole update.
public final class LedgerUpdate {
    /// Where a file's entries start, to roll back to.
    public struct Mark {
        fileprivate let offset: Int
        fileprivate let addedCount: Int
        fileprivate let newlines: Int
        fileprivate let appendedTotals: CurrencyTotals
        fileprivate let totalsOverflowed: Bool
        fileprivate let includeCount: Int
    }

    private let ledgerPath: String
    private let temporaryPath: String
    private let isDryRun: Bool
    private var descriptor: Int32 = -1
    /// Writes full buffers to `descriptor` on its own thread (started by the first flush).
    private var writer: BackgroundWriter?
    // Touched for every row, by the one thread that holds the update: no dynamic
    // exclusivity check on each access.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private var offset = 0
    /// The existing ledger's length: the temporary file's first bytes once copied at commit.
    private var copiedLength = 0
    /// The version of the ledger that was read.
    private var copied: FileIdentity?
    /// The ledger's ids and the added ones.
    private var ids: LedgerIDs {
        didSet { idsRef = Unmanaged.passUnretained(ids) }
    }
    /// `ids`, borrowed by the per-row lookups without a retain and release each (`ids` keeps it).
    private var idsRef: Unmanaged<LedgerIDs>
    /// How many of `ids.extra`'s log were read from the ledger (the rest were added).
    private var scannedCount = 0
    private var includes: Set<String>
    /// The index sidecar (`LedgerIndexFile`) and what goes into the next one.
    private let indexPath: String
    /// What the ledger as read holds besides ids (totals of its own lines, includes, …).
    private var summary = LedgerSummary()
    /// The ledger version read, for an index of it when nothing is appended.
    private var stampAtOpen: LedgerStamp?
    /// True when the next index can be written: the ledger was checked (or its index used).
    private var indexable = false
    /// True when the ledger's current index was used: with nothing added, nothing to write.
    private var indexCurrent = false
    /// Line ends written after the ledger's bytes (flushed), and the last byte written.
    private var flushedNewlines = 0
    /// Line ends in `buffer` (counted as it is written, not by scanning it again).
    private var bufferNewlines = 0
    private var lastWrittenByte: UInt8?
    /// The magnitudes appended entries add to the ledger's own totals.
    private var appendedTotals = CurrencyTotals()
    private var totalsOverflowed = false
    /// The accounts the caller asked balances for (the index may track more).
    private let requestedAccounts: Set<String>
    private var committed = false
    /// True when the existing ledger ends its lines with CRLF: appended text follows it.
    private var writesCRLF = false
    /// An entry to rewrite at commit: refiled as a transfer (its category posting's account
    /// and rule tag) or as an exchange (its postings), and what that changes in the balances.
    private struct Refiling {
        let id: UInt64
        let category: String?
        let postings: [String]?
        /// `added.count` when asked (a rollback forgets those after its mark).
        let at: Int
        let adjustments: [(account: String, date: LocalDate, amount: Money)]
    }

    /// Entries to rewrite at commit.
    private var refilings: [Refiling] = []
    /// The renderer whose slots `categoryTracked` answers for, and per slot -1 (not asked)
    /// or whether the balances track its category (`isCategoryTracked`).
    private var trackedRenderer: RowEntryRenderer?
    private var categoryTracked: [Int8] = []

    /// Own accounts' balances per day (openings and statements), for the closing checks.
    public var statementBalances: StatementBalances {
        balances.accounts == requestedAccounts ? balances : balances.restricted(to: requestedAccounts)
    }

    /// The balances tracked: the asked accounts, or the index's (a superset of them).
    @exclusivity(unchecked) private var balances: StatementBalances

    /// With `checkingIn`: what the ledger's amounts add up to per currency
    /// (`LedgerCheck.requireReadable`'s answer, found while copying).
    public private(set) var magnitudes: [Currency: Int64] = [:]

    /// Told of every entry and comment appended, every rollback and refiling (round-ups).
    public var observer: (any LedgerUpdateObserver)?

    /// Opens the update: reads the existing ledger's ids (and the balances of
    /// `balanceAccounts`) and, unless dry-run, copies it. With `checkingIn` (the rules'
    /// default currency) the copy also checks the ledger as `LedgerCheck.requireReadable`
    /// does, in the same read, and refuses a ledger with an error in it the same way.
    ///
    /// When the ledger's index sidecar (`LedgerIndexFile`) describes the ledger as it is,
    /// the ledger is not read at all: its ids, totals, includes and balances come from the
    /// index (the included files are still checked); `commit` writes the next index.
    public init(ledgerPath: String, dryRun: Bool, balanceAccounts: Set<String> = [], checkingIn defaultCurrency: Currency? = nil) throws(PennyError) {
        self.balances = StatementBalances(accounts: balanceAccounts)
        self.requestedAccounts = balanceAccounts
        self.ledgerPath = ledgerPath
        let url = URL(fileURLWithPath: ledgerPath)
        self.temporaryPath = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".penny-tmp").path
        self.indexPath = LedgerIndexFile.path(forLedger: ledgerPath)
        self.isDryRun = dryRun
        let ids = LedgerIDs(indexed: nil, near: ledgerPath)
        self.ids = ids
        self.idsRef = Unmanaged.passUnretained(ids)
        self.includes = []
        if !dryRun {
            if let reason = LedgerPath.readOnlyReason(ledgerPath) { throw PennyError(.ledgerUnavailable, reason, at: SourceLocation(file: ledgerPath)) }
            descriptor = FaultInjection.fails(.create) ? -1 : TemporaryFile.create(temporaryPath, flags: O_RDWR)
            guard descriptor >= 0 else { throw unwritable("cannot create \(temporaryPath): \(String(cString: strerror(errno))); the ledger was not changed") }
        }
        if FileManager.default.fileExists(atPath: ledgerPath) {
            try LedgerText.check(ledgerPath)
            if try openFromIndex(accounts: balanceAccounts, defaultCurrency: defaultCurrency) { return }
            var scanner = LedgerIDScanner(balances: balances, ids: ids.extra)
            if let defaultCurrency, LedgerPath.exists(ledgerPath) { scanner.check = JournalCheck(path: ledgerPath, defaultCurrency: defaultCurrency) }
            try copyExisting(scanner: &scanner)
            if let check = scanner.check {
                do throws(PennyError) { magnitudes = try check.finish() } catch { throw LedgerCheck.refusal(error) }
                summary.totals = check.ownTotals
                summary.defaultCurrency = defaultCurrency?.code ?? ""
                indexable = true
            }
            summary.includes = scanner.includeLines
            summary.newlines = scanner.lineCount - (summary.lastByte == 0x0A ? 0 : 1)
            includes = Set(scanner.includeLines.map(\.0))
            balances = scanner.balances
            scannedCount = ids.extra.logCount
        } else {
            try write(Array(JournalWriter.header.utf8))
            summary.defaultCurrency = defaultCurrency?.code ?? ""
            indexable = defaultCurrency != nil
        }
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
            let file = LedgerIndexFile(path: indexPath, describing: stamp)
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
        ids = LedgerIDs(indexed: file, near: ledgerPath)
        summary = found
        includes = Set(found.includes.map(\.0))
        balances = found.balances
        stampAtOpen = stamp
        indexable = true
        indexCurrent = true
        copied = FileIdentity(status)
        try prepareAppending(length: Int(status.st_size), lastByte: found.lastByte, crlf: found.writesCRLF)
        return true
    }

    deinit {
        writer?.stop()
        if descriptor >= 0 { close(descriptor) }
        if !committed && !isDryRun { unlink(temporaryPath) }
    }

    /// True when the ledger (or this update) already has the id.
    public func contains(_ id: DedupID) -> Bool { idsRef._withUnsafeGuaranteedRef { $0.contains(id.value) } }

    /// Brings what `contains(id)` reads first into the cache (a hint: the importer asks
    /// this for the next rows while it files the current ones).
    public func prefetch(_ id: DedupID) { idsRef._withUnsafeGuaranteedRef { $0.prefetch(id.value) } }

    /// True when the ledger's ids came from its index sidecar (the ledger was not read).
    var readFromIndex: Bool { ids.indexed != nil }

    /// How many ids the ledger holds.
    public var count: Int { ids.count }

    /// Marks the start of a file's entries.
    public func mark() -> Mark {
        Mark(
            offset: offset + buffer.count, addedCount: ids.extra.logCount, newlines: flushedNewlines + bufferNewlines,
            appendedTotals: appendedTotals, totalsOverflowed: totalsOverflowed, includeCount: summary.includes.count)
    }

    /// How many `\n` bytes `bytes` has (eight at a time, `ByteLanes`).
    static func newlines(in raw: UnsafeRawBufferPointer) -> Int {
        var n = 0, i = 0
        while i + 8 <= raw.count {
            n += ByteLanes.bytes(0x0A, in: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)).nonzeroBitCount
            i += 8
        }
        while i < raw.count {
            if raw[i] == 0x0A { n += 1 }
            i += 1
        }
        return n
    }

    /// Appends an entry unless its id is already present; returns whether it was added.
    @discardableResult
    public func append(_ entry: JournalEntry) throws(PennyError) -> Bool {
        guard ids.insert(entry.id.value) else { return false }
        balances.add(account: entry.account, date: entry.date, amount: entry.amount)
        balances.add(account: entry.category, date: entry.date, amount: entry.amount, sign: -1)
        countMagnitude(entry.amount)
        observer?.appended(entry)
        try writeRendered { JournalWriter.render(entry, into: &$0) }
        return true
    }

    /// Appends what `render` writes: into the buffer, or line ends made CRLF first.
    private func writeRendered(_ render: (inout [UInt8]) -> Void) throws(PennyError) {
        try writeRendered { (out: inout [UInt8]) -> Int? in
            render(&out)
            return nil
        }
    }

    /// `writeRendered` of a `render` that returns how many line ends it wrote (nil: count them).
    private func writeRendered(_ render: (inout [UInt8]) -> Int?) throws(PennyError) {
        if writesCRLF {
            var lines: [UInt8] = []
            _ = render(&lines)
            try write(lines)
        } else if !isDryRun {
            let start = buffer.count
            let written = render(&buffer)
            let counted = written ?? buffer.withUnsafeBytes { Self.newlines(in: UnsafeRawBufferPointer(rebasing: $0[start...])) }
            assert(counted == buffer.withUnsafeBytes { Self.newlines(in: UnsafeRawBufferPointer(rebasing: $0[start...])) }, "line ends miscounted")
            bufferNewlines += counted
            if buffer.count >= 1 << 20 { try flush() }
        }
    }

    /// Appends the entry of a plain row decided as `renderer`'s `slot` (on the account and
    /// file its `begin` set, which is `account`) unless its id is already present (the
    /// same text and balances as `append` of the `JournalEntry` made of the row).
    @discardableResult
    public func append(row: PlainRow, account: String, renderer: RowEntryRenderer, slot: Int, id: DedupID) throws(PennyError) -> Bool {
        guard idsRef._withUnsafeGuaranteedRef({ $0.insert(id.value) }) else { return false }
        balances.add(account: account, date: row.date, amount: row.amount)
        if isCategoryTracked(renderer, slot) {
            balances.add(account: renderer.category(slot), date: row.date, amount: row.amount, sign: -1)
        }
        countMagnitude(row.amount)
        if let observer { observer.appended(date: row.date, amount: row.amount, account: account, slot: slot, of: renderer) }
        try writeRendered { (out: inout [UInt8]) -> Int? in renderer.render(row: row, slot: slot, id: id, into: &out) }
        return true
    }

    /// Whether the balances track the category of `renderer`'s `slot`: asked once per slot
    /// (the renderer is held, so another one is never taken for it).
    private func isCategoryTracked(_ renderer: RowEntryRenderer, _ slot: Int) -> Bool {
        if trackedRenderer !== renderer {
            trackedRenderer = renderer
            categoryTracked = Array(repeating: -1, count: renderer.decisions.count)
        }
        if categoryTracked[slot] < 0 { categoryTracked[slot] = balances.tracks(renderer.category(slot)) ? 1 : 0 }
        return categoryTracked[slot] == 1
    }

    /// Adds what the entry's two postings (the amount and its negation) add to the ledger's
    /// totals as the check counts them; past 64 bits no index is written (the next run reads
    /// the ledger and refuses it as before).
    private func countMagnitude(_ amount: Money) {
        if (try? appendedTotals.addPostings(of: amount)) == nil { totalsOverflowed = true }
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
        summary.includes.append((name, summary.newlines + flushedNewlines + bufferNewlines + 2))
        try write(Array("\ninclude \(name)\n".utf8))
    }

    /// Appends one of Penny's comment lines unless its id is in the ledger already.
    @discardableResult
    public func appendOnce(_ comment: PennyComment) throws(PennyError) -> Bool {
        guard ids.insert(comment.id) else { return false }
        observer?.appended(comment)
        try write(Array("\n\(comment.line)\n".utf8))
        return true
    }

    /// Files an entry already in the ledger (by id) under another own account at commit:
    /// its category posting's account becomes `category` and its rule tag `transfer`.
    /// The whole change still lands in one atomic step.
    public func refileAsTransfer(_ id: DedupID, category: String, date: LocalDate, amount: Money) {
        refile(Refiling(id: id.value, category: category, postings: nil, at: ids.extra.logCount, adjustments: [(category, date, amount)]))
    }

    /// Rewrites an entry already in the ledger (by id) at commit as an exchange between own
    /// accounts: its postings become `postings` (`ExchangeMatcher.postingLines`). `removed`
    /// and `added` are the postings that leave and join the balances (the first leg's
    /// category posting, the second leg's own one). The rule tag stays.
    public func refileAsExchange(
        _ id: DedupID, postings: [String], removed: (account: String, date: LocalDate, amount: Money), added new: (account: String, date: LocalDate, amount: Money)
    ) {
        let negated = Money(minorUnits: -removed.amount.minorUnits, currency: removed.amount.currency)
        refile(Refiling(id: id.value, category: nil, postings: postings, at: ids.extra.logCount, adjustments: [(removed.account, removed.date, negated), new]))
    }

    private func refile(_ refiling: Refiling) {
        observer?.refiled()
        refilings.append(refiling)
        for a in refiling.adjustments { balances.add(account: a.account, date: a.date, amount: a.amount) }
    }

    /// The ids appended since `mark`.
    public func ids(since mark: Mark) -> Set<UInt64> { Set(ids.extra.ids(from: mark.addedCount)) }

    /// Forgets everything appended since `mark`.
    public func rollback(to mark: Mark) throws(PennyError) {
        for r in refilings where r.at >= mark.addedCount {
            for a in r.adjustments { balances.add(account: a.account, date: a.date, amount: a.amount, sign: -1) }
        }
        refilings.removeAll { $0.at >= mark.addedCount }
        ids.rollback(to: mark.addedCount)
        appendedTotals = mark.appendedTotals
        totalsOverflowed = mark.totalsOverflowed
        summary.includes.removeSubrange(min(mark.includeCount, summary.includes.count)...)
        observer?.rolledBack(keeping: mark.addedCount)
        guard !isDryRun else { return }
        try settle()
        try subtractWritten(from: mark.offset)
        guard ftruncate(descriptor, off_t(mark.offset)) == 0, lseek(descriptor, off_t(mark.offset), SEEK_SET) >= 0 else {
            throw unwritable("cannot roll back \(temporaryPath)")
        }
        offset = mark.offset
        flushedNewlines = mark.newlines
        lastWrittenByte = nil
        if mark.offset > copiedLength {
            var byte: UInt8 = 0
            if pread(descriptor, &byte, 1, off_t(mark.offset - 1)) == 1 { lastWrittenByte = byte } else { indexable = false }
        }
    }

    /// How many entries this update added.
    public var addedCount: Int { ids.extra.logCount - scannedCount }

    /// Makes the change durable and visible in one step (no-op for a dry run). When
    /// nothing was appended or refiled (a re-import of rows all in the ledger already),
    /// the ledger is left as it is: nothing to copy, sync or rename.
    public func commit() throws(PennyError) {
        guard !isDryRun else { return }
        try settle()
        writer?.stop()
        writer = nil
        if offset == copiedLength && refilings.isEmpty {
            close(descriptor)
            descriptor = -1
            unlink(temporaryPath)
            committed = true
            if !indexCurrent, let stampAtOpen { writeIndex(stamp: stampAtOpen) }
            return
        }
        try copyOldLedger()
        // The next index's body (ids merged, table, filter) is written on another thread
        // while the ledger is synced and renamed; its header, which names the ledger as
        // renamed, comes after (refiled text is not tracked: the next run reads it).
        let indexJob = refilings.isEmpty ? BackgroundJob { self.writeIndexBody() } : nil
        // Whatever happens below, the job is over before this returns, and a body not
        // finished is discarded (its temporary file removed) here.
        defer { _ = indexJob?.take() }
        var status = stat()
        if stat(ledgerPath, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
        guard !FaultInjection.fails(.fsync), fsync(descriptor) == 0 else {
            throw unwritable("cannot sync \(temporaryPath): \(String(cString: strerror(errno))); the ledger was not changed")
        }
        var written = stat()
        let identity = fstat(descriptor, &written) == 0 ? FileIdentity(written) : nil
        close(descriptor)
        descriptor = -1
        if !refilings.isEmpty { try applyRefilings() }
        guard !FaultInjection.fails(.rename), rename(temporaryPath, ledgerPath) == 0 else {
            throw unwritable("cannot replace the ledger: \(String(cString: strerror(errno))); the ledger was not changed")
        }
        committed = true
        if let reason = FolderSync.sync(containing: ledgerPath) {
            throw unwritable("the ledger was written, but its folder could not be synced (\(reason)): a power cut now could undo the change; nothing else was done")
        }
        // The index of the ledger just written, stamped from the file now at the ledger's
        // path if it is the one written.
        guard let body = indexJob?.take() ?? nil, let identity else { return }
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return }
        defer { close(input) }
        var now = stat()
        guard fstat(input, &now) == 0, FileIdentity(now) == identity, let stamp = LedgerStamp(descriptor: input) else { return }
        // Derived data: if this fails the ledger stands, and the next run reads it.
        try? body.finish(stamp: stamp)
    }

    /// Writes the index of the ledger version `stamp` (this update's view of it). The ledger
    /// is committed already: a failure leaves the old index, which its stamp makes stale,
    /// and the next run reads the ledger instead.
    private func writeIndex(stamp: LedgerStamp) {
        try? writeIndexBody()?.finish(stamp: stamp)
    }

    /// Writes the next index but for its header (`LedgerIndexWriter.writeBody`); nil when
    /// there is to be none (or it could not be written: the next run reads the ledger).
    private func writeIndexBody() -> LedgerIndexWriter.IndexBody? {
        guard indexable, !totalsOverflowed, !ids.extra.failed else { return nil }
        var next = summary
        next.newlines = summary.newlines + flushedNewlines
        if let lastWrittenByte { next.lastByte = lastWrittenByte }
        var totals = CurrencyTotals(next.totals)
        guard (try? totals.add(appendedTotals)) != nil else { return nil }
        next.totals = totals.dictionary
        next.balances = balances
        let count = ids.count
        let hasZero = ids.containsZero
        let streams = ids.sortedKeyStreams()
        guard !ids.extra.failed else { return nil }
        ids.extra.dropFilter()
        ids.indexed?.releaseMappedPages()
        // Derived data: if it cannot be written the ledger stands, and the next run reads it.
        return try? LedgerIndexWriter(path: indexPath).writeBody(summary: next, count: count, hasZero: hasZero, keys: streams)
    }

    /// Takes the postings written since `start` back out of the balances (a failed file).
    private func subtractWritten(from start: Int) throws(PennyError) {
        guard offset > start, !balances.accounts.isEmpty else { return }
        let input = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw unwritable("cannot read \(temporaryPath)") }
        defer { close(input) }
        var bytes = [UInt8](repeating: 0, count: offset - start)
        let n = bytes.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, off_t(start)) }
        guard n == bytes.count else { throw unwritable("cannot read \(temporaryPath)") }
        var parser = PostingLineParser()
        var balances = self.balances
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            Array(line).withUnsafeBufferPointer { parser.take($0, into: &balances, sign: -1) }
        }
        self.balances = balances
    }

    /// Rewrites the temporary file with the refiled entries (category posting and rule tag,
    /// or every posting of an exchange).
    private func applyRefilings() throws(PennyError) {
        let targets = Dictionary(refilings.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        guard let data = FileManager.default.contents(atPath: temporaryPath) else { throw unwritable("cannot read \(temporaryPath)") }
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
        }
        var blockStart: Int?
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if let first = line.first, first != " " && first != "\t" { blockStart = first.isNumber ? i : nil }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let start = blockStart, trimmed.hasPrefix("; id:"), let id = IDTag.value(line), let target = targets[id] {
                var j = start + 1
                var postingDone = false
                var postingLines: [Int] = []
                while j < lines.count, let c = lines[j].first, c == " " || c == "\t" {
                    let body = lines[j].trimmingCharacters(in: .whitespaces)
                    if body.hasPrefix("; rule:"), target.category != nil {
                        lines[j] = "    ; rule: \(JournalEntry.transferRule)"
                    } else if !body.hasPrefix(";") {
                        postingLines.append(j)
                        if let category = target.category, !postingDone {
                            let account = String(body.prefix { $0 != " " && $0 != "\t" })
                            lines[j] = LedgerRecategorizer.replacingAccount(in: lines[j], old: account, new: category)
                            postingDone = true
                        }
                    }
                    j += 1
                }
                if let postings = target.postings, let first = postingLines.first, postingLines.last! - first + 1 == postingLines.count {
                    lines.replaceSubrange(first...postingLines.last!, with: postings)
                    j += postings.count - postingLines.count
                }
                i = j
                continue
            }
            i += 1
        }
        let writer = try AtomicFileWriter(path: temporaryPath)
        try writer.append(Array(lines.joined(separator: writesCRLF ? "\r\n" : "\n").utf8))
        try writer.commit()
    }

    /// Reads the existing ledger (ids, balances, the check). Its bytes are copied into
    /// the temporary file only at commit, and only if something was added: appended text
    /// is written after a hole of the ledger's length until then.
    private func copyExisting(scanner: inout LedgerIDScanner) throws(PennyError) {
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw unwritable("cannot read the ledger") }
        defer { close(input) }
        var before = stat()
        let identityBefore = fstat(input, &before) == 0 ? FileIdentity(before) : nil
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lastByte: UInt8 = 0x0A
        var firstLineEnd: Bool?
        var length = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 { throw unwritable("cannot read the ledger") }
            if n == 0 { break }
            let slice = chunk[0..<n]
            scanner.scan(slice)
            if let failure = scanner.check?.failure { throw LedgerCheck.refusal(failure) }
            if firstLineEnd == nil, let newline = slice.firstIndex(of: 0x0A) { firstLineEnd = newline > slice.startIndex && slice[newline - 1] == 0x0D }
            lastByte = slice[slice.endIndex - 1]
            length += n
        }
        scanner.finish()
        if let failure = scanner.check?.failure { throw LedgerCheck.refusal(failure) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw unwritable("cannot read the ledger") }
        copied = FileIdentity(status)
        // Stamped for an index only if nothing wrote to it while it was read.
        stampAtOpen = Int(status.st_size) == length && identityBefore == copied ? LedgerStamp(descriptor: input) : nil
        summary.lastByte = lastByte
        summary.writesCRLF = firstLineEnd ?? false
        try prepareAppending(length: length, lastByte: lastByte, crlf: firstLineEnd ?? false)
    }

    /// Sets the update to append after the ledger's `length` bytes, ending its last line first.
    private func prepareAppending(length: Int, lastByte: UInt8, crlf: Bool) throws(PennyError) {
        copiedLength = length
        offset = length
        if !isDryRun {
            guard lseek(descriptor, off_t(length), SEEK_SET) >= 0 else { throw unwritable("cannot write \(temporaryPath)") }
        }
        // A ledger saved with Windows line endings keeps them: what Penny appends follows suit.
        writesCRLF = crlf
        if lastByte != 0x0A && !isDryRun {
            // As if the ledger's last byte were still in the buffer: a CR there needs no other.
            buffer.append(contentsOf: writesCRLF && lastByte != 0x0D ? [0x0D, 0x0A] : [0x0A])
            bufferNewlines += 1
        }
    }

    /// Copies the ledger read at the start into the hole before the appended text,
    /// after checking that nothing else changed the ledger meanwhile (the lock keeps
    /// Penny's own runs out; an editor ignores it).
    private func copyOldLedger() throws(PennyError) {
        guard copiedLength > 0, let copied else { return }
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw unwritable("cannot read the ledger") }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, FileIdentity(status) == copied else {
            throw unwritable("the ledger changed while Penny was importing (a program that does not take Penny's lock wrote to it); nothing was written: run the import again")
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var at = 0
        while at < copiedLength {
            let n = chunk.withUnsafeMutableBytes { pread(input, $0.baseAddress, min($0.count, copiedLength - at), off_t(at)) }
            guard n > 0 else { throw unwritable("cannot read the ledger") }
            var written = 0
            while written < n {
                let w = chunk.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, n - written, off_t(at + written)) }
                if w <= 0 { throw unwritable("cannot write \(temporaryPath): \(String(cString: strerror(errno)))") }
                written += w
            }
            at += n
        }
    }

    /// What identifies the ledger's version read at the start.
    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            seconds = status.st_mtim.tv_sec
            nanoseconds = status.st_mtim.tv_nsec
        }
    }

    private func write(_ bytes: [UInt8]) throws(PennyError) {
        guard !isDryRun else { return }
        bufferNewlines += bytes.withUnsafeBytes { Self.newlines(in: $0) }
        if writesCRLF {
            for byte in bytes {
                if byte == 0x0A && buffer.last != 0x0D { buffer.append(0x0D) }
                buffer.append(byte)
            }
        } else {
            buffer.append(contentsOf: bytes)
        }
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Hands the buffer to the writer thread (the next megabyte is rendered meanwhile).
    private func flush() throws(PennyError) {
        guard !isDryRun, !buffer.isEmpty else { return }
        flushedNewlines += bufferNewlines
        bufferNewlines = 0
        lastWrittenByte = buffer.last
        offset += buffer.count
        if writer == nil { writer = BackgroundWriter(descriptor: descriptor) }
        do throws(WriteFailure) { try writer?.submit(&buffer) } catch { throw writeFailed(error) }
    }

    /// Flushes and waits until every byte is in the file: before the descriptor is used
    /// directly (a rollback's truncation, the commit's sync).
    private func settle() throws(PennyError) {
        try flush()
        do throws(WriteFailure) { try writer?.drain() } catch { throw writeFailed(error) }
    }

    private func writeFailed(_ failure: WriteFailure) -> PennyError {
        unwritable("cannot write \(temporaryPath): \(failure.reason); the ledger was not changed")
    }

    private func unwritable(_ message: String) -> PennyError {
        PennyError(.ledgerUnavailable, message, at: SourceLocation(file: ledgerPath))
    }
}

/// Finds `; id: <16 hex>` tag lines in journal text fed in arbitrary chunks.
///
/// Lines are found with `memchr` and read in place; only a line cut by a chunk boundary
/// is copied. - Complexity: O(bytes), about 1 GB/s.
struct LedgerIDScanner {
    /// Where the ids found go.
    let ids: SpillingIDSet
    /// Own accounts' balances from the posting lines (when any account is tracked).
    private(set) var balances: StatementBalances
    private var postings = PostingLineParser()
    /// The ledger's syntax check, when the update does it (every line, in order).
    var check: JournalCheck?

    init(balances: StatementBalances, ids: SpillingIDSet) {
        self.balances = balances
        self.ids = ids
    }
    /// Targets of `include` lines with their 1-based lines, in file order.
    private(set) var includeLines: [(String, Int)] = []
    /// Lines read so far.
    private(set) var lineCount = 0
    private var lines = LineSplitter()

    mutating func scan(_ bytes: ArraySlice<UInt8>) {
        var splitter = lines
        bytes.withUnsafeBufferPointer { buffer in
            _ = splitter.feed(buffer) { line in
                take(line)
                return true
            }
        }
        lines = splitter
    }

    mutating func finish() {
        var splitter = lines
        splitter.finish { line in
            take(line)
            return true
        }
        lines = splitter
    }

    private static let includePrefix = Array("include ".utf8)

    private mutating func take(_ line: UnsafeBufferPointer<UInt8>) {
        lineCount += 1
        check?.take(line)
        if !balances.accounts.isEmpty { postings.take(line, into: &balances, sign: 1) }
        if line.first == UInt8(ascii: ";") {
            // Penny's own comment lines (few: a couple per statement) are parsed by their grammar.
            if PennyComment.mayBe(line), let comment = PennyComment.parse(String(decoding: line, as: UTF8.self)) { ids.insert(comment.id) }
            return
        }
        if line.first == UInt8(ascii: "i"), line.starts(with: Self.includePrefix) {
            includeLines.append((String(decoding: line.dropFirst(Self.includePrefix.count), as: UTF8.self).trimmingCharacters(in: .whitespaces), lineCount))
            return
        }
        // Tag lines are indented and start with "; id:"; most lines fail the first test.
        guard let value = IDTag.value(line) else { return }
        ids.insert(value)
    }
}
