public import PennyCore

/// Writes the row lane's entries from text prepared once: per decision (a rule alone, or
/// the default for a sign) its category's posting start and its tag lines; per statement
/// the own account's posting start and the `; source:` prefix. A row then costs its date,
/// description, id, line number, two amounts and its details' tag lines, if any — and no
/// `String`s.
///
/// The text is exactly what `JournalWriter.render` writes for the `JournalEntry` the
/// importer would make of the row (`RowLaneEquivalenceTests` compares the two). The
/// prepared bytes and slots live in memory this object allocates and frees itself, so a
/// row's lookups touch no reference counts.
public final class RowEntryRenderer {
    /// Where one decision's prepared bytes are in the arena.
    private struct Slot {
        var isReady = false
        /// -1 not asked yet, else whether `isFiledAsIs`.
        var filedAsIs: Int8 = -1
        /// `    CATEGORY`.
        var category = 0..<0
        var categoryScalars = 0
        /// `    ; rule: NAME` line, note, `no-roundup`, tags.
        var tail = 0..<0
        /// Where the decision's tags start in `tail` (a row's details go before them).
        var tagsStart = 0
        /// The payee a rule set, or an empty range.
        var payee = 0..<0
        var payeeIsASCII = true
        /// True when a rule set a payee (even an empty one: it replaces the bank's).
        var setsPayee = false
        /// Line ends in `category` and `tail`.
        var newlines = 0
    }

    /// The decisions by slot: each rule's alone (`RowVerdict.rule`), then the default
    /// expense and income decisions.
    public let decisions: [Categorization]
    private let slots: UnsafeMutablePointer<Slot>
    private let slotCount: Int
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCount = 0
    private var arenaCapacity = 4096
    private var account: String?
    private var accountText = 0..<0
    private var accountScalars = 0
    private var file: String?
    /// `    ; source: FILE:`.
    private var sourcePrefix = 0..<0
    /// Line ends in `accountText` and `sourcePrefix` (none, unless a name has one).
    private var accountNewlines = 0, sourceNewlines = 0
    /// The last row's date and its `YYYY-MM-DD` (a day's rows follow each other).
    private var isoDate: (date: LocalDate, bytes: (UInt64, UInt16))?
    /// The last year written and its `YYYY-` (an unordered statement's rows change date
    /// each row, but seldom year).
    private var isoYear: (year: Int, bytes: UInt64)?
    /// The last row's source line, counted up to the next.
    private var lineDigits = CountingDigits()

    /// Prepares for `ruleDecisions` (in rule order) and the two default decisions.
    public init(ruleDecisions: [Categorization], defaultExpense: Categorization, defaultIncome: Categorization) {
        decisions = ruleDecisions + [defaultExpense, defaultIncome]
        slotCount = decisions.count
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        arena = .allocate(capacity: arenaCapacity)
    }

    deinit {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
        arena.deallocate()
    }

    /// The slot of a verdict that is not `.decision`.
    public func slot(_ verdict: RowVerdict, amount: Money) -> Int? {
        switch verdict {
        case .rule(let index): index
        case .byDefault: slotCount - (amount.isNegative ? 2 : 1)
        case .decision: nil
        }
    }

    /// True when the slot's decision is a rule's (not the default for a sign).
    public func isRuleDecision(_ slot: Int) -> Bool { slot < slotCount - 2 }

    /// True when a row decided so is written as it is: the decision does not skip it and
    /// its category is not one of `ownAccounts` (a transfer, which may pair).
    func isFiledAsIs(_ slot: Int, ownAccounts: Set<String>) -> Bool {
        if slots[slot].filedAsIs < 0 {
            let decision = decisions[slot]
            slots[slot].filedAsIs = !decision.skips && !ownAccounts.contains(decision.category) ? 1 : 0
        }
        return slots[slot].filedAsIs == 1
    }

    /// The category of a slot's decision.
    func category(_ slot: Int) -> String { decisions[slot].category }

    /// Sets the own account and file of the rows `render` writes next.
    public func begin(account: String, file: String) {
        if self.account != account {
            self.account = account
            (accountText, accountScalars) = add(posting: account)
            accountNewlines = newlines(accountText)
        }
        if self.file != file {
            self.file = file
            sourcePrefix = append(JournalWriter.sourcePrefix(file))
            sourceNewlines = newlines(sourcePrefix)
        }
    }

    /// Appends the entry of `row` decided as `slot` says, with `id`, on the account and
    /// file `begin` set; returns how many line ends it wrote.
    func render(row: PlainRow, slot index: Int, id: DedupID, into out: inout [UInt8]) -> Int {
        if !slots[index].isReady { prepare(index) }
        let slot = slots[index]
        let text = row.description
        let details = row.details
        // `StatementImporter.description`: the rule's payee, else the bank's, before the text.
        let payee = slot.setsPayee ? bytes(slot.payee) : details?.payee ?? UnsafeBufferPointer(start: nil, count: 0)
        let joinsPayee = !payee.isEmpty && Self.differs(payee, isASCII: slot.setsPayee ? slot.payeeIsASCII : nil, from: text)
        let descriptionLength = text.count + (joinsPayee ? payee.count + 3 : 0)
        var bound = 96 + 2 * JournalWriter.postingBound + max(14, descriptionLength) + slot.category.count + accountText.count + sourcePrefix.count + slot.tail.count
        if let details { bound += 5 * 24 + details.memo.count + details.counterparty.count + details.iban.count + details.type.count + payee.count }
        if isoDate?.date != row.date { isoDate = (row.date, isoBytes(row.date)) }
        lineDigits.set(row.line)
        var detailLines = 0
        JournalWriter.write(bound, into: &out) { w in
            w.put(0x0A)
            withUnsafeBytes(of: isoDate!.bytes) { w.put(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[0..<10])) }
            w.put(" * ")
            w.sanitized(payee: joinsPayee ? payee : nil, text: text, asIs: row.descriptionAsIs)
            w.put("\n    ; id: ")
            w.hex(id.value)
            w.put(0x0A)
            w.put(bytes(sourcePrefix))
            lineDigits.withBytes { w.put($0) }
            w.put(0x0A)
            var first = slot.tail.lowerBound
            if let details {
                w.put(bytes(first..<slot.tagsStart))
                detailLines = w.detailTags(details)
                first = slot.tagsStart
            }
            w.postingPair(
                first: bytes(first..<slot.category.upperBound), firstScalars: slot.categoryScalars,
                second: bytes(accountText), secondScalars: accountScalars, minorUnits: row.amount.minorUnits, row.amount.currency)
        }
        // The blank line, the date, id and source lines, two postings (a clean description
        // and the sanitized payee hold none), the details' tags, and what the prepared parts hold.
        return 6 + detailLines + slot.newlines + accountNewlines + sourceNewlines
    }

    /// `date` as `YYYY-MM-DD` (`LocalDate.writeISOBytes`'s bytes): the year's part made once
    /// a year, month and day two digits at a time.
    private func isoBytes(_ date: LocalDate) -> (UInt64, UInt16) {
        if isoYear?.year != date.year {
            var whole: (UInt64, UInt16) = (0, 0)
            withUnsafeMutableBytes(of: &whole) { date.writeISOBytes(to: $0.bindMemory(to: UInt8.self).baseAddress!) }
            isoYear = (date.year, whole.0)
        }
        var iso: (UInt64, UInt16) = (isoYear!.bytes, 0)
        withUnsafeMutableBytes(of: &iso) { b in
            b.storeBytes(of: DecimalDigits.pairBytes(date.month), toByteOffset: 5, as: UInt16.self)
            b[7] = UInt8(ascii: "-")
            b.storeBytes(of: DecimalDigits.pairBytes(date.day), toByteOffset: 8, as: UInt16.self)
        }
        return iso
    }

    /// True when `payee` is not the same text as `text` (`String` equality; bytes settle it
    /// when both are ASCII). `isASCII` is known for a rule's payee, nil to look.
    private static func differs(_ payee: UnsafeBufferPointer<UInt8>, isASCII: Bool?, from text: UnsafeBufferPointer<UInt8>) -> Bool {
        if payee.elementsEqual(text) { return false }
        if isASCII ?? payee.allSatisfy({ $0 < 0x80 }), text.allSatisfy({ $0 < 0x80 }) { return true }
        return String(decoding: payee, as: UTF8.self) != String(decoding: text, as: UTF8.self)
    }

    private func newlines(_ range: Range<Int>) -> Int {
        LedgerUpdate.newlines(in: UnsafeRawBufferPointer(bytes(range)))
    }

    /// Prepared bytes.
    private func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena + range.lowerBound, count: range.count)
    }

    /// Makes the slot's text once.
    private func prepare(_ index: Int) {
        let decision = decisions[index]
        var slot = Slot(isReady: true, filedAsIs: slots[index].filedAsIs)
        // The tag lines and the category's posting start lie next to each other, in the
        // order they are written, so a row copies them at once (`tailAndCategory`).
        // A row's details go between the rule's lines and its tags (`StatementImporter.entry`).
        let head = append(
            JournalWriter.tagLines(rule: decision.ruleName ?? JournalEntry.defaultRule, note: decision.note, excludesRoundUp: decision.excludesRoundUp, tags: []))
        let tags = append(JournalWriter.tagLines(rule: nil, note: nil, excludesRoundUp: false, tags: decision.tags))
        slot.tail = head.lowerBound..<tags.upperBound
        slot.tagsStart = tags.lowerBound
        (slot.category, slot.categoryScalars) = add(posting: decision.category)
        let payee = Array((decision.payee ?? "").utf8)
        slot.payee = append(payee)
        slot.payeeIsASCII = payee.allSatisfy { $0 < 0x80 }
        slot.setsPayee = decision.payee != nil
        slot.newlines = newlines(slot.category) + newlines(slot.tail)
        slots[index] = slot
    }

    private func add(posting account: String) -> (Range<Int>, Int) {
        (append(Array("    ".utf8) + Array(account.utf8)), account.unicodeScalars.count)
    }

    /// Copies `bytes` into the arena (growing it), returning where they are.
    private func append(_ bytes: [UInt8]) -> Range<Int> {
        guard !bytes.isEmpty else { return arenaCount..<arenaCount }
        if arenaCount + bytes.count > arenaCapacity {
            let capacity = max(arenaCapacity * 2, arenaCount + bytes.count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: arena, count: arenaCount)
            arena.deallocate()
            arena = grown
            arenaCapacity = capacity
        }
        let start = arenaCount
        bytes.withUnsafeBufferPointer { (arena + start).update(from: $0.baseAddress!, count: $0.count) }
        arenaCount += bytes.count
        return start..<arenaCount
    }
}
