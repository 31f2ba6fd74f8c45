import PennyImport

/// What one fuzz run feeds its inputs to, named by `PENNY_FUZZ_TARGET`.
enum FuzzTarget: String, CaseIterable {
    case csv, ofx, camt, json, qif, mt940, rules, journal

    /// The statement format a reader target forces, or nil for rules and journal.
    var format: StatementFormat? { StatementFormat(rawValue: rawValue) }

    /// The name the input is written under (readers and detection look at the extension).
    var fileName: String {
        switch self {
        case .csv: "statement.csv"
        case .ofx: "statement.ofx"
        case .camt: "statement.camt.xml"
        case .json: "statement.json"
        case .qif: "statement.qif"
        case .mt940: "statement.sta"
        case .rules: "fuzz.rules"
        case .journal: "ledger.journal"
        }
    }
}
