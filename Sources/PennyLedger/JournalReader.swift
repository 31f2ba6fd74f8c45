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
/// Reads transactions (`DATE [*|!] DESCRIPTION`) with indented postings
/// (`ACCOUNT  AMOUNT COMMODITY`, `ACCOUNT  COMMODITY AMOUNT`, or one elided amount per
/// transaction), follows `include`, and skips comments and other directives.
/// - Complexity: O(size of the journal); memory is one transaction.
public struct JournalReader {
    /// The currency of amounts written without a commodity.
    public let defaultCurrency: Currency

    /// Makes a reader.
    public init(defaultCurrency: Currency) {
        self.defaultCurrency = defaultCurrency
    }

    /// Calls `body` with every posting of the journal at `path`, in file order.
    public func forEachPosting(path: String, _ body: (Posting) -> Void) throws(PennyError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        var state = TransactionState()
        var lineNumber = 0
        var failure: PennyError?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, failure == nil {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                do throws(PennyError) {
                    try handle(line, lineNumber, path, &state, body)
                } catch { failure = error }
                start = end + 1
            }
        }
        if let failure { throw failure }
        try state.finish(path, body)
    }

    private func handle(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ path: String, _ state: inout TransactionState, _ body: (Posting) -> Void) throws(PennyError) {
        guard let first = line.first else { return }
        if first == 0x20 || first == 0x09 {
            guard state.date != nil else { return }
            var i = 0
            while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            guard i < line.count, line[i] != UInt8(ascii: ";"), line[i] != UInt8(ascii: "#") else { return }
            try state.addPosting(parsePosting(line, from: i, number, path), at: SourceLocation(file: path, line: number))
            return
        }
        try state.finish(path, body)
        if first >= 0x30 && first <= 0x39 {
            state.date = parseDate(line)
            state.line = number
            if state.date == nil {
                throw .badInput("cannot read the transaction date: expected YYYY-MM-DD", at: SourceLocation(file: path, line: number, column: 1))
            }
        } else if line.starts(with: "include ".utf8) {
            let target = String(decoding: line.dropFirst(8), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let resolved = target.hasPrefix("/") ? target : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
            if FileManager.default.fileExists(atPath: resolved) {
                try forEachPosting(path: resolved, body)
            }
        }
    }

    private func parseDate(_ line: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard line.count >= 10 else { return nil }
        var text = String(decoding: line[0..<10], as: UTF8.self)
        text = text.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".", with: "-")
        return LocalDate(iso: text)
    }

    private func parsePosting(_ line: UnsafeBufferPointer<UInt8>, from start: Int, _ number: Int, _ path: String) throws(PennyError) -> (String, Money?) {
        // The account ends at two spaces, a tab, or the end of the line.
        var i = start
        while i < line.count {
            if line[i] == 0x09 { break }
            if line[i] == 0x20, i + 1 < line.count, line[i + 1] == 0x20 || line[i + 1] == 0x09 { break }
            if line[i] == 0x20, i + 1 == line.count { break }
            i += 1
        }
        let account = String(decoding: line[start..<i], as: UTF8.self)
        var amountEnd = i
        while amountEnd < line.count, line[amountEnd] != UInt8(ascii: ";"), line[amountEnd] != UInt8(ascii: "@"), line[amountEnd] != UInt8(ascii: "=") {
            amountEnd += 1
        }
        let amountText = String(decoding: line[i..<amountEnd], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if amountText.isEmpty { return (account, nil) }
        var words = amountText.split(separator: " ").map(String.init)
        var currency = defaultCurrency
        if words.count == 2 {
            let codeIndex = Currency(code: words[1]) != nil ? 1 : 0
            guard let code = Currency(code: words[codeIndex]) else {
                throw .badInput("cannot read the amount '\(amountText)': expected NUMBER CURRENCY", at: SourceLocation(file: path, line: number, column: i + 1))
            }
            currency = code
            words.remove(at: codeIndex)
        }
        guard words.count == 1 else {
            throw .badInput("cannot read the amount '\(amountText)': expected NUMBER CURRENCY", at: SourceLocation(file: path, line: number, column: i + 1))
        }
        do {
            let units = try AmountParser.parse(words[0], format: AmountFormat(decimalMark: "."), exponent: currency.exponent)
            return (account, Money(minorUnits: units, currency: currency))
        } catch {
            throw .badInput("cannot read the amount '\(amountText)': \(error.reason)", at: SourceLocation(file: path, line: number, column: i + 1))
        }
    }
}

/// The postings of the transaction being read, until it ends.
private struct TransactionState {
    var date: LocalDate?
    var line = 0
    var postings: [(String, Money?)] = []

    mutating func addPosting(_ posting: (String, Money?), at location: SourceLocation) throws(PennyError) {
        if posting.1 == nil, postings.contains(where: { $0.1 == nil }) {
            throw .badInput("two postings without an amount in one transaction", at: location)
        }
        postings.append(posting)
    }

    mutating func finish(_ path: String, _ body: (Posting) -> Void) throws(PennyError) {
        defer {
            date = nil
            postings.removeAll(keepingCapacity: true)
        }
        guard let date else { return }
        var sums: [Currency: Int64] = [:]
        for case (_, let amount?) in postings { sums[amount.currency, default: 0] += amount.minorUnits }
        for (account, amount) in postings {
            if let amount {
                body(Posting(date: date, account: account, amount: amount))
            } else {
                for (currency, sum) in sums.sorted(by: { $0.key.code < $1.key.code }) where sum != 0 {
                    body(Posting(date: date, account: account, amount: Money(minorUnits: -sum, currency: currency)))
                }
            }
        }
    }
}
