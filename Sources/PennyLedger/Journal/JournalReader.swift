import Foundation
public import PennyCore

/// One posting read back from a journal.
public struct Posting: Sendable {
    /// The transaction's date.
    public let date: LocalDate
    /// The account name.
    public let account: String
    /// The posting's amount.
    public let amount: Money

    /// Makes a posting.
    public init(date: LocalDate, account: String, amount: Money) {
        self.date = date
        self.account = account
        self.amount = amount
    }
}

/// Streams the postings of a journal: Penny's own entries and hand-written ones.
///
/// Reads transactions (`DATE [*|!] DESCRIPTION`, dates with `-`, `/` or `.`) with
/// indented postings (`ACCOUNT  AMOUNT COMMODITY`, `ACCOUNT  COMMODITY AMOUNT`, or one
/// elided amount per transaction), follows `include`, and skips comments and other
/// directives. Works on bytes and interns account names, so a million transactions read
/// in well under a second.
/// - Complexity: O(size of the journal); memory is the file's pages plus one transaction.
public struct JournalReader {
    /// The currency of amounts written without a commodity.
    public let defaultCurrency: Currency

    /// Makes a reader.
    public init(defaultCurrency: Currency) {
        self.defaultCurrency = defaultCurrency
    }

    /// Calls `body` with every posting of the journal at `path`, in file order. A sum in
    /// `body` that would pass 64 bits (`MoneyError`) stops the read with an error at the
    /// line of the transaction whose posting caused it.
    public func forEachPosting(path: String, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        var names = NameTable()
        try forEachPosting(path: path, names: &names, followIncludes: true, commentPrefix: nil, comment: { _ in }, body)
    }

    /// Reads every posting (includes followed) and returns, per currency, the sum of the
    /// amounts' magnitudes: what a new amount may add before some report's sum could overflow.
    public func magnitudes(path: String) throws(PennyError) -> [Currency: Int64] {
        var names = NameTable()
        try forEachPosting(path: path, names: &names, followIncludes: true, commentPrefix: nil, comment: { _ in }) { _ in }
        return names.totals
    }

    /// The same for one file (`include` not followed), also calling `comment` for each
    /// top-level comment line that starts with `commentPrefix`.
    public func forEachPosting(path: String, commentPrefix: String, comment: (String) -> Void, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        var names = NameTable()
        try forEachPosting(path: path, names: &names, followIncludes: false, commentPrefix: commentPrefix, comment: comment, body)
    }

    private func forEachPosting(
        path: String, names: inout NameTable, followIncludes: Bool, commentPrefix: String?, comment: (String) -> Void,
        including: [String] = [], _ body: (Posting) throws(MoneyError) -> Void
    ) throws(PennyError) {
        try LedgerText.check(path)
        let prefix = commentPrefix.map { Array($0.utf8) }
        var state = TransactionState()
        var failure: PennyError?
        var includes: [(String, Int)] = []
        let opened = LineReader.forEachLine(path: path) { line, lineNumber in
            if let prefix, line.first == UInt8(ascii: ";"), line.starts(with: prefix) { comment(String(decoding: line, as: UTF8.self)) }
            do throws(PennyError) {
                if let include = try handle(line, lineNumber, path, &state, &names, body) {
                    includes.append((include, lineNumber))
                }
            } catch {
                failure = error
                return false
            }
            return true
        }
        guard opened else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        if let failure { throw failure }
        try state.finish(path, body)
        guard followIncludes else { return }
        try readIncludes(includes, of: path, including: including, names: &names, body)
    }

    /// Reads the files a journal's `include` lines name (with their own includes).
    func readIncludes(
        _ includes: [(String, Int)], of path: String, including: [String] = [], names: inout NameTable, _ body: (Posting) throws(MoneyError) -> Void
    ) throws(PennyError) {
        // Files being read, outermost first: an include back into one of them is a cycle,
        // refused like the rules loader refuses one (it overflowed the stack).
        let chain = including + [Self.identity(path)]
        for (include, line) in includes {
            guard let resolved = try JournalInclude.resolve(include, in: path, line: line, chain: chain) else { continue }
            try forEachPosting(path: resolved, names: &names, followIncludes: true, commentPrefix: nil, comment: { _ in }, including: chain, body)
        }
    }

    /// A file's identity for cycle checks: its path with links and `..` resolved.
    static func identity(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Handles one line; returns the target of an `include` directive.
    func handle(
        _ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ path: String, _ state: inout TransactionState,
        _ names: inout NameTable, _ body: (Posting) throws(MoneyError) -> Void
    ) throws(PennyError) -> String? {
        var i = 0
        while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        guard i < line.count else {
            // A blank line (of spaces too) ends a transaction, as in hledger.
            if state.date != nil {
                try state.finish(path, body)
                state.endedByBlank = true
            }
            return nil
        }
        let first = line[0]
        if first == 0x20 || first == 0x09 {
            guard line[i] != UInt8(ascii: ";"), line[i] != UInt8(ascii: "#") else { return nil }
            guard state.date != nil else {
                // Postings right after a transaction and a blank line: their date line was deleted.
                if state.endedByBlank {
                    throw .badInput("a posting outside a transaction: its date line is missing (hledger refuses it too)", at: SourceLocation(file: path, line: number))
                }
                return nil
            }
            let (account, amount) = try parsePosting(line, from: i, number, path, &names)
            try state.addPosting(account, amount, at: SourceLocation(file: path, line: number))
            return nil
        }
        try state.finish(path, body)
        state.endedByBlank = false
        if first >= 0x30 && first <= 0x39 {
            guard let date = Self.parseDate(line) else {
                throw .badInput("cannot read the transaction date: expected YYYY-MM-DD", at: SourceLocation(file: path, line: number, column: 1))
            }
            state.date = date
            state.line = number
        } else if let target = JournalLine.includeTarget(line) {
            return target
        }
        return nil
    }

    /// `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD` at the start of the line.
    static func parseDate(_ line: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard line.count >= 10 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<(from + count) {
                let b = line[i]
                guard b >= 0x30, b <= 0x39 else { return nil }
                value = value * 10 + Int(b - 0x30)
            }
            return value
        }
        let separator = line[4]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") || separator == UInt8(ascii: "."),
            line[7] == separator, let y = number(0, 4), let m = number(5, 2), let d = number(8, 2),
            line.count == 10 || line[10] == 0x20 || line[10] == 0x09 || line[10] == UInt8(ascii: "=")
        else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }

    func parsePosting(
        _ line: UnsafeBufferPointer<UInt8>, from start: Int, _ number: Int, _ path: String, _ names: inout NameTable
    ) throws(PennyError) -> (String, Money?) {
        let i = PostingText.accountEnd(line, from: start)
        let account = names.intern(UnsafeBufferPointer(rebasing: line[start..<i]))
        let end = PostingText.amountEnd(line, from: i)
        // Up to two words: NUMBER CODE or CODE NUMBER (the first two and the last are kept:
        // no array per posting).
        var wordCount = 0
        var firstWord = 0..<0, secondWord = 0..<0, lastWord = 0..<0
        var j = i
        while j < end {
            while j < end, line[j] == 0x20 || line[j] == 0x09 { j += 1 }
            if j == end { break }
            let wordStart = j
            while j < end, line[j] != 0x20, line[j] != 0x09 { j += 1 }
            if wordCount == 0 { firstWord = wordStart..<j } else if wordCount == 1 { secondWord = wordStart..<j }
            lastWord = wordStart..<j
            wordCount += 1
        }
        guard wordCount > 0 else { return (account, nil) }
        var location: SourceLocation { SourceLocation(file: path, line: number, column: i + 1) }
        let amountText = { String(decoding: line[firstWord.lowerBound..<lastWord.upperBound], as: UTF8.self) }
        var currency = defaultCurrency
        var numberRange = firstWord
        if wordCount == 2 {
            if let code = names.currency(UnsafeBufferPointer(rebasing: line[secondWord])) {
                currency = code
            } else if let code = names.currency(UnsafeBufferPointer(rebasing: line[firstWord])) {
                currency = code
                numberRange = secondWord
            } else {
                throw .badInput("cannot read the amount '\(amountText())': expected NUMBER CURRENCY", at: location)
            }
        } else if wordCount > 2 {
            throw .badInput("cannot read the amount '\(amountText())': expected NUMBER CURRENCY", at: location)
        }
        let units: Int64
        do {
            units = try AmountParser.parse(utf8: UnsafeBufferPointer(rebasing: line[numberRange]), format: Self.format, exponent: currency.exponent)
        } catch {
            throw .badInput("cannot read the amount '\(amountText())': \(error.reason)", at: location)
        }
        // While the amounts read add up (as magnitudes) within 64 bits, no report's sum of
        // any of them can overflow: the one check that keeps every aggregator exact.
        guard names.count(units, currency) else {
            throw .badInput(
                "the ledger's amounts in \(currency.code) add up beyond what Penny counts exactly (\(Int64.max) minor units) at this line", at: location)
        }
        return (account, Money(minorUnits: units, currency: currency))
    }

    private static let format = AmountFormat(decimalMark: ".")
}

/// Account names and currency codes seen so far, so each is made into a `String` once.
struct NameTable {
    /// An empty table.
    init() {}

    /// A table whose amount totals start at `totals` (a ledger's, read from its index).
    init(totals: [Currency: Int64]) { magnitudes = CurrencyTotals(totals) }

    private var accounts: [UInt64: [(bytes: [UInt8], name: String)]] = [:]
    private var currencies: [UInt32: Currency] = [:]
    /// The sum of the magnitudes of the amounts read so far, per currency.
    private var magnitudes = CurrencyTotals()

    /// Adds an amount's magnitude to its currency's total; false when the total would no
    /// longer fit in 64 bits (then some report's sum could overflow).
    mutating func count(_ units: Int64, _ currency: Currency) -> Bool {
        (try? magnitudes.addMagnitude(of: units, to: currency)) != nil
    }

    /// The totals so far.
    var totals: [Currency: Int64] { magnitudes.dictionary }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        if let bucket = accounts[hash],
            let hit = bucket.first(where: { entry in
                entry.bytes.count == bytes.count && (bytes.isEmpty || entry.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
            })
        {
            return hit.name
        }
        let name = String(decoding: bytes, as: UTF8.self)
        accounts[hash, default: []].append((Array(bytes), name))
        return name
    }

    mutating func currency(_ bytes: UnsafeBufferPointer<UInt8>) -> Currency? {
        guard bytes.count == 3 else { return nil }
        let key = UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
        if let known = currencies[key] { return known }
        guard let currency = Currency(code: String(decoding: bytes, as: UTF8.self)), currency.code.utf8.elementsEqual(bytes) else { return nil }
        currencies[key] = currency
        return currency
    }
}

/// The postings of the transaction being read, until it ends.
struct TransactionState {
    var date: LocalDate?
    /// The header line of the transaction.
    var line = 0
    var accounts: [String] = []
    var amounts: [Money?] = []
    var elided = false
    /// False for a check that wants only the errors (`JournalCheck`): no posting is kept.
    var keepsPostings = true

    /// The sum of the amounts while they are all in one currency (`balance`).
    var balance = Balance()
    /// True when the last transaction was ended by a blank line.
    var endedByBlank = false

    /// What a transaction's postings add up to, for the check that they balance. Only a
    /// transaction in one currency without virtual postings is judged: an exchange
    /// (`@@`) or unbalanced virtual postings are hledger's business to balance.
    struct Balance {
        var units: Int64 = 0
        var currency: Currency?
        var judged = true

        mutating func add(_ account: String, _ amount: Money?) {
            guard judged else { return }
            guard let amount, let first = account.utf8.first, first != UInt8(ascii: "("), first != UInt8(ascii: "[") else {
                judged = false
                return
            }
            if currency == nil { currency = amount.currency }
            guard currency == amount.currency else {
                judged = false
                return
            }
            do throws(MoneyError) { try units.add(checked: amount.minorUnits) } catch { judged = false }
        }
    }

    mutating func addPosting(_ account: String, _ amount: Money?, at location: SourceLocation) throws(PennyError) {
        balance.add(account, amount)
        if amount == nil {
            if elided { throw .badInput("two postings without an amount in one transaction", at: location) }
            elided = true
        }
        guard keepsPostings else { return }
        accounts.append(account)
        amounts.append(amount)
    }

    mutating func finish(_ path: String, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        defer {
            date = nil
            accounts.removeAll(keepingCapacity: true)
            amounts.removeAll(keepingCapacity: true)
            elided = false
            balance = Balance()
        }
        guard let date else { return }
        if balance.judged, balance.units != 0, let currency = balance.currency {
            let sum = Money(minorUnits: balance.units, currency: currency)
            throw .badInput(
                "the postings of this transaction add up to \(sum.decimalString) \(currency.code), not zero: correct an amount (hledger refuses it too)",
                at: SourceLocation(file: path, line: line))
        }
        do throws(MoneyError) {
            var sums = CurrencyTotals()
            if elided {
                for case let amount? in amounts { try sums.add(amount) }
            }
            for (account, amount) in zip(accounts, amounts) {
                if let amount {
                    try body(Posting(date: date, account: account, amount: amount))
                } else {
                    for (currency, sum) in sums.sortedByCode where sum != 0 {
                        try body(Posting(date: date, account: account, amount: Money(minorUnits: try sum.negated(), currency: currency)))
                    }
                }
            }
        } catch {
            throw .badInput("a sum of amounts passes what Penny counts exactly (\(Int64.max) minor units) at this transaction", at: SourceLocation(file: path, line: line))
        }
    }
}

/// A transaction Penny imported, read back at byte speed for derived data (round-ups).
public struct ScannedTransaction: Sendable {
    /// The date.
    public let date: LocalDate
    /// 1-based line of the header.
    public let line: Int
    /// The `id` tag.
    public let id: UInt64
    /// The postings as written (account, amount; nil when elided).
    public let postings: [(account: String, amount: Money?)]
    /// The tags that were asked for, by name.
    public let tags: [String: String]
    /// The description line, when asked for.
    public let description: String?
}

extension JournalReader {
    /// The text of `bytes` without white space at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives it; spaces and tabs are cut from the
    /// bytes, and only text with another byte above ASCII at an end goes through Foundation
    /// (Penny's tag values never do: this is asked for each transaction's `rule` tag).
    static func trimmedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Calls `body` for every transaction with an `id` tag (every transaction, hand-written
    /// ones with id 0, when `requiresID` is false), and `comment` for every top-level
    /// comment line starting with `commentPrefix`. Only the tags named in `tagNames` become
    /// strings, so a million transactions stream in about a second.
    /// - Complexity: O(size of the file); memory is one transaction (plus account names).
    public func forEachTransaction(
        path: String, tagNames: Set<String>, wantsDescription: Bool, commentPrefix: String, requiresID: Bool = true,
        comment: (String) -> Void, _ body: (ScannedTransaction) throws(MoneyError) -> Void
    ) throws(PennyError) {
        var names = NameTable()
        let wanted = tagNames.map { (Array("; \($0):".utf8), $0) }
        let prefix = Array(commentPrefix.utf8)
        var failure: PennyError?
        var date: LocalDate?
        var headerLine = 0
        var id: UInt64?
        var description: String?
        var tags: [String: String] = [:]
        var postings: [(account: String, amount: Money?)] = []
        func finish() throws(PennyError) {
            if let d = date, let i = id ?? (requiresID ? nil : 0) {
                do throws(MoneyError) {
                    try body(ScannedTransaction(date: d, line: headerLine, id: i, postings: postings, tags: tags, description: description))
                } catch {
                    throw .badInput(
                        "a sum of amounts passes what Penny counts exactly (\(Int64.max) minor units) at this transaction", at: SourceLocation(file: path, line: headerLine))
                }
            }
            date = nil
            id = nil
            description = nil
            tags.removeAll(keepingCapacity: true)
            postings.removeAll(keepingCapacity: true)
        }
        try LedgerText.check(path)
        /// Ends the transaction read so far; false (the error kept) when `body` failed.
        func end() -> Bool {
            do throws(PennyError) { try finish() } catch {
                failure = error
                return false
            }
            return true
        }
        let opened = LineReader.forEachLine(path: path) { line, number in
            // A blank line, of spaces too, ends a transaction, as in hledger and the check.
            guard let first = line.first else { return end() }
            if first == 0x20 || first == 0x09 {
                guard date != nil else { return true }
                var i = 0
                while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
                guard i < line.count else { return end() }
                let rest = UnsafeBufferPointer(rebasing: line[i...])
                if rest[0] == UInt8(ascii: "#") { return true }
                if rest[0] == UInt8(ascii: ";") {
                    if rest.count >= 5, rest[1] == 0x20, rest[2] == UInt8(ascii: "i"), rest[3] == UInt8(ascii: "d"), rest[4] == UInt8(ascii: ":") {
                        id = IDTag.value(line)
                    } else {
                        for (tagPrefix, name) in wanted where rest.starts(with: tagPrefix) {
                            tags[name] = Self.trimmedText(UnsafeBufferPointer(rebasing: rest[tagPrefix.count...]))
                        }
                    }
                    return true
                }
                do throws(PennyError) {
                    postings.append(try parsePosting(line, from: i, number, path, &names))
                } catch {
                    failure = error
                    return false
                }
                return true
            }
            guard end() else { return false }
            if first >= 0x30 && first <= 0x39, let d = Self.parseDate(line) {
                date = d
                headerLine = number
                if wantsDescription { description = Self.description(line) }
            } else if first == UInt8(ascii: ";"), line.starts(with: prefix) {
                comment(String(decoding: line, as: UTF8.self))
            }
            return true
        }
        guard opened else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        if failure == nil { try finish() }
        if let failure { throw failure }
    }

    /// The text after the date and status mark, up to a comment.
    static func description(_ line: UnsafeBufferPointer<UInt8>) -> String {
        var start = min(10, line.count)
        var end = line.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        while start < end, isSpace(line[start]) { start += 1 }
        if end - start >= 2, line[start] == UInt8(ascii: "*") || line[start] == UInt8(ascii: "!"), isSpace(line[start + 1]) { start += 2 }
        if let semicolon = line[start..<end].firstIndex(of: UInt8(ascii: ";")) { end = semicolon }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        return String(decoding: line[start..<end], as: UTF8.self)
    }
}
