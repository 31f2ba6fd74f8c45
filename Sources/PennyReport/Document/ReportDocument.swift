public import PennyCore

/// What a report contains, apart from how it is written: the sections a person reads and
/// the flat table a spreadsheet reads. Writers (`TextReportWriter`, `CSVReportWriter`, …)
/// render any document, so a new output format is one new writer, not an edit per report.
/// JSON is not a writer: each report keeps the shape SPEC §3 gives it.
public struct ReportDocument: Sendable {
    /// What a person reads, in order.
    public var sections: [ReportSection]
    /// One row per item with machine-readable column names, for `--format csv`.
    public var data: ReportTable

    /// Makes a document.
    public init(sections: [ReportSection], data: ReportTable) {
        self.sections = sections
        self.data = data
    }
}

/// A titled part of a report: tables and lines of text.
public struct ReportSection: Sendable {
    /// The heading, e.g. `Summary 2024-03-01 .. 2024-03-31 (EUR)`; nil for none.
    public var title: ReportText?
    /// The content, in order.
    public var blocks: [ReportBlock]

    /// Makes a section.
    public init(title: ReportText?, blocks: [ReportBlock]) {
        self.title = title
        self.blocks = blocks
    }
}

/// One piece of a section.
public enum ReportBlock: Sendable {
    /// A table.
    case table(ReportTable)
    /// A sentence on a line of its own.
    case line(ReportText)
    /// Space between two blocks.
    case gap
}

/// Rows of typed cells under titled columns.
public struct ReportTable: Sendable {
    /// The columns, in order.
    public var columns: [ReportColumn]
    /// The rows; each has one cell per column.
    public var rows: [[ReportCell]]
    /// False for a table of labelled figures whose column titles are not shown.
    public var showsHeader: Bool

    /// Makes a table.
    public init(columns: [ReportColumn], rows: [[ReportCell]] = [], showsHeader: Bool = true) {
        self.columns = columns
        self.rows = rows
        self.showsHeader = showsHeader
    }
}

/// A column: its title and which way its cells line up.
public struct ReportColumn: Sendable {
    /// The title (`Balance`, or `statement_balance` in a data table).
    public var title: ReportText
    /// True for numbers, which line up on the right.
    public var isNumeric: Bool

    /// A text column.
    public static func text(_ title: ReportText) -> ReportColumn { ReportColumn(title: title, isNumeric: false) }
    /// A number column.
    public static func number(_ title: ReportText) -> ReportColumn { ReportColumn(title: title, isNumeric: true) }
}

/// One cell: typed, so that each writer formats it its own way.
public enum ReportCell: Sendable {
    /// Text as it is (data: an account, a payee).
    case text(String)
    /// Words for a person, translated by a writer with a locale (`Income`, `Total`).
    indirect case label(ReportText)
    /// An amount.
    case money(Money)
    /// A share in percent, shown as a number (`28.00`; `28.0` in data).
    case share(Percentage)
    /// A percentage shown with its sign (`50.62%`).
    case percent(Percentage)
    /// A date.
    case date(LocalDate)
    /// A yes/no figure.
    case flag(Bool)
    /// A value that does not exist here (`-` in a table, empty in data).
    case missing
    /// Nothing (a blank cell everywhere).
    case empty

    /// `.money(m)` or `.missing`.
    public static func money(_ value: Money?) -> ReportCell { value.map { .money($0) } ?? .missing }
    /// `.share(p)` or `.missing`.
    public static func share(_ value: Percentage?) -> ReportCell { value.map { .share($0) } ?? .missing }
    /// `.date(d)` or `.missing`.
    public static func date(_ value: LocalDate?) -> ReportCell { value.map { .date($0) } ?? .missing }
}
