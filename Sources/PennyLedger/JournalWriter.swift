import PennyCore

/// Renders journal text that hledger (1.25+) and ledger-cli (3.x) both read.
///
/// Each transaction: `DATE * DESCRIPTION`, tag comment lines (`; id: …`, `; source: …`,
/// `; rule: …`), then two postings with explicit amounts and the commodity after the
/// number (`-23.47 EUR`). Rendering appends bytes to a buffer: it runs once per imported
/// row, so it avoids building intermediate strings.
public enum JournalWriter {
    /// The first lines of a new ledger.
    public static let header = """
        ; Penny ledger. `penny import` appends transactions here; hledger and ledger-cli read it.
        ; Each transaction keeps its dedup id, source and deciding rule as tags. Hand edits are kept.

        """

    /// The text of one entry, with a blank line before it.
    public static func render(_ entry: JournalEntry) -> String {
        var bytes: [UInt8] = []
        render(entry, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one entry, with a blank line before it, to `out`.
    /// - Complexity: O(length of the entry's text).
    public static func render(_ entry: JournalEntry, into out: inout [UInt8]) {
        out.append(0x0A)
        appendDate(entry.date, to: &out)
        out.append(contentsOf: " * ".utf8)
        appendSanitized(entry.description, to: &out)
        out.append(contentsOf: "\n    ; id: ".utf8)
        appendHex(entry.id.value, to: &out)
        out.append(0x0A)
        if let source = entry.source {
            out.append(contentsOf: "    ; source: ".utf8)
            appendTagValue(source, to: &out)
            out.append(0x0A)
        }
        if let rule = entry.rule {
            out.append(contentsOf: "    ; rule: ".utf8)
            appendTagValue(rule, to: &out)
            out.append(0x0A)
        }
        if let note = entry.note {
            out.append(contentsOf: "    ; note: ".utf8)
            appendTagValue(note, to: &out)
            out.append(0x0A)
        }
        if entry.excludesRoundUp { out.append(contentsOf: "    ; no-roundup: yes\n".utf8) }
        for tag in entry.tags {
            out.append(contentsOf: "    ; ".utf8)
            out.append(contentsOf: tag.name.utf8)
            out.append(contentsOf: ": ".utf8)
            appendTagValue(tag.value ?? "yes", to: &out)
            out.append(0x0A)
        }
        // Exact: no amount is Int64.min (AmountParser's range is symmetric, and an import
        // refuses an amount whose magnitude does not fit), so the negation cannot overflow.
        appendPosting(entry.category, minorUnits: -entry.amount.minorUnits, entry.amount.currency, to: &out)
        appendPosting(entry.account, minorUnits: entry.amount.minorUnits, entry.amount.currency, to: &out)
    }

    /// A transaction with any number of postings (round-up sweeps), tags on comment lines.
    public static func render(date: LocalDate, description: String, tags: [Tag], postings: [(account: String, amount: Money)], into out: inout [UInt8]) {
        out.append(0x0A)
        appendDate(date, to: &out)
        out.append(contentsOf: " * ".utf8)
        appendSanitized(description, to: &out)
        out.append(0x0A)
        for tag in tags {
            out.append(contentsOf: "    ; ".utf8)
            out.append(contentsOf: tag.name.utf8)
            out.append(contentsOf: ": ".utf8)
            appendTagValue(tag.value ?? "yes", to: &out)
            out.append(0x0A)
        }
        for posting in postings {
            appendPosting(posting.account, minorUnits: posting.amount.minorUnits, posting.amount.currency, to: &out)
        }
    }

    /// One posting line without its line end, with a total cost (`@@ 92.50 EUR`) when
    /// given: how an exchange between own accounts in two currencies is written.
    public static func postingLine(_ account: String, _ amount: Money, cost: Money? = nil) -> String {
        var out: [UInt8] = []
        appendPosting(account, minorUnits: amount.minorUnits, amount.currency, to: &out)
        out.removeLast()
        if let cost {
            out.append(contentsOf: " @@ ".utf8)
            appendDecimal(cost.minorUnits, exponent: cost.currency.exponent, to: &out)
            out.append(0x20)
            out.append(contentsOf: cost.currency.code.utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendPosting(_ account: String, minorUnits: Int64, _ currency: Currency, to out: inout [UInt8]) {
        out.append(contentsOf: "    ".utf8)
        out.append(contentsOf: account.utf8)
        var number: [UInt8] = []
        appendDecimal(minorUnits, exponent: currency.exponent, to: &number)
        number.append(0x20)
        number.append(contentsOf: currency.code.utf8)
        let scalars = account.utf8.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }  // code points, without String's scalar walk
        let width = max(2, 52 - scalars - number.count)
        out.append(contentsOf: repeatElement(0x20, count: width))
        out.append(contentsOf: number)
        out.append(0x0A)
    }

    private static func appendDate(_ date: LocalDate, to out: inout [UInt8]) {
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var v = value
            while divisor > 0 {
                out.append(UInt8(0x30 + v / divisor % 10))
                v %= divisor
                divisor /= 10
            }
        }
        digits(date.year, 4)
        out.append(UInt8(ascii: "-"))
        digits(date.month, 2)
        out.append(UInt8(ascii: "-"))
        digits(date.day, 2)
    }

    private static func appendDecimal(_ minorUnits: Int64, exponent: Int, to out: inout [UInt8]) {
        var magnitude = minorUnits.magnitude
        var reversed: [UInt8] = []
        var produced = 0
        repeat {
            if produced == exponent && exponent > 0 { reversed.append(UInt8(ascii: ".")) }
            reversed.append(UInt8(0x30 + magnitude % 10))
            magnitude /= 10
            produced += 1
        } while magnitude > 0 || produced <= exponent
        if minorUnits < 0 { reversed.append(UInt8(ascii: "-")) }
        out.append(contentsOf: reversed.reversed())
    }

    private static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        for shift in stride(from: 60, through: 0, by: -4) {
            out.append(digits[Int((value >> UInt64(shift)) & 0xF)])
        }
    }

    /// One line, no `;` (a comment in both tools), no leading `(` (a transaction code),
    /// white space runs as one space, `no description` when empty.
    private static func appendSanitized(_ description: String, to out: inout [UInt8]) {
        let start = out.count
        var pendingSpace = false
        for b in description.utf8 {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D:
                pendingSpace = out.count > start
            default:
                if pendingSpace { out.append(0x20); pendingSpace = false }
                if out.count == start && b == UInt8(ascii: "(") {
                    out.append(UInt8(ascii: "["))
                } else {
                    out.append(b == UInt8(ascii: ";") ? UInt8(ascii: ",") : b)
                }
            }
        }
        if out.count == start { out.append(contentsOf: "no description".utf8) }
    }

    /// Tag values end at a comma in hledger, and at the line end in both tools.
    private static func appendTagValue(_ value: String, to out: inout [UInt8]) {
        for b in value.utf8 {
            out.append(b == UInt8(ascii: ",") || b == 0x0A || b == 0x0D ? 0x20 : b)
        }
    }

    /// The description as `render` writes it (for tests and previews).
    static func sanitize(_ description: String) -> String {
        var out: [UInt8] = []
        appendSanitized(description, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
