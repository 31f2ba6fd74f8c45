import Foundation
public import PennyCore
import PennyLedger

/// What one `penny import` did, for `--log FILE` (one JSON line per run) and `penny status`:
/// when it ran, each file's fate, the totals, the warnings and the exit status.
public final class RunRecord {
    /// One file's fate.
    public struct File: Codable, Equatable {
        /// The path as given or found in the inbox.
        public var file: String
        /// imported, rejected, refused or left.
        public var status: String
        public var new = 0, duplicates = 0, skipped = 0, uncategorized = 0
        /// Why it was rejected, refused or left.
        public var reason: String?
        /// The stable code of why it was rejected or refused (`PennyError.Code`).
        public var code: String?
        /// Where batch mode moved it.
        public var movedTo: String?

        enum CodingKeys: String, CodingKey {
            case file, status, new, duplicates, skipped, uncategorized, reason, code
            case movedTo = "moved_to"
        }
    }

    /// The line written to the log.
    public struct Line: Codable {
        /// When the run started (ISO 8601).
        public var start: String
        /// When it ended.
        public var end: String
        /// The ledger it wrote.
        public var ledger: String
        /// Batch mode's inbox.
        public var inbox: String?
        /// Batch mode's quarantine, as an absolute path.
        public var quarantine: String?
        /// Each file's fate.
        public var files: [File]
        public var new: Int, duplicates: Int, rejected: Int
        /// Warnings printed during the run.
        public var warnings: [String]
        /// The exit status.
        public var exit: Int32
        /// The error that stopped the run.
        public var error: String?
        /// Its stable code (`PennyError.Code`).
        public var errorCode: String?

        enum CodingKeys: String, CodingKey {
            case start, end, ledger, inbox, quarantine, files, new, duplicates, rejected, warnings, exit, error
            case errorCode = "error_code"
        }
    }

    private let started = Date()
    private let ledger: String
    private(set) var files: [File] = []
    private(set) var warnings: [String] = []
    /// Batch mode's inbox.
    public var inbox: String?
    /// Batch mode's quarantine, as an absolute path.
    public var quarantine: String?
    /// The error that stopped the run, if one did.
    public var failure: String?
    /// Its stable code.
    public var failureCode: String?

    /// A record of a run on `ledger`, started now.
    public init(ledger: String) { self.ledger = ledger }

    /// A file imported with these counts.
    public func imported(_ file: String, _ outcome: FileOutcome) {
        files.append(File(file: file, status: "imported", new: outcome.new, duplicates: outcome.duplicates, skipped: outcome.skipped, uncategorized: outcome.uncategorized))
    }

    /// A file rejected for `error`.
    public func rejected(_ file: String, _ error: PennyError) {
        files.append(File(file: file, status: "rejected", reason: TextSanitizer.clean(error.headline), code: error.code.rawValue))
    }

    /// An inbox entry refused unread.
    public func refused(_ file: String, _ reason: String) { files.append(File(file: file, status: "refused", reason: reason, code: PennyError.Code.refused.rawValue)) }

    /// A file left in the inbox for the next run.
    public func left(_ file: String, _ reason: String) { files.append(File(file: file, status: "left", reason: reason)) }

    /// Where batch mode filed a file.
    public func moved(_ file: String, to destination: String) {
        if let index = files.lastIndex(where: { $0.file == file }) { files[index].movedTo = destination }
    }

    /// A warning of the run.
    public func warning(_ text: String) { warnings.append(TextSanitizer.clean(text)) }

    /// Appends the run's line to `path` (created if missing), in one write.
    public func append(to path: String, exit: Int32, error: String?) throws {
        let stamp = ISO8601DateFormatter()
        let imported = files.filter { $0.status == "imported" }
        let line = Line(
            start: stamp.string(from: started), end: stamp.string(from: Date()), ledger: ledger, inbox: inbox, quarantine: quarantine, files: files,
            new: imported.reduce(0) { $0 + $1.new }, duplicates: imported.reduce(0) { $0 + $1.duplicates },
            rejected: files.filter { $0.status == "rejected" || $0.status == "refused" }.count, warnings: warnings, exit: exit, error: error,
            errorCode: error == nil ? nil : failureCode)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(line)
        data.append(0x0A)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PennyError(.ledgerUnavailable, "cannot open the log: \(String(cString: strerror(errno)))", at: SourceLocation(file: path)) }
        defer { close(fd) }
        // One line, written whole: a short write (a signal, a nearly full disk) goes on
        // where it stopped instead of leaving half a line for the next run's to follow.
        let written =
            FaultInjection.fails(.log)
            ? -1
            : data.withUnsafeBytes { bytes -> Int in
                var done = 0
                while done < bytes.count {
                    guard let base = bytes.baseAddress else { return -1 }
                    let n = write(fd, base + done, bytes.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return -1 }
                    done += n
                }
                return done
            }
        guard written == data.count else {
            throw PennyError(
                .ledgerUnavailable, "cannot write the log: \(String(cString: strerror(errno))); the run's line is missing from it (what the run did is above)",
                at: SourceLocation(file: path))
        }
    }
}
