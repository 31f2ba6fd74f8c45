/// Writes a report for a terminal: each section's title, a blank line, then its tables
/// (columns padded to their widest cell, numbers on the right) and lines.
public enum TextReportWriter {
    /// The document as plain text: in English with Penny's plain figures, or in `locale`'s
    /// language and formats.
    public static func render(_ document: ReportDocument, locale: ReportLocale? = nil) -> String {
        document.sections.map { section($0, locale) }.joined(separator: "\n")
    }

    private static func section(_ section: ReportSection, _ locale: ReportLocale?) -> String {
        var out = section.title.map { $0.text(in: locale) + "\n\n" } ?? ""
        for block in section.blocks {
            switch block {
            case .table(let table): out += render(table, locale)
            case .line(let text): out += text.text(in: locale) + "\n"
            case .gap: out += "\n"
            }
        }
        return out
    }

    private static func render(_ table: ReportTable, _ locale: ReportLocale?) -> String {
        let header = table.showsHeader ? [table.columns.map { $0.title.text(in: locale) }] : []
        let rows = header + table.rows.map { $0.map { $0.text(in: locale) } }
        let numeric = Set(table.columns.indices.filter { table.columns[$0].isNumeric })
        return TextTable(rows: rows, rightAligned: numeric).render()
    }

    /// How a cell reads in a table.
    static func cell(_ cell: ReportCell) -> String {
        switch cell {
        case .text(let text): text
        case .label(let text): text.description
        case .money(let money): money.decimalString
        case .share(let share): share.formatted
        case .percent(let percent): percent.description
        case .date(let date): date.description
        case .flag(let flag): flag ? "yes" : "NO"
        case .missing: "-"
        case .empty: ""
        }
    }
}

/// Columns padded to their widest cell.
struct TextTable {
    let rows: [[String]]
    let rightAligned: Set<Int>

    func render() -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return rightAligned.contains(c) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacing(/\s+$/, with: "")
        }.joined(separator: "\n") + "\n"
    }
}
