/// Writes a report's data table as RFC 4180 CSV: a header row of column names, then one
/// row per item; amounts as plain decimals, shares as numbers, flags as true/false.
public enum CSVReportWriter {
    /// The document's data table as CSV text.
    public static func render(_ document: ReportDocument) -> String {
        CSVWriter.render([document.data.columns.map(\.title.description)] + document.data.rows.map { $0.map(cell) })
    }

    /// How a cell reads in CSV.
    static func cell(_ cell: ReportCell) -> String {
        switch cell {
        case .text(let text): text
        case .label(let text): text.description
        case .money(let money): money.decimalString
        case .share(let share), .percent(let share): share.jsonNumber
        case .date(let date): date.description
        case .flag(let flag): flag ? "true" : "false"
        case .missing, .empty: ""
        }
    }
}
