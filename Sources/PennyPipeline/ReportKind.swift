/// The reports `penny report KIND` makes, from one list.
public enum ReportKind: String, CaseIterable, Sendable {
    case summary, categories, balances, budget, roundups, cards, recurring, forecast, html, site
}

/// How a report is written: each a writer of `ReportDocument` (JSON keeps SPEC shapes).
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, csv, json, html
}
