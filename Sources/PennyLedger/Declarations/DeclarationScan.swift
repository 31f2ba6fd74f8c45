public import PennyCore

/// Finds the names a journal uses by reading it whole (its included files too): each
/// posting's account and commodity, each `P` line's two commodities, each indented
/// `; NAME: value` tag. For a ledger whose declarations file is missing or was outrun by
/// hand edits; an import learns its new names from what it appends (`DeclarationTap`).
public enum DeclarationScan {
    /// The names `path` and the files it includes use.
    /// - Complexity: O(size of the files).
    public static func names(path: String) throws(PennyError) -> LedgerDeclarations {
        var found = LedgerDeclarations()
        try scan(path: path, chain: [], into: &found)
        return found
    }

    private static func scan(path: String, chain: [String], into found: inout LedgerDeclarations) throws(PennyError) {
        var inTransaction = false
        let lines = try JournalLines.read(path: path) { line in
            switch line.kind {
            case .posting, .indentedComment:
                if inTransaction { take(indented: String(decoding: line.bytes, as: UTF8.self), into: &found) }
            case .transactionHead:
                inTransaction = true
            case .blank, .include, .other:
                // A blank line (of spaces too) ends a transaction; a date that cannot be read starts none.
                inTransaction = false
                guard line.bytes.first == UInt8(ascii: "P"), let price = try? PriceDirective.parse(String(decoding: line.bytes, as: UTF8.self)) else { return }
                found.commodities.insert(price.rate.from.code)
                found.commodities.insert(price.rate.to.code)
            }
        }
        try JournalInclude.follow(lines.includes, of: path, chain: chain) { (file, chain) throws(PennyError) in try scan(path: file, chain: chain, into: &found) }
    }

    /// A tag line's name, or a posting's account and the commodities of its amount and cost.
    static func take(indented line: String, into found: inout LedgerDeclarations) {
        let body = line.drop(while: { $0 == " " || $0 == "\t" })
        // An indented `#` line is a comment, as the journal reader has it (`JournalLine`).
        guard !body.hasPrefix("#") else { return }
        if body.hasPrefix(";") {
            let comment = body.dropFirst().drop(while: { $0 == " " })
            if let colon = comment.firstIndex(of: ":"), colon > comment.startIndex,
                comment[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            {
                found.tags.insert(String(comment[..<colon]))
            }
            return
        }
        let posting = PostingText.split(body)
        var account = posting.account
        if let open = account.first, open == "(" || open == "[" { account = String(account.dropFirst().dropLast()) }
        found.accounts.insert(account)
        guard let rest = posting.rest else { return }
        if let money = PostingText.money(rest, defaultCurrency: nil) { found.commodities.insert(money.currency.code) }
        if let at = rest.lastIndex(of: "@"), let cost = PostingText.money(rest[rest.index(after: at)...].drop(while: { $0 == " " }), defaultCurrency: nil) {
            found.commodities.insert(cost.currency.code)
        }
    }
}
