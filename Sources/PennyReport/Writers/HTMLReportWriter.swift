/// Writes any report document as a self-contained HTML page: its sections as headed
/// tables, numbers on the right, in the recap's light/dark, printable style. Amounts stay
/// plain decimals here (the recap, `report html`, writes them the locale's way).
public enum HTMLReportWriter {
    /// The page.
    public static func render(_ document: ReportDocument, title: String) -> String {
        var body = ""
        for section in document.sections {
            body += "<section>"
            if let heading = section.title { body += "<h2>\(HTML.escape(heading))</h2>" }
            for block in section.blocks {
                switch block {
                case .table(let table): body += render(table)
                case .line(let text): body += "<p>\(HTML.escape(text))</p>"
                case .gap: break
                }
            }
            body += "</section>\n"
        }
        return HTML.page(title: title, language: "en", body: body)
    }

    private static func render(_ table: ReportTable) -> String {
        var out = "<table class=\"data\">"
        if table.showsHeader {
            out += "<thead><tr>" + table.columns.map { "<th\($0.isNumeric ? " class=\"num\"" : "")>\(HTML.escape($0.title))</th>" }.joined() + "</tr></thead>"
        }
        out += "<tbody>"
        for row in table.rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                let numeric = index < table.columns.count && table.columns[index].isNumeric
                out += "<td\(numeric ? " class=\"num\"" : "")>\(HTML.escape(TextReportWriter.cell(cell)))</td>"
            }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }
}
