/// Writes any report document as a self-contained HTML page: its sections as headed
/// tables, numbers on the right, in the recap's light/dark, printable style; in English
/// with plain decimals, or in a locale's language and formats.
public enum HTMLReportWriter {
    /// The page.
    public static func render(_ document: ReportDocument, title: String, locale: ReportLocale? = nil) -> String {
        HTML.page(title: title, language: locale.map { String($0.labels.language) } ?? "en", body: body(document, locale: locale))
    }

    /// The document's sections, for a page that has its own header (a report site's).
    public static func body(_ document: ReportDocument, locale: ReportLocale?) -> String {
        var body = ""
        for section in document.sections {
            body += "<section>"
            if let heading = section.title { body += "<h2>\(HTML.escape(heading.text(in: locale)))</h2>" }
            for block in section.blocks {
                switch block {
                case .table(let table): body += "<div class=\"scroll\">" + render(table, locale) + "</div>"
                case .line(let text): body += "<p>\(HTML.escape(text.text(in: locale)))</p>"
                case .gap: break
                }
            }
            body += "</section>\n"
        }
        return body
    }

    private static func render(_ table: ReportTable, _ locale: ReportLocale?) -> String {
        var out = "<table class=\"data\">"
        if table.showsHeader {
            out += "<thead><tr>" + table.columns.map { "<th\($0.isNumeric ? " class=\"num\"" : "")>\(HTML.escape($0.title.text(in: locale)))</th>" }.joined() + "</tr></thead>"
        }
        out += "<tbody>"
        for row in table.rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                let numeric = index < table.columns.count && table.columns[index].isNumeric
                out += "<td\(numeric ? " class=\"num\"" : "")>\(HTML.escape(cell.text(in: locale)))</td>"
            }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }
}
