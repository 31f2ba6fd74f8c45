import ArgumentParser
import PennyPipeline
import PennyImport
import PennyReport

extension ReportKind: ExpressibleByArgument {}

extension OutputFormat: ExpressibleByArgument {}

extension CategorySeries.Interval: ExpressibleByArgument {}

/// `--format` of `penny import`: `auto` (detect by content) or one of the formats the
/// reader registry lists, so a new reader needs no change here.
struct FormatChoice: ExpressibleByArgument {
    /// The forced format, or nil for `auto`.
    let format: StatementFormat?

    init?(argument: String) {
        if argument == "auto" {
            format = nil
        } else if let chosen = StatementFormat(rawValue: argument) {
            format = chosen
        } else {
            return nil
        }
    }

    /// `auto, csv, ofx, camt, json, qif or mt940`.
    static var choices: String {
        let names = ["auto"] + StatementFormat.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
