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
public struct JournalReader: Sendable {
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
        chain: [String] = [], _ body: (Posting) throws(MoneyError) -> Void
    ) throws(PennyError) {
        let prefix = commentPrefix.map { Array($0.utf8) }
        var reading = PostingReading(reader: self, path: path, names: names)
        names = NameTable()
        let lines = try JournalLines.read(path: path) { (line) throws(PennyError) in
            if let prefix, case .other = line.kind, line.bytes.first == UInt8(ascii: ";"), line.bytes.starts(with: prefix) {
                comment(String(decoding: line.bytes, as: UTF8.self))
            }
            try reading.take(line, body)
        }
        try reading.finish(body)
        names = reading.names
        guard followIncludes else { return }
        try readIncludes(lines.includes, of: path, chain: chain, names: &names, body)
    }

    /// Reads the files a journal's `include` lines name (with their own includes).
    func readIncludes(
        _ includes: [(String, Int)], of path: String, chain: [String] = [], names: inout NameTable, _ body: (Posting) throws(MoneyError) -> Void
    ) throws(PennyError) {
        try JournalInclude.follow(includes, of: path, chain: chain) { (file, chain) throws(PennyError) in
            try forEachPosting(path: file, names: &names, followIncludes: true, commentPrefix: nil, comment: { _ in }, chain: chain, body)
        }
    }

    /// A file's identity for cycle checks: its path with links and `..` resolved.
    static func identity(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
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

    /// The account and amount of a posting line whose account `JournalLine` found at `accountRange`.
    func parsePosting(
        _ line: UnsafeBufferPointer<UInt8>, account accountRange: Range<Int>, _ number: Int, _ path: String, _ names: inout NameTable
    ) throws(PennyError) -> (String, Money?) {
        let i = accountRange.upperBound
        let account = names.intern(UnsafeBufferPointer(rebasing: line[accountRange]))
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
