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
        var includes: [(String, Int)] = []
        var inTransaction = false
        let opened = LineReader.forEachLine(path: path) { line, number in
            guard let first = line.first else {
                inTransaction = false
                return true
            }
            let text = String(decoding: line, as: UTF8.self)
            if first == 0x20 || first == 0x09 {
                if inTransaction { take(indented: text, into: &found) }
            } else {
                inTransaction = first >= 0x30 && first <= 0x39
                if first == UInt8(ascii: "P"), let price = try? PriceDirective.parse(text) {
                    found.commodities.insert(price.rate.from.code)
                    found.commodities.insert(price.rate.to.code)
                } else if text.hasPrefix("include ") {
                    includes.append((String(text.dropFirst(8)).trimmingCharacters(in: .whitespaces), number))
                }
            }
            return true
        }
        guard opened else { throw PennyError(.configuration, "cannot read the ledger", at: SourceLocation(file: path)) }
        let within = chain + [JournalReader.identity(path)]
        for (include, line) in includes {
            guard let resolved = try JournalInclude.resolve(include, in: path, line: line, chain: within) else { continue }
            try scan(path: resolved, chain: within, into: &found)
        }
    }

    /// A tag line's name, or a posting's account and the commodities of its amount and cost.
    static func take(indented line: String, into found: inout LedgerDeclarations) {
        let body = line.drop(while: { $0 == " " || $0 == "\t" })
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
