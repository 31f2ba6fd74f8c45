public import PennyCore

/// Own accounts' balances per day from the main ledger (openings and statements; round-ups
/// live in the derived journal and are not counted), kept while the ledger is copied and
/// entries are appended, so checking a statement's closing balance needs no second pass.
public struct StatementBalances: Sendable {
    private struct Key {
        let account: String
        let currency: String
    }

    /// The accounts tracked.
    let accounts: Set<String>
    /// The same, as bytes: a posting line is matched without making a string (a household
    /// has a handful of accounts).
    let accountBytes: [(bytes: [UInt8], name: String)]
    /// The accounts and currencies added to, in the order first seen, and each one's change
    /// per day (`days[i]` is `keys[i]`'s): a key is found by comparing (a handful of them)
    /// instead of hashing its two strings per run, which an unordered statement starts
    /// per row.
    private var keys: [Key] = []
    private var days: [DayChanges] = []
    /// The last key (its place in `keys`) and day added to, with the day's whole change
    /// (`days` holds the day, at `slot`, but not yet this change): a statement's rows come
    /// a day at a time, so most adds touch no table, and an unordered statement's row
    /// looks its day up once.
    private var run: (index: Int, day: Int, sum: Int64, slot: Int)?
    /// The date of `run`'s day (rows of one day are compared by date, not day number).
    private var runDate: LocalDate?
    /// `run`'s account as the caller names it (the caller's string, so the next row's
    /// compares by identity) and its currency.
    private var runAccount: String?
    private var runCurrency: Currency?
    /// The last account asked about and whether it is tracked (the caller's string kept
    /// likewise, even when an equal one was there).
    private var lastAsked: (account: String, tracked: Bool)?

    /// Tracks `accounts`.
    public init(accounts: Set<String>) {
        self.accounts = accounts
        self.accountBytes = accounts.sorted().map { (Array($0.utf8), $0) }
    }

    /// The tracked account spelled by `bytes`, if any.
    func account(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        accountBytes.first { $0.bytes.count == bytes.count && $0.bytes.elementsEqual(bytes) }?.name
    }

    /// True when `account`'s balances are tracked.
    func tracks(_ account: String) -> Bool {
        // A household has a handful of accounts: comparing names beats hashing one.
        accountBytes.count > 8 ? accounts.contains(account) : accountBytes.contains(where: { $0.name == account })
    }

    /// Adds a posting (or subtracts it, with `sign` -1); throws when a day's change would
    /// not fit in 64 bits (nothing is added then).
    @inline(__always)
    mutating func add(account: String, date: LocalDate, amount: Money, sign: Int64 = 1) throws(MoneyError) {
        // The caller's string is kept (its next posting compares by identity), and stored
        // only when it is another one (a store per posting retained and released it).
        if lastAsked?.account.sharesStorage(with: account) != true {
            lastAsked = (account, lastAsked?.account == account ? lastAsked!.tracked : tracks(account))
        }
        guard lastAsked!.tracked else { return }
        var delta = amount.minorUnits
        try delta.multiply(checked: sign)
        // The run's sum is updated in place (no copy of its key's strings per row).
        if run != nil, runDate == date, runAccount == account, runCurrency == amount.currency {
            try run!.sum.add(checked: delta)
            return
        }
        try startRun(account: account, date: date, currency: amount.currency, delta: delta)
    }

    /// Starts the run of `account`'s day `date` in `currency` with `delta` added (the run
    /// before is moved into `days` first). The run holds its day's whole change, so every
    /// value in `days` fits, and so does `entries`'s.
    @inline(never)
    private mutating func startRun(account: String, date: LocalDate, currency: Currency, delta: Int64) throws(MoneyError) {
        // Another day of the run's account and currency (an unordered statement's next
        // row): its key's place is the run's.
        let index = run != nil && runAccount == account && runCurrency == currency ? run!.index : place(of: Key(account: account, currency: currency.code))
        let day = date.dayNumber
        let (slot, found) = days[index].find(day)
        var sum = found ? days[index].change(at: slot) : 0
        try sum.add(checked: delta)
        // The run before goes to its own slot: no insert comes between, so `slot` holds.
        flushRun()
        run = (index, day, sum, found ? slot : days[index].insert(sum, for: day, at: slot))
        runDate = date
        if runAccount?.sharesStorage(with: account) != true { runAccount = account }
        runCurrency = currency
    }

    /// `key`'s place in `keys` (added when new).
    private mutating func place(of key: Key) -> Int {
        if let index = index(of: key) { return index }
        keys.append(key)
        days.append(DayChanges())
        return keys.count - 1
    }

    /// `key`'s place in `keys`, if it was added to.
    private func index(of key: Key) -> Int? {
        keys.firstIndex { $0.account == key.account && $0.currency == key.currency }
    }

    /// Moves the run's sum (its day's change, `days`'s included) into `days`.
    private mutating func flushRun() {
        guard let current = run else { return }
        days[current.index].store(current.sum, at: current.slot)
        run = nil
        runDate = nil
    }

    /// Every day's change per tracked account and currency (the ledger index keeps them).
    var entries: [(account: String, currency: String, day: Int, amount: Int64)] {
        var all = days
        if let run { all[run.index].set(run.sum, for: run.day) }
        return zip(keys, all).flatMap { key, days in days.map { (key.account, key.currency, $0.day, $0.change) } }
    }

    /// Balances read back from `entries`.
    init(accounts: Set<String>, entries: [(account: String, currency: String, day: Int, amount: Int64)]) {
        self.init(accounts: accounts)
        for e in entries { days[place(of: Key(account: e.account, currency: e.currency))].set(e.amount, for: e.day) }
    }

    /// The same balances for `subset` of the accounts only.
    func restricted(to subset: Set<String>) -> StatementBalances {
        StatementBalances(accounts: subset, entries: entries.filter { subset.contains($0.account) })
    }

    /// The balance of `account` in `currency` through `date`; throws when it does not fit
    /// in 64 bits.
    public func balance(_ account: String, _ currency: Currency, through date: LocalDate) throws(MoneyError) -> Money {
        let last = date.dayNumber
        guard let index = index(of: Key(account: account, currency: currency.code)) else { return Money(minorUnits: 0, currency: currency) }
        var days = self.days[index]
        if let run, run.index == index { days.set(run.sum, for: run.day) }
        let sum = try days.sum(checked: { $0.day <= last ? $0.change : 0 })
        return Money(minorUnits: sum, currency: currency)
    }
}

/// Reads the postings of journal lines for `StatementBalances`: transaction dates and
/// `ACCOUNT  AMOUNT CODE` postings (elided amounts are not counted), the lines told apart
/// by `JournalLine`.
struct PostingLineParser {
    private var date: LocalDate?
    private static let journalFormat = AmountFormat(decimalMark: ".")
    /// Currencies by their three ASCII letters, upper-cased and packed.
    private var byLetters: [UInt32: Currency] = [:]

    private enum Plain {
        case money(Money)
        /// Not a posting amount `take` counts.
        case none
        /// Not plain ASCII: the String path decides.
        case unknown
    }

    /// `AMOUNT CODE` or `CODE AMOUNT` after the account, read from the bytes when every
    /// byte is ASCII (Penny's own lines): the same answer as the String path below.
    private mutating func plainAmount(_ rest: UnsafeBufferPointer<UInt8>) -> Plain {
        var words: [Range<Int>] = []
        words.reserveCapacity(3)
        var i = 0
        while i < rest.count {
            if rest[i] >= 0x80 { return .unknown }
            if rest[i] == 0x20 || rest[i] == 0x09 {
                i += 1
                continue
            }
            let start = i
            while i < rest.count, rest[i] != 0x20, rest[i] != 0x09 {
                if rest[i] >= 0x80 { return .unknown }
                i += 1
            }
            words.append(start..<i)
            if words.count > 2 { return .none }
        }
        guard words.count == 2 else { return .none }
        let (number, code): (Range<Int>, Range<Int>)
        (number, code) = currency(rest, words[1]) != nil ? (words[0], words[1]) : (words[1], words[0])
        guard let currency = currency(rest, code),
            let units = try? AmountParser.parse(utf8: UnsafeBufferPointer(rebasing: rest[number]), format: Self.journalFormat, exponent: currency.exponent)
        else { return .none }
        return .money(Money(minorUnits: units, currency: currency))
    }

    /// The currency three ASCII letters name, or nil.
    private mutating func currency(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Currency? {
        guard word.count == 3 else { return nil }
        var key: UInt32 = 0
        for b in bytes[word] {
            let upper = b >= 0x61 && b <= 0x7A ? b - 0x20 : b
            guard upper >= 0x41 && upper <= 0x5A else { return nil }
            key = key << 8 | UInt32(upper)
        }
        if let known = byLetters[key] { return known }
        guard let currency = Currency(code: String(decoding: bytes[word], as: UTF8.self)) else { return nil }
        byLetters[key] = currency
        return currency
    }

    /// Adds the posting on `line` (if any) to `balances`; throws when a balance would not fit.
    mutating func take(_ raw: UnsafeBufferPointer<UInt8>, into balances: inout StatementBalances, sign: Int64) throws(MoneyError) {
        // A line of a CRLF ledger's text (a failed file's, read back) ends in CR.
        let line = raw.last == 0x0D ? UnsafeBufferPointer(rebasing: raw.dropLast()) : raw
        try take(line, JournalLine.classify(line), into: &balances, sign: sign)
    }

    /// The same for a line (without its line end) already classified as `kind`.
    @inline(__always)
    mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ kind: JournalLine, into balances: inout StatementBalances, sign: Int64) throws(MoneyError) {
        switch kind {
        case .transactionHead(let day): date = day
        case .posting(let accountRange):
            guard let date, let account = balances.account(UnsafeBufferPointer(rebasing: line[accountRange])) else { return }
            try take(line, from: accountRange.upperBound, account: account, date: date, into: &balances, sign: sign)
        case .indentedComment: return
        // A blank line ends a transaction, as in hledger.
        case .blank, .include, .other: date = nil
        }
    }

    /// Adds the amount after the account (which ends at `i`), when it can be read.
    private mutating func take(
        _ line: UnsafeBufferPointer<UInt8>, from i: Int, account: String, date: LocalDate, into balances: inout StatementBalances, sign: Int64
    ) throws(MoneyError) {
        // The amount ends at a comment, a cost (an exchange's `100.00 USD @@ 92.50 EUR`) or an assertion.
        let end = PostingText.amountEnd(line, from: i)
        switch plainAmount(UnsafeBufferPointer(rebasing: line[i..<end])) {
        case .money(let money):
            try balances.add(account: account, date: date, amount: money, sign: sign)
            return
        case .none:
            return
        case .unknown:
            break
        }
        guard let money = PostingText.money(String(decoding: line[i..<end], as: UTF8.self), defaultCurrency: nil) else { return }
        try balances.add(account: account, date: date, amount: money, sign: sign)
    }
}
