/// Writes a report for a terminal: each section's title, a blank line, then its tables
/// (columns padded to their widest cell, numbers on the right) and lines.
public enum TextReportWriter {
    /// The document as plain text: in English with Penny's plain figures, or in `locale`'s
    /// language and formats.
    public static func render(_ document: ReportDocument, locale: ReportLocale? = nil) -> String {
        let words: (ReportText) -> String = { text in locale.map { text.localized($0) } ?? text.description }
        let cells: (ReportCell) -> String = { c in locale.map { $0.cell(c) } ?? cell(c) }
        return document.sections.map { section($0, words, cells) }.joined(separator: "\n")
    }

    private static func section(_ section: ReportSection, _ words: (ReportText) -> String, _ cells: (ReportCell) -> String) -> String {
        var out = section.title.map { words($0) + "\n\n" } ?? ""
        for block in section.blocks {
            switch block {
            case .table(let table): out += render(table, words, cells)
            case .line(let text): out += words(text) + "\n"
            case .gap: out += "\n"
            }
        }
        return out
    }

    private static func render(_ table: ReportTable, _ words: (ReportText) -> String, _ cells: (ReportCell) -> String) -> String {
        let header = table.showsHeader ? [table.columns.map { words($0.title) }] : []
        let rows = header + table.rows.map { $0.map(cells) }
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
