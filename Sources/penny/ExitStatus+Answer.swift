import ArgumentParser
import PennyCore
import PennyPipeline
import PennyRules

extension ExitStatus {
    /// Says why the command line did not parse, with the usage text (or prints the help
    /// or version asked for); the exit code: 0 for help, 2 for a usage error.
    static func answerParsing(_ error: Error) -> Int32 {
        let code = Penny.exitCode(for: error)
        if code == .success {
            print(Penny.fullMessage(for: error))
            return 0
        }
        StandardStreams.error(Penny.fullMessage(for: error))
        return code == .validationFailure ? configuration.rawValue : code.rawValue
    }

    /// Says why a command that parsed failed, without the usage text (the command line was
    /// right; the ledger, the rules or a value in it were not); the exit code.
    static func answerRunning(_ error: Error) -> Int32 {
        switch error {
        case let exit as ExitCode:
            return exit.rawValue
        case let error as PennyError:
            StandardStreams.error(error.description)
            return ExitStatus(error.kind).rawValue
        case let diagnostics as RulesDiagnostics:
            Console(quiet: false).errors(diagnostics)
            return configuration.rawValue
        case let validation as ValidationError:
            StandardStreams.error(PennyError.configuration(validation.message).description)
            return configuration.rawValue
        default:
            let code = Penny.exitCode(for: error)
            guard code != .success else { return answerParsing(error) }
            StandardStreams.error(Penny.message(for: error))
            return code == .validationFailure ? configuration.rawValue : code.rawValue
        }
    }
}
