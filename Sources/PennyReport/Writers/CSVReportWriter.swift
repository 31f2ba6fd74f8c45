/// Writes a report's data table as RFC 4180 CSV: a header row of column names, then one
/// row per item; amounts as plain decimals, shares as numbers, flags as true/false. Text
/// that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return: a bank's payee text can) gets a leading `'`, as OWASP advises against
/// CSV injection; amounts stay plain numbers.
public enum CSVReportWriter {
    /// The document's data table as CSV text.
    public static func render(_ document: ReportDocument) -> String {
        CSVWriter.render([document.data.columns.map(\.title.description)] + document.data.rows.map { $0.map(cell) })
    }

    /// `text` with a leading `'` when a spreadsheet would read it as a formula.
    static func neutralized(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// How a cell reads in CSV.
    static func cell(_ cell: ReportCell) -> String {
        switch cell {
        case .text(let text): neutralized(text)
        case .label(let text): neutralized(text.description)
        case .money(let money): money.decimalString
        case .share(let share), .percent(let share): share.jsonNumber
        case .date(let date): date.description
        case .flag(let flag): flag ? "true" : "false"
        case .missing, .empty: ""
        }
    }
}
