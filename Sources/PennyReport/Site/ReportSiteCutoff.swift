public import PennyCore

/// Where a report site starts listing transactions one by one: the pages show every month's
/// total, and the lines of the 12 months ending with the ledger's latest.
public enum ReportSiteCutoff {
    /// The first day of the month 11 months before `latest`'s.
    public static func first(latest: LocalDate) -> LocalDate {
        let index = latest.year * 12 + latest.month - 1 - 11
        return LocalDate(year: index / 12, month: index % 12 + 1, day: 1) ?? latest
    }
}
