public import PennyCore

/// Renders `LedgerItem`s as beancount text, with the accounts named by `BeancountNames`.
public struct BeancountWriter {
    /// The accounts' beancount names.
    public let names: BeancountNames

    /// A writer with these names.
    public init(names: BeancountNames) { self.names = names }

    /// The options, the commodities and the `open` of every account, all on `date`.
    public func preamble(accounts: Set<String>, commodities: Set<String>, on date: LocalDate, operating: Currency) -> String {
        var out = "; Written by `penny export beancount` from a Penny ledger; regenerate it rather than edit it.\n"
        out += "option \"title\" \"Penny ledger\"\noption \"operating_currency\" \"\(operating.code)\"\n\n"
        for code in commodities.sorted() { out += "\(date) commodity \(code)\n" }
        out += "\n"
        for account in accounts.sorted() {
            out += "\(date) open \(names.accounts[account] ?? account)\n  name: \(BeancountNames.quoted(account))\n"
        }
        return out
    }

    /// One item's text, with a blank line before it.
    public func render(_ item: LedgerItem) -> String {
        switch item {
        case .transaction(let t): transaction(t)
        case .price(let rate): "\n\(rate.date) price \(rate.from.code) \(rate.rate) \(rate.to.code)\n"
        case .comment(.statementBalance(let account, let kind, let balance, _, _)):
            "\n\(balance.date) custom \"statement-balance\" \(names.accounts[account] ?? account) \(balance.amount) \(BeancountNames.quoted(kind))\n"
        case .comment(let comment): "\n\(comment.line)\n"
        }
    }

    /// A transaction: `DATE FLAG "PAYEE" "NARRATION"`, its tags as metadata, its postings.
    func transaction(_ t: LedgerTransaction) -> String {
        let split = t.description.contains(" | ") ? JournalEntry.split(description: t.description) : nil
        let strings = split.map { "\(BeancountNames.quoted($0.payee)) \(BeancountNames.quoted($0.bankText))" } ?? BeancountNames.quoted(t.description)
        var out = "\n\(t.date) \(t.mark == "!" ? "!" : "*") \(strings)\n"
        var keys = Set<String>()
        for tag in t.tags {
            let key = BeancountNames.metadataKey(tag.name)
            guard keys.insert(key).inserted else { continue }
            out += "  \(key): \(BeancountNames.quoted(tag.value))\n"
        }
        for posting in t.postings where !posting.isUnbalancedVirtual {
            out += "  \(names.accounts[posting.account] ?? posting.account)"
            if let amount = posting.amount {
                out += "  \(amount)"
                if let cost = posting.cost { out += " \(cost.isTotal ? "@@" : "@") \(cost.text)" }
            }
            out += "\n"
        }
        return out
    }
}
