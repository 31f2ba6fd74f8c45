/// RFC 4180 CSV for reports: a header row, then one row per line; fields with commas,
/// quotes or line ends are quoted.
public enum CSVWriter {
    /// The rows as CSV text.
    public static func render(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// One field, quoted (with doubled quotes) only when it must be.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
