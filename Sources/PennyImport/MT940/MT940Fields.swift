import PennyCore

/// Splits MT940/MT942 text into fields, a line at a time (`read`, `Assembler`).
///
/// SWIFT envelopes (`{1:...}{2:...}{3:{...}}{4:`), the `-}` and `-` message ends (also
/// one written before a tag, `-:61:`), `{5:...}`
/// trailers, SOH/ETX framing bytes, blank lines and lines before the first tag (a bank's
/// `ABNANL2A`/`940` preamble, Danske Bank's free text) are dropped. Lines end with LF,
/// CRLF or CR. `:NS:` (a German bank's non-SWIFT field) is a field of its own, which the
/// statement ignores.
///
/// An ASCII line is read as bytes (`MT940FieldBytes`); any other is decoded and read as
/// text, character by character, as every line once was.
///
/// - Complexity: O(n) in the length of the text.
enum MT940Fields {
    /// A field line's text: bytes of the line as read, or text decoded from it.
    enum Text {
        /// ASCII bytes, valid during the call that is given the line.
        case bytes(UnsafeBufferPointer<UInt8>)
        /// Decoded text.
        case text(Substring)
    }

    /// What a line is to the fields.
    enum Reading {
        /// Framing, blank, or a message end.
        case skip
        /// A field's first line: its tag and the rest.
        case tag(String, Text)
        /// One more line of the field before.
        case continuation(Text)
    }

    /// Builds fields from lines given one at a time: a field is complete when the next
    /// tag's line (or the end) comes. Holds the one field being read.
    struct Assembler {
        /// The field being read, when one is.
        private(set) var current = MT940FieldStore()

        /// Starts the next field, dropping the one before (take it first: a tag's line
        /// completes the field before).
        mutating func begin(tag: String, line: Int, rest: Text) {
            current.removeAll()
            current.start(tag: tag, line: line)
            current.appendLine(rest)
        }

        /// Adds a continuation line to the field being read (none before the first tag).
        mutating func continueField(_ text: Text) {
            if !current.isEmpty { current.appendLine(text) }
        }

        /// Drops the field being read, once it has been taken at the end of the lines.
        mutating func clear() { current.removeAll() }
    }

    /// What the line is: read as bytes when ASCII without SOH/ETX, else as text.
    static func read(_ line: MT940Line) -> Reading {
        if line.bytes.allSatisfy({ $0 < 0x80 && $0 != 0x01 && $0 != 0x03 }) { return MT940FieldBytes.read(line.bytes) }
        return readText(line.text[...])
    }

    /// What a line of text is, character by character (a line that is not ASCII).
    static func readText(_ raw: Substring) -> Reading {
        var line = raw
        if line.utf8.contains(where: { $0 == 0x01 || $0 == 0x03 || $0 == 0x0D }) {
            line = Substring(raw.filter { $0 != "\u{01}" && $0 != "\u{03}" && $0 != "\r" })
        }
        line = stripEnvelope(line)
        let trimmed = line.trimmed
        if trimmed.isEmpty || trimmed == "-" || trimmed.hasPrefix("-}") { return .skip }
        // Some German banks write the message end on the next tag's line (`-:61:...`,
        // hbci4java's TestBrokenMT940): the tag is still a tag, never a continuation.
        if line.hasPrefix("-:"), tag(of: line.dropFirst()) != nil { line = line.dropFirst() }
        // An indented statement line or balance is still one: as a continuation of the
        // field before, its money would be dropped without a word.
        let indented = line.drop { $0 == " " || $0 == "\t" }
        if indented.startIndex != line.startIndex, let (tag, _) = tag(of: indented), structural.contains(tag) { line = indented }
        if let (tag, rest) = tag(of: line) { return .tag(tag, .text(rest)) }
        return .continuation(.text(line))
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
