/// The rules language's string literal, for code that writes rules (learned CSV profiles,
/// suggested rule blocks): `"…"` with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{HEX}` for other
/// control characters, as `RulesLexer` reads it back.
public enum RulesString {
    /// `text` quoted and escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
