import ArgumentParser
import PennyReport

/// The reports `penny report KIND` makes, from one list.
enum ReportKind: String, CaseIterable, ExpressibleByArgument {
    case summary, categories, balances, budget, roundups, cards, recurring, forecast, html
}

/// How a report is written: each a writer of `ReportDocument` (JSON keeps SPEC shapes).
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, csv, json, html
}

extension CategorySeries.Interval: ExpressibleByArgument {}
