import Foundation
import PennyCore
import PennyLedger

/// What one `penny import` did, for `--log FILE` (one JSON line per run) and `penny status`:
/// when it ran, each file's fate, the totals, the warnings and the exit status.
final class RunRecord {
    /// One file's fate.
    struct File: Codable, Equatable {
        /// The path as given or found in the inbox.
        var file: String
        /// imported, rejected, refused or left.
        var status: String
        var new = 0, duplicates = 0, skipped = 0, uncategorized = 0
        /// Why it was rejected, refused or left.
        var reason: String?
        /// Where batch mode moved it.
        var movedTo: String?

        enum CodingKeys: String, CodingKey {
            case file, status, new, duplicates, skipped, uncategorized, reason
            case movedTo = "moved_to"
        }
    }

    /// The line written to the log.
    struct Line: Codable {
        var start: String
        var end: String
        var ledger: String
        var inbox: String?
        var quarantine: String?
        var files: [File]
        var new: Int, duplicates: Int, rejected: Int
        var warnings: [String]
        var exit: Int32
        var error: String?
    }

    private let started = Date()
    private let ledger: String
    private(set) var files: [File] = []
    private(set) var warnings: [String] = []
    var inbox: String?
    var quarantine: String?
    /// The error that stopped the run, if one did.
    var failure: String?

    init(ledger: String) { self.ledger = ledger }

    func imported(_ file: String, _ outcome: FileOutcome) {
        files.append(File(file: file, status: "imported", new: outcome.new, duplicates: outcome.duplicates, skipped: outcome.skipped, uncategorized: outcome.uncategorized))
    }

    func rejected(_ file: String, _ error: PennyError) { files.append(File(file: file, status: "rejected", reason: TextSanitizer.clean(error.headline))) }

    func refused(_ file: String, _ reason: String) { files.append(File(file: file, status: "refused", reason: reason)) }

    func left(_ file: String, _ reason: String) { files.append(File(file: file, status: "left", reason: reason)) }

    func moved(_ file: String, to destination: String) {
        if let index = files.lastIndex(where: { $0.file == file }) { files[index].movedTo = destination }
    }

    func warning(_ text: String) { warnings.append(TextSanitizer.clean(text)) }

    /// Appends the run's line to `path` (created if missing), in one write.
    func append(to path: String, exit: Int32, error: String?) throws {
        let stamp = ISO8601DateFormatter()
        let imported = files.filter { $0.status == "imported" }
        let line = Line(
            start: stamp.string(from: started), end: stamp.string(from: Date()), ledger: ledger, inbox: inbox, quarantine: quarantine, files: files,
            new: imported.reduce(0) { $0 + $1.new }, duplicates: imported.reduce(0) { $0 + $1.duplicates },
            rejected: files.filter { $0.status == "rejected" || $0.status == "refused" }.count, warnings: warnings, exit: exit, error: error)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(line)
        data.append(0x0A)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PennyError(.ledgerUnavailable, "cannot open the log: \(String(cString: strerror(errno)))", at: SourceLocation(file: path)) }
        defer { close(fd) }
        let written = FaultInjection.fails(.log) ? -1 : data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else {
            throw PennyError(
                .ledgerUnavailable, "cannot write the log: \(String(cString: strerror(errno))); the run's line is missing from it (what the run did is above)",
                at: SourceLocation(file: path))
        }
    }
}
