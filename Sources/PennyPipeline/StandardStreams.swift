import Foundation

/// The process's standard streams in the order a person reads them: standard output is
/// flushed before a line goes to standard error, so results and diagnostics sent to one
/// place (`2>&1`, a log, the journal) come out in the order they were said.
public enum StandardStreams {
    /// Writes `line` and a line end to standard error, after what standard output holds.
    public static func error(_ line: String) {
        fflush(nil)  // every output stream: standard output is the one written to
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
