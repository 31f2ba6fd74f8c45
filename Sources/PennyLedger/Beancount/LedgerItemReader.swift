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
        var current: LedgerTransaction?
        let lines = try JournalLines.read(path: path) { (line) throws(PennyError) in
            switch line.kind {
            case .posting, .indentedComment:
                if current != nil { take(indented: line, into: &current!) }
                return
            case .blank, .transactionHead, .include, .other:
                // A blank line (of spaces too) or an unindented line ends a transaction.
                if let done = current {
                    current = nil
                    try body(.transaction(done))
                }
            }
            if case .transactionHead(let date) = line.kind {
                current = header(String(decoding: line.bytes, as: UTF8.self), date: date, at: SourceLocation(file: path, line: line.number))
            } else if line.bytes.first == UInt8(ascii: "P"), let price = try? PriceDirective.parse(String(decoding: line.bytes, as: UTF8.self)) {
                try body(.price(price.rate))
            } else if line.bytes.first == UInt8(ascii: ";"), let comment = PennyComment.parse(String(decoding: line.bytes, as: UTF8.self)) {
                try body(.comment(comment))
            }
        }
        if let done = current { try body(.transaction(done)) }
        try JournalInclude.follow(lines.includes, of: path, chain: chain) { (file, chain) throws(PennyError) in try read(path: file, chain: chain, body) }
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

    /// A tag line or a posting line of `transaction`; an indented `#` line is a comment.
    private func take(indented line: ClassifiedLine, into transaction: inout LedgerTransaction) {
        let text = String(decoding: line.bytes, as: UTF8.self)
        let body = text.drop(while: { $0 == " " || $0 == "\t" })
        guard case .posting = line.kind else {
            guard body.hasPrefix(";") else { return }
            let comment = body.dropFirst().drop(while: { $0 == " " })
            guard let colon = comment.firstIndex(of: ":"), colon > comment.startIndex, !comment[..<colon].contains(" ") else { return }
            transaction.tags.append((String(comment[..<colon]), comment[comment.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            return
        }
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
