/// Keeps text that came from a statement safe to write into the ledger and to print: no
/// control characters (a NUL, ESC sequences that drive a terminal, BEL, the C1 range a
/// declared charset leaves undefined) and no invisible bidirectional overrides (U+202E
/// turns `EVIL.exe` around on screen).
///
/// Tabs, line ends and other C0/C1 controls each become a space (so columns stay put); bidirectional embeddings,
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the byte-order mark are
/// removed. Plain ASCII text, nearly all of it, is checked in one byte scan and returned
/// as it is.
public enum TextSanitizer {
    /// The text without control and bidirectional-override characters; `keepingLineBreaks`
    /// keeps `\n` (for messages of several lines).
    /// - Complexity: O(n); no allocation for printable ASCII.
    public static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || (keepingLineBreaks && $0 == 0x0A) }) { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks:
                scalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F:
                changed = true
                scalars.append(" ")
            case 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                changed = true
            default:
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : text
    }

    /// `clean` for an optional field.
    public static func clean(_ text: String?) -> String? { text.map { clean($0) } }
}
