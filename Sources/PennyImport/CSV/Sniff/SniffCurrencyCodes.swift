import Foundation

/// The ISO 4217 codes in use, from ICU through Foundation: what the sniffer takes for a
/// currency in a header (`Amount EUR`) or a column. `Currency(code:)` accepts any three
/// letters, which would read `Amount Out` as an amount in "OUT".
enum SniffCurrencyCodes {
    static let all: Set<String> = Set(Locale.commonISOCurrencyCodes).union(replaced)

    /// Codes replaced by the euro since 1999, which older
    /// exports and test files still write (`LTL` in Swedbank Lithuania's).
    static let replaced: Set<String> = [
        "ATS", "BEF", "CYP", "DEM", "EEK", "ESP", "FIM", "FRF", "GRD", "IEP", "ITL", "LTL", "LUF", "LVL", "MTL", "NLG", "PTE", "SIT", "SKK",
    ]

    /// True for a code in use (`EUR`, `usd`).
    static func contains(_ text: some StringProtocol) -> Bool { all.contains(text.uppercased()) }
}
