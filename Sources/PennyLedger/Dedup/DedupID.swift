import Foundation
public import PennyCore

/// The stable id that makes import idempotent, scoped to the own account (SPEC §8).
///
/// Built from the bank's id plus the amount where the file has a usable id, else from
/// date, amount, folded description and an occurrence number, so two identical coffees
/// on one day stay two. Written as 16 hex digits in an `id:` tag.
public struct DedupID: Hashable, Sendable, CustomStringConvertible {
    /// The 64-bit hash.
    public let value: UInt64

    /// Wraps a hash value.
    public init(value: UInt64) { self.value = value }

    /// Reads 16 hex digits.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// From the bank's transaction id, scoped to account and amount.
    public static func bank(account: String, bankID: String, amount: Money) -> DedupID {
        var bankID = bankID
        return bankID.withUTF8 { bank(account: account, bankID: $0, amount: amount) }
    }

    /// The same, with the bank id's UTF-8 bytes.
    public static func bank(account: String, bankID: UnsafeBufferPointer<UInt8>, amount: Money) -> DedupID {
        bank(prefix: bankPrefix(account: account), bankID: bankID, amount: amount)
    }

    /// The hash of a bank id's first parts, the same for every row of an account.
    public static func bankPrefix(account: String) -> StableHash {
        var hash = StableHash()
        hash.combine("bank")
        hash.combine(account)
        return hash
    }

    /// `bank(account:bankID:amount:)` from the account's `bankPrefix`.
    public static func bank(prefix: StableHash, bankID: UnsafeBufferPointer<UInt8>, amount: Money) -> DedupID {
        var hash = prefix
        hash.combine(bankID)
        hash.combine(amount.minorUnits)
        amount.currency.withCodeBytes { hash.combine($0) }
        return DedupID(value: hash.value)
    }

    /// The content key of a transaction without a usable bank id (before the occurrence).
    ///
    /// `foldedDescription` is `TextKey.fold` of the description, computed once by the caller.
    public static func contentKey(account: String, date: LocalDate, amount: Money, foldedDescription: String) -> UInt64 {
        var folded = foldedDescription
        return folded.withUTF8 { contentKey(prefix: contentPrefix(account: account), date: date, amount: amount, foldedDescription: $0) }
    }

    /// The hash of a content key's first parts, the same for every row of an account.
    public static func contentPrefix(account: String) -> StableHash {
        var hash = StableHash()
        hash.combine("content")
        hash.combine(account)
        return hash
    }

    /// `contentKey` from the account's `contentPrefix`.
    public static func contentKey(prefix: StableHash, date: LocalDate, amount: Money, foldedDescription: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = prefix
        hash.combine(date)
        return contentKey(datedPrefix: hash, amount: amount, foldedDescription: foldedDescription)
    }

    /// `contentKey` from the account's prefix with the date already mixed in.
    public static func contentKey(datedPrefix: StableHash, amount: Money, foldedDescription: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = datedPrefix
        hash.combine(amount.minorUnits)
        amount.currency.withCodeBytes { hash.combine($0) }
        hash.combine(foldedDescription)
        return hash.value
    }

    /// `contentKey(datedPrefix:amount:foldedDescription:)` of four rows in one currency,
    /// hashed side by side (`StableHash4`).
    public static func contentKeys(
        datedPrefixes: InlineArray<4, StableHash>, amounts: InlineArray<4, Int64>, currency: Currency, foldedDescriptions: InlineArray<4, UnsafeBufferPointer<UInt8>>
    ) -> InlineArray<4, UInt64> {
        var hash = StableHash4(datedPrefixes)
        hash.combine(amounts)
        currency.withCodeBytes { hash.combine(each: $0) }
        hash.combine(foldedDescriptions)
        return hash.values
    }

    /// `content(key:occurrence: 1)` of four keys, hashed side by side.
    public static func firstContentIDs(keys: InlineArray<4, UInt64>) -> InlineArray<4, DedupID> {
        var hash = StableHash4()
        hash.combine(InlineArray { Int64(bitPattern: keys[$0]) })
        hash.combine(InlineArray(repeating: 1))
        return InlineArray { DedupID(value: hash.values[$0]) }
    }

    /// The content keys and first ids (`content(key:occurrence: 1)`) of `count` rows in
    /// `currency`, four side by side and the rest alone: `parts(i)` gives row `i`'s dated
    /// prefix (`DedupIDAssigner.datedPrefix`), amount in minor units and folded description;
    /// `found(i, key, first)` is called for each row, in order.
    @inline(__always)
    public static func contentKeys(
        count: Int, currency: Currency, parts: (Int) -> (datedPrefix: StableHash, amount: Int64, folded: UnsafeBufferPointer<UInt8>),
        found: (Int, UInt64, DedupID) -> Void
    ) {
        var next = 0
        while next + 4 <= count {
            let four = InlineArray<4, (datedPrefix: StableHash, amount: Int64, folded: UnsafeBufferPointer<UInt8>)> { parts(next + $0) }
            let keys = contentKeys(
                datedPrefixes: InlineArray { four[$0].datedPrefix }, amounts: InlineArray { four[$0].amount }, currency: currency,
                foldedDescriptions: InlineArray { four[$0].folded })
            let firsts = firstContentIDs(keys: keys)
            for lane in 0..<4 { found(next + lane, keys[lane], firsts[lane]) }
            next += 4
        }
        for index in next..<count {
            let row = parts(index)
            let key = contentKey(datedPrefix: row.datedPrefix, amount: Money(minorUnits: row.amount, currency: currency), foldedDescription: row.folded)
            found(index, key, .content(key: key, occurrence: 1))
        }
    }

    /// From a content key and the 1-based occurrence of that key in the file.
    public static func content(key: UInt64, occurrence: Int) -> DedupID {
        var hash = StableHash()
        hash.combine(Int64(bitPattern: key))
        hash.combine(Int64(occurrence))
        return DedupID(value: hash.value)
    }

    /// The id of an account's opening balance.
    public static func opening(account: String) -> DedupID {
        var hash = StableHash()
        hash.combine("opening")
        hash.combine(account)
        return DedupID(value: hash.value)
    }

    /// 16 hex digits.
    public var description: String { StableHash.hex(value) }
}

/// Assigns dedup ids to one file's transactions in file order.
///
/// Bank ids that are blank or repeat within the file are not usable; the caller learns of
/// repeats from `repeatedBankIDs` after a pass and re-runs the file with them known.
///
/// Occurrence numbers only need counting among transactions of the same date. Bank
/// exports list dates grouped (ascending or descending), so by default only the current
/// date's counts are kept and memory stays flat however long the file is. A file whose
/// dates come back after another date (`isUngrouped`) is re-run with every count kept.
/// Either way, past `spillsPast` keys the counts go to a scratch file (`OccurrenceCounts`),
/// and so do the bank ids seen (`ScratchIDSet`), so no statement's size or shape (one date
/// with a million rows, an export pasted twice) grows memory past a few megabytes here.
public struct DedupIDAssigner: Sendable {
    private let knownRepeats: ScratchIDSet
    /// Repeated bank ids this reading found that `knownRepeats` lacks (shared by the file's
    /// assigners).
    private let foundRepeats: ScratchIDSet
    private let keepsAllDates: Bool
    private let seenBankIDs: ScratchIDSet
    private var occurrences: OccurrenceCounts
    private var currentDay: Int?
    private var closedDays: Set<Int> = []
    /// The content keys' first parts, hashed once per account and date.
    private var prefixes = ContentKeyPrefix()
    /// The date `track` last saw (its day number is worked out only when the date changes).
    private var trackedDate: LocalDate?
    /// Bank ids seen more than once so far and not known before (as hashes of account and
    /// id): the next reading's known repeats gain them.
    public var repeatedBankIDs: ScratchIDSet { foundRepeats }
    /// True when a date came back after another one, with counts already dropped.
    public private(set) var isUngrouped = false

    /// Makes an assigner that already knows which bank ids repeat in the file, and
    /// whether to keep occurrence counts for every date (for files not grouped by date);
    /// it adds the repeats it finds to `foundRepeats`; more than `spillsPast` counted keys
    /// go to a scratch file.
    public init(
        knownRepeats: ScratchIDSet = [], foundRepeats: ScratchIDSet = [], keepsAllDates: Bool = false,
        spillsPast: Int = DedupIDAssigner.defaultSpillsPast
    ) {
        self.knownRepeats = knownRepeats
        self.foundRepeats = foundRepeats
        self.keepsAllDates = keepsAllDates
        self.occurrences = OccurrenceCounts(spillsPast: spillsPast, sizedForAll: keepsAllDates)
        self.seenBankIDs = ScratchIDSet(near: NSTemporaryDirectory() + "/penny-bank-ids", memoryLimit: spillsPast)
    }

    /// Counted keys kept in memory before they go to a scratch file: 2¹⁸ (a table of 4 MiB).
    /// Debug builds read `PENNY_COUNTS_SPILL` (keys) for the tests.
    public static var defaultSpillsPast: Int {
        #if DEBUG
            if let text = ProcessInfo.processInfo.environment["PENNY_COUNTS_SPILL"], let keys = Int(text) { return max(1, keys) }
        #endif
        return 1 << 18
    }

    /// True when the counts or the bank ids seen could not be kept (their scratch file
    /// failed): the ids are then not to be trusted.
    public var countsFailed: Bool { occurrences.failed || seenBankIDs.failed || foundRepeats.failed || knownRepeats.failed }

    /// The id for the next transaction of the file.
    public mutating func id(account: String, transaction t: Transaction) -> DedupID {
        id(account: account, transaction: t, foldedDescription: TextKey.fold(t.description))
    }

    /// The id for the next transaction, with its description already folded.
    public mutating func id(account: String, transaction t: Transaction, foldedDescription: String) -> DedupID {
        if var bankID = t.bankID, !bankID.isEmpty, let id = bankID.withUTF8({ self.id(account: account, bankID: $0, amount: t.amount) }) {
            return id
        }
        return contentID(key: DedupID.contentKey(account: account, date: t.date, amount: t.amount, foldedDescription: foldedDescription), date: t.date)
    }

    /// The id of a transaction whose bank id (not empty) is `bankID`'s UTF-8 bytes, noting the
    /// id seen; nil when an earlier reading found the id repeated: the transaction is then
    /// told apart by its content (`contentID`), as one without a bank id.
    public mutating func id(account: String, bankID: UnsafeBufferPointer<UInt8>, amount: Money) -> DedupID? {
        id(bankKey: Self.bankKey(account: account, bankID: bankID), id: .bank(account: account, bankID: bankID, amount: amount))
    }

    /// The same, given the bank id's key (`bankKey`) and its id (`DedupID.bank`), worked out
    /// ahead of the row's turn.
    public mutating func id(bankKey key: UInt64, id: DedupID) -> DedupID? {
        let isKnown = knownRepeats.contains(key)
        if !seenBankIDs.insert(key), !isKnown { foundRepeats.insert(key) }
        return isKnown ? nil : id
    }

    /// The content key's account and date, hashed (`DedupID.contentKey(datedPrefix:...)`
    /// goes on from it to the key `id(account:transaction:)` uses; a row's key depends on the
    /// row alone, so it can be found ahead of the row's turn, `contentID(key:date:first:)`);
    /// kept for the next row of the same account and date.
    public mutating func datedPrefix(account: String, date: LocalDate) -> StableHash {
        prefixes.hash(account: account, date: date)
    }

    /// The id of the row whose content key is `key`, in its turn; `first` is the id
    /// it has as the first of its key (`DedupID.content(key:occurrence: 1)`), if known.
    public mutating func contentID(key: UInt64, date: LocalDate, first: DedupID? = nil) -> DedupID {
        // The same date is the same day: `track` would change nothing; nor would it when
        // every date's counts are kept (its day number is then not worked out).
        if !keepsAllDates, trackedDate != date {
            track(day: date.dayNumber)
            trackedDate = date
        }
        let occurrence = occurrences.next(key)
        if occurrence == 1, let first { return first }
        return .content(key: key, occurrence: occurrence)
    }

    /// Brings the occurrence count of `key` into the cache (a hint; mutating only so that a
    /// caller's captured assigner is not copied for the call).
    public mutating func prefetch(key: UInt64) { occurrences.prefetch(key) }

    /// Brings the bank id key `key`'s place among the ids seen into the cache (a hint).
    public mutating func prefetch(bankKey key: UInt64) { seenBankIDs.prefetch(key) }

    private mutating func track(day: Int) {
        guard !keepsAllDates, day != currentDay else { return }
        if let currentDay { closedDays.insert(currentDay) }
        if closedDays.contains(day) { isUngrouped = true }
        currentDay = day
        occurrences.removeAll()
    }

    /// The key a bank id is known by: a hash of the own account and the id.
    public static func bankKey(account: String, bankID: String) -> UInt64 {
        var bankID = bankID
        return bankID.withUTF8 { bankKey(account: account, bankID: $0) }
    }

    /// The same, with the bank id's UTF-8 bytes.
    public static func bankKey(account: String, bankID: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bankKey(prefix: bankKeyPrefix(account: account), bankID: bankID)
    }

    /// The hash of a bank id key's first part, the same for every row of an account.
    public static func bankKeyPrefix(account: String) -> StableHash {
        var hash = StableHash()
        hash.combine(account)
        return hash
    }

    /// `bankKey(account:bankID:)` from the account's `bankKeyPrefix`.
    public static func bankKey(prefix: StableHash, bankID: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = prefix
        hash.combine(bankID)
        return hash.value
    }

    /// True when the ids given so far may be wrong and the file must be read again,
    /// with `repeatedBankIDs` known and, if `isUngrouped`, every date's counts kept.
    public var needsRerun: Bool { !foundRepeats.isEmpty || isUngrouped }
}
