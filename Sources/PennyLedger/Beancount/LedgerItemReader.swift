public import PennyCore

/// Reads a journal and the files it includes (after it, in order) as `LedgerItem`s:
/// transactions with all their tags and postings (costs kept), `P` lines, and Penny's
/// comment lines; other directives and comments are skipped.
public struct LedgerItemReader {
    /// The currency of an amount written without a code.
    public let defaultCurrency: Currency

    /// A reader; `defaultCurrency` for amounts without a code.
    public init(defaultCurrency: Currency) { self.defaultCurrency = defaultCurrency }

    /// Calls `body` for each item of `path` and its includes.
    /// - Complexity: O(size of the files); memory is one transaction.
    public func forEach(path: String, _ body: (LedgerItem) throws(PennyError) -> Void) throws(PennyError) {
        try read(path: path, chain: [], body)
    }

    private func read(path: String, chain: [String], _ body: (LedgerItem) throws(PennyError) -> Void) throws(PennyError) {
        var includes: [(String, Int)] = []
        var current: LedgerTransaction?
        var failure: PennyError?
        func emit(_ item: LedgerItem) -> Bool {
            do throws(PennyError) { try body(item) } catch {
                failure = error
                return false
            }
            return true
        }
        try LedgerText.check(path)
        let opened = LineReader.forEachLine(path: path) { bytes, number in
            let line = String(decoding: bytes, as: UTF8.self)
            guard let first = line.first else { return true }
            if first == " " || first == "\t" {
                if current != nil { take(indented: line, into: &current!) }
                return true
            }
            if let done = current {
                current = nil
                guard emit(.transaction(done)) else { return false }
            }
            if first.isASCII, first.isNumber, let date = LedgerSort.transactionDate(Substring(line)) {
                current = header(line, date: date, at: SourceLocation(file: path, line: number))
            } else if first == "P", let price = try? PriceDirective.parse(line) {
                return emit(.price(price.rate))
            } else if first == ";", let comment = PennyComment.parse(line) {
                return emit(.comment(comment))
            } else if let target = JournalLine.includeTarget(bytes) {
                includes.append((target, number))
            }
            return true
        }
        guard opened else { throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path)) }
        if failure == nil, let done = current { _ = emit(.transaction(done)) }
        if let failure { throw failure }
        let within = chain + [JournalReader.identity(path)]
        for (include, line) in includes {
            guard let resolved = try JournalInclude.resolve(include, in: path, line: line, chain: within) else { continue }
            try read(path: resolved, chain: within, body)
        }
    }

    /// A transaction's header line: date, optional second date, mark, description.
    private func header(_ line: String, date: LocalDate, at location: SourceLocation) -> LedgerTransaction {
        var rest = line.drop(while: { !$0.isWhitespace }).drop(while: \.isWhitespace)
        var mark: Character = " "
        if let flag = rest.first, flag == "*" || flag == "!", rest.dropFirst().first?.isWhitespace ?? true {
            mark = flag
            rest = rest.dropFirst().drop(while: \.isWhitespace)
        }
        if let semicolon = rest.firstIndex(of: ";") { rest = rest[..<semicolon] }
        return LedgerTransaction(date: date, mark: mark, description: rest.trimmingCharacters(in: .whitespaces), location: location)
    }

    /// A tag line or a posting line of `transaction`.
    private func take(indented line: String, into transaction: inout LedgerTransaction) {
        let body = line.drop(while: { $0 == " " || $0 == "\t" })
        if body.hasPrefix(";") {
            let comment = body.dropFirst().drop(while: { $0 == " " })
            guard let colon = comment.firstIndex(of: ":"), colon > comment.startIndex, !comment[..<colon].contains(" ") else { return }
            transaction.tags.append((String(comment[..<colon]), comment[comment.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            return
        }
        guard !body.isEmpty else { return }
        let split = PostingText.split(body)
        var posting = LedgerPosting(account: split.account)
        if let open = split.account.first, open == "(" || open == "[", split.account.count > 2 {
            posting.account = String(split.account.dropFirst().dropLast())
            posting.isUnbalancedVirtual = open == "("
        }
        if let rest = split.rest {
            posting.amount = PostingText.money(rest, defaultCurrency: defaultCurrency)
            posting.cost = Self.cost(rest)
        }
        transaction.postings.append(posting)
    }

    /// `@@ 92.50 EUR` or `@ 0.92 EUR` after an amount, as `92.50 EUR` and whether a total.
    static func cost(_ rest: String) -> (text: String, isTotal: Bool)? {
        guard let at = rest.firstIndex(of: "@") else { return nil }
        let isTotal = rest[at...].hasPrefix("@@")
        var text = rest[rest.index(at, offsetBy: isTotal ? 2 : 1)...]
        if let stop = text.firstIndex(where: { $0 == ";" || $0 == "=" }) { text = text[..<stop] }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2 else { return nil }
        let (number, code) = Currency(code: words[1]) != nil ? (words[0], words[1]) : (words[1], words[0])
        guard let currency = Currency(code: code), Rate(parsing: number) != nil else { return nil }
        return ("\(number) \(currency.code)", isTotal)
    }
}
