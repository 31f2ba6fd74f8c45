/// Writes any report document as a self-contained HTML page: its sections as headed
/// tables, numbers on the right, in the recap's light/dark, printable style; in English
/// with plain decimals, or in a locale's language and formats.
public enum HTMLReportWriter {
    /// The page.
    public static func render(_ document: ReportDocument, title: String, locale: ReportLocale? = nil) -> String {
        let words: (ReportText) -> String = { text in locale.map { text.localized($0) } ?? text.description }
        let cells: (ReportCell) -> String = { c in locale.map { $0.cell(c) } ?? TextReportWriter.cell(c) }
        var body = ""
        for section in document.sections {
            body += "<section>"
            if let heading = section.title { body += "<h2>\(HTML.escape(words(heading)))</h2>" }
            for block in section.blocks {
                switch block {
                case .table(let table): body += render(table, words, cells)
                case .line(let text): body += "<p>\(HTML.escape(words(text)))</p>"
                case .gap: break
                }
            }
            body += "</section>\n"
        }
        return HTML.page(title: title, language: locale.map { String($0.labels.language) } ?? "en", body: body)
    }

    private static func render(_ table: ReportTable, _ words: (ReportText) -> String, _ cells: (ReportCell) -> String) -> String {
        var out = "<table class=\"data\">"
        if table.showsHeader {
            out += "<thead><tr>" + table.columns.map { "<th\($0.isNumeric ? " class=\"num\"" : "")>\(HTML.escape(words($0.title)))</th>" }.joined() + "</tr></thead>"
        }
        out += "<tbody>"
        for row in table.rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                let numeric = index < table.columns.count && table.columns[index].isNumeric
                out += "<td\(numeric ? " class=\"num\"" : "")>\(HTML.escape(cells(cell)))</td>"
            }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }
}
