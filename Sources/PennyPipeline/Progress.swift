import Foundation

/// A one-line progress display on stderr, only when stderr is a terminal (SPEC §3): never
/// in pipes, logs or nightly jobs.
struct Progress {
    let isShown: Bool

    /// Shown when stderr is a TTY and the run is not quiet.
    init(quiet: Bool) {
        isShown = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// `[3/12] importing statement.csv`, overwriting the previous state.
    func update(_ index: Int, of total: Int, _ name: String) {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(index)/\(total)] importing \(name)".utf8))
    }

    /// Removes the line before results are printed.
    func clear() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
