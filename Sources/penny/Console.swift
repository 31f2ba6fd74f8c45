import ArgumentParser
import Foundation
import PennyCore
import PennyRules

/// Where commands print: results to stdout, diagnostics to stderr.
struct Console {
    let quiet: Bool
    /// Where an import keeps what happened (`--log`): the error that stops it goes there too.
    var record: RunRecord?

    /// A result line (suppressed by --quiet).
    func say(_ text: String) {
        if !quiet { print(text) }
    }

    /// A diagnostic on stderr.
    func error(_ error: PennyError) {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
    }

    /// A warning on stderr.
    func warn(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Every rules error, then a count.
    func errors(_ diagnostics: RulesDiagnostics) {
        for error in diagnostics.errors { self.error(error) }
        let n = diagnostics.errors.count
        FileHandle.standardError.write(Data("\(n) error\(n == 1 ? "" : "s") in the rules\n".utf8))
    }

    /// Loads the rules or prints why not and exits 2.
    func loadRules(_ path: String) throws -> RuleSet {
        do { return try RulesLoader.load(path: path) } catch {
            errors(error)
            throw ExitStatus.configuration.exitCode
        }
    }

    /// Prints a domain error and exits with its code.
    func fail(_ error: PennyError) -> ExitCode {
        self.error(error)
        if let record, record.failure == nil { record.failure = TextSanitizer.clean(error.headline) }
        return ExitStatus(error.kind).exitCode
    }
}
