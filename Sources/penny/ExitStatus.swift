import ArgumentParser
import PennyCore
import PennyRules

/// SPEC §3's exit codes (and 130 when `penny categorize` is stopped). The man pages' EXIT
/// STATUS (scripts/man_pages.py) and docs/nightly.md list them: keep them in step.
enum ExitStatus: Int32 {
    case success = 0
    case rejectedInput = 1
    case configuration = 2
    case ledgerUnavailable = 3

    /// The exit code for a domain error.
    init(_ kind: PennyError.Kind) {
        switch kind {
        case .badInput: self = .rejectedInput
        case .configuration: self = .configuration
        case .ledgerUnavailable: self = .ledgerUnavailable
        }
    }

    /// As swift-argument-parser's exit.
    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The exit code `main` gives `error`, and the one line (and stable code) a run log
    /// keeps of it (nil for an exit that says nothing more, like "some file was rejected").
    static func describe(_ error: Error) -> (code: Int32, reason: String?, errorCode: PennyError.Code?) {
        switch error {
        case let exit as ExitCode:
            let configuration = exit.rawValue == ExitStatus.configuration.rawValue
            return (exit.rawValue, configuration ? "rules or options error (see the command's output)" : nil, configuration ? .configuration : nil)
        case let error as PennyError:
            return (ExitStatus(error.kind).rawValue, TextSanitizer.clean(error.headline), error.code)
        case let diagnostics as RulesDiagnostics:
            return (ExitStatus.configuration.rawValue, diagnostics.summary, .rules)
        default:
            return (ExitStatus.configuration.rawValue, TextSanitizer.clean("\(error)"), .configuration)
        }
    }
}
