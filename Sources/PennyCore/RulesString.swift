/// The rules language's string literal, for code that writes rules (learned CSV profiles,
/// suggested rule blocks): `"…"` with `\"` and `\\`, as `RulesLexer` reads it back.
public enum RulesString {
    /// `text` quoted and escaped.
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
