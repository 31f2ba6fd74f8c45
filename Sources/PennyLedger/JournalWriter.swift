import PennyCore

/// Renders journal text that hledger (1.25+) and ledger-cli (3.x) both read.
///
/// Each transaction: `DATE * DESCRIPTION`, tag comment lines (`; id: …`, `; source: …`,
/// `; rule: …`), then two postings with explicit amounts and the commodity after the
/// number (`-23.47 EUR`).
public enum JournalWriter {
    /// The first lines of a new ledger.
    public static let header = """
        ; Penny ledger. `penny import` appends transactions here; hledger and ledger-cli read it.
        ; Each transaction keeps its dedup id, source and deciding rule as tags. Hand edits are kept.

        """

    /// The text of one entry, with a blank line before it.
    public static func render(_ entry: JournalEntry) -> String {
        var text = "\n\(entry.date) * \(sanitize(entry.description))\n"
        text += "    ; id: \(entry.id)\n"
        if let source = entry.source { text += "    ; source: \(sanitizeTag(source))\n" }
        if let rule = entry.rule { text += "    ; rule: \(sanitizeTag(rule))\n" }
        let negated = Money(minorUnits: -entry.amount.minorUnits, currency: entry.amount.currency)
        text += posting(entry.category, negated)
        text += posting(entry.account, entry.amount)
        return text
    }

    private static func posting(_ account: String, _ amount: Money) -> String {
        let number = "\(amount.decimalString) \(amount.currency.code)"
        let width = max(2, 52 - account.count - number.count)
        return "    \(account)\(String(repeating: " ", count: width))\(number)\n"
    }

    /// One line, no `;` (a comment in both tools), no leading `(` (a transaction code).
    static func sanitize(_ description: String) -> String {
        var text = description.map { c -> Character in
            switch c {
            case ";": ","
            case "\n", "\r", "\t": " "
            default: c
            }
        }.reduce(into: "") { out, c in
            if c == " " && out.last == " " { return }
            out.append(c)
        }
        text = text.trimmingCharacters(in: " ")
        if text.hasPrefix("(") { text = "[" + text.dropFirst() }
        return text.isEmpty ? "no description" : text
    }

    /// Tag values end at a comma in hledger.
    static func sanitizeTag(_ value: String) -> String {
        String(value.map { $0 == "," || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var s = Substring(self)
        while s.first == character { s = s.dropFirst() }
        while s.last == character { s = s.dropLast() }
        return String(s)
    }
}
