import PennyCore

/// One `:TAG:` field of a SWIFT message and its continuation lines.
struct MT940Field {
    /// The tag without colons: `20`, `25`, `60F`, `61`, `86`, ...
    let tag: String
    /// The field's lines, the tag removed from the first.
    var lines: [String]
    /// The line the tag was on.
    let line: Int
}

/// Splits MT940/MT942 text into fields, a line at a time (`Assembler`).
///
/// SWIFT envelopes (`{1:...}{2:...}{3:{...}}{4:`), the `-}` and `-` message ends (also
/// one written before a tag, `-:61:`), `{5:...}`
/// trailers, SOH/ETX framing bytes, blank lines and lines before the first tag (a bank's
/// `ABNANL2A`/`940` preamble, Danske Bank's free text) are dropped. Lines end with LF,
/// CRLF or CR. `:NS:` (a German bank's non-SWIFT field) is a field of its own, which the
/// statement ignores.
///
/// - Complexity: O(n) in the length of the text.
enum MT940Fields {
    /// Builds fields from lines given one at a time: a field is complete when the next
    /// tag's line (or the end) comes.
    struct Assembler {
        private var current: MT940Field?

        /// Takes line `number`; returns the field it completes, if any.
        mutating func add(_ raw: Substring, number: Int) -> MT940Field? {
            var line = raw
            if line.utf8.contains(where: { $0 == 0x01 || $0 == 0x03 || $0 == 0x0D }) {
                line = Substring(raw.filter { $0 != "\u{01}" && $0 != "\u{03}" && $0 != "\r" })
            }
            line = stripEnvelope(line)
            let trimmed = line.trimmed
            if trimmed.isEmpty || trimmed == "-" || trimmed.hasPrefix("-}") { return nil }
            // Some German banks write the message end on the next tag's line (`-:61:...`,
            // hbci4java's TestBrokenMT940): the tag is still a tag, never a continuation.
            if line.hasPrefix("-:"), tag(of: line.dropFirst()) != nil { line = line.dropFirst() }
            // An indented statement line or balance is still one: as a continuation of the
            // field before, its money would be dropped without a word.
            let indented = line.drop { $0 == " " || $0 == "\t" }
            if indented.startIndex != line.startIndex, let (tag, _) = tag(of: indented), structural.contains(tag) { line = indented }
            if let (tag, rest) = tag(of: line) {
                let done = current
                current = MT940Field(tag: tag, lines: [String(rest)], line: number)
                return done
            }
            current?.lines.append(String(line))
            return nil
        }

        /// The last field, once the lines end.
        mutating func finish() -> MT940Field? {
            defer { current = nil }
            return current
        }
    }

    /// The tags that carry money or open a statement: taken as tags even when indented.
    static let structural: Set<String> = ["20", "25", "28C", "60F", "60M", "61", "62F", "62M"]

    /// `:61:rest` → (`61`, `rest`): two digits and an optional capital letter, or `NS`.
    static func tag(of line: Substring) -> (String, Substring)? {
        if line.hasPrefix(":NS:") { return ("NS", line.dropFirst(4)) }
        let chars = Array(line.prefix(5))
        guard chars.count >= 4, chars[0] == ":", chars[1].isASCII, chars[1].isNumber, chars[2].isASCII, chars[2].isNumber else { return nil }
        if chars[3] == ":" { return (String(chars[1...2]), line.dropFirst(4)) }
        guard chars.count == 5, chars[3].isASCII, chars[3].isUppercase, chars[4] == ":" else { return nil }
        return (String(chars[1...3]), line.dropFirst(5))
    }

    /// The line without leading `{n:...}` blocks and the `{4:` opening.
    private static func stripEnvelope(_ line: Substring) -> Substring {
        var rest = line
        while rest.first == "{" {
            if rest.hasPrefix("{4:") {
                rest = rest.dropFirst(3)
                continue
            }
            var depth = 0
            var end = rest.endIndex
            for index in rest.indices {
                if rest[index] == "{" { depth += 1 }
                if rest[index] == "}" {
                    depth -= 1
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
            }
            if end == rest.endIndex && depth != 0 { return rest[rest.endIndex...] }
            rest = rest[end...]
        }
        return rest
    }
}
