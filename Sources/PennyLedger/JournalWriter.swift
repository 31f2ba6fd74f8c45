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
            if let line = entry.sourceLine {
                out.append(UInt8(ascii: ":"))
                appendDecimal(Int64(line), exponent: 0, to: &out)
            }
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
        appendPosting(entry.category, minorUnits: 0 &- entry.amount.minorUnits, entry.amount.currency, to: &out)
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

    private static func appendPosting(_ account: String, minorUnits: Int64, _ currency: Currency, to out: inout [UInt8]) {
        out.append(contentsOf: "    ".utf8)
        var scalars = 0  // code points, without String's scalar walk
        var account = account
        account.withUTF8 { bytes in
            out.append(contentsOf: bytes)
            for b in bytes where b & 0xC0 != 0x80 { scalars += 1 }
        }
        let numberLength = decimalLength(minorUnits, exponent: currency.exponent) + 1 + currency.code.utf8.count
        let width = max(2, 52 - scalars - numberLength)
        out.append(contentsOf: repeatElement(0x20, count: width))
        appendDecimal(minorUnits, exponent: currency.exponent, to: &out)
        out.append(0x20)
        out.append(contentsOf: currency.code.utf8)
        out.append(0x0A)
    }

    /// How many bytes `appendDecimal` writes.
    private static func decimalLength(_ minorUnits: Int64, exponent: Int) -> Int {
        var magnitude = minorUnits.magnitude
        var digits = 0
        repeat {
            magnitude /= 10
            digits += 1
        } while magnitude > 0
        digits = max(digits, exponent + 1)
        return digits + (exponent > 0 ? 1 : 0) + (minorUnits < 0 ? 1 : 0)
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
        // Written backwards into its place at the end of `out`: no temporary array.
        let length = decimalLength(minorUnits, exponent: exponent)
        let start = out.count
        out.append(contentsOf: repeatElement(0x30, count: length))
        var magnitude = minorUnits.magnitude
        var produced = 0
        var at = start + length - 1
        repeat {
            if produced == exponent && exponent > 0 {
                out[at] = UInt8(ascii: ".")
                at -= 1
            }
            out[at] = UInt8(0x30 + magnitude % 10)
            at -= 1
            magnitude /= 10
            produced += 1
        } while magnitude > 0 || produced <= exponent
        if minorUnits < 0 { out[at] = UInt8(ascii: "-") }
    }

    private static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8((value >> UInt64(shift)) & 0xF)
            out.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
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
