import ArgumentParser
import PennyCore

/// SPEC §3's exit codes.
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
}
