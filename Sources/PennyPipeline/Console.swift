import Foundation
import PennyCore
import PennyRules

/// Where a run prints: results to one sink (stdout), diagnostics to another (stderr). The
/// command line uses the standard streams; tests capture both.
public struct Console: Sendable {
    /// True when result lines are suppressed (`--quiet`); errors and warnings still print.
    public let quiet: Bool
    /// Receives result lines, each without its line end.
    private let out: @Sendable (String) -> Void
    /// Receives errors and warnings, each without its line end.
    private let err: @Sendable (String) -> Void
    /// A console on the standard streams.
    public init(quiet: Bool) {
        self.init(quiet: quiet, out: { print($0) }, err: { StandardStreams.error($0) })
    }

    /// A console on the given sinks.
    public init(quiet: Bool, out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.quiet = quiet
        self.out = out
        self.err = err
    }

    /// A result line (suppressed by --quiet).
    public func say(_ text: String) {
        if !quiet { out(text) }
    }

    /// A diagnostic on stderr.
    public func error(_ error: PennyError) {
        err(error.description)
    }

    /// A warning on stderr.
    public func warn(_ text: String) {
        err(text)
    }

    /// Every rules error, then a count.
    public func errors(_ diagnostics: RulesDiagnostics) {
        for error in diagnostics.errors { self.error(error) }
        err(diagnostics.summary)
    }
}
