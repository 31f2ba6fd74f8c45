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
    /// - Complexity: O(n); no allocation for text without controls (ASCII or not).
    public static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
        let clear = text.utf8.withContiguousStorageIfAvailable { mayChange($0, keepingLineBreaks: keepingLineBreaks) == false }
        if clear ?? text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || (keepingLineBreaks && $0 == 0x0A) }) { return text }
        return cleanScalars(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// False when no byte can start a character `clean` changes: C0 controls and DEL, and
    /// the lead bytes of the C1 controls (0xC2), the bidirectional controls (0xE2) and the
    /// byte-order mark (0xEF). Accented letters (`Ú` is 0xC3 0x9A) pass in one scan.
    /// - Complexity: O(n).
    public static func mayChange(_ utf8: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool) -> Bool {
        for b in utf8 {
            if b < 0x20 {
                if keepingLineBreaks && b == 0x0A { continue }
                return true
            }
            if b == 0x7F || b == 0xC2 || b == 0xE2 || b == 0xEF { return true }
        }
        return false
    }

    /// `clean`, scalar by scalar (the general path).
    static func cleanScalars(_ text: String, keepingLineBreaks: Bool) -> String {
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
