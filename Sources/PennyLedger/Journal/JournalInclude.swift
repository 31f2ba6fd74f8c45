import Foundation
import PennyCore

/// The one resolver of a journal's `include` lines, for every reader of a journal (its
/// postings, its prices): relative to the including file; a missing file is skipped (hledger
/// refuses it, Penny's own optional journals may not exist yet); a directory, a device or
/// a pipe is refused (it read as nothing, or never ended: a hang), as are a cycle and
/// nesting deeper than 32 files.
enum JournalInclude {
    /// Reads the files `includes` names (targets with their lines in the journal at `path`),
    /// in order, with `read(file, chain)`; `chain` holds the identities of the files being
    /// read, outermost first, and is handed on so a reader that follows the included file's
    /// own includes calls `follow` again with it: the one cycle and depth check.
    static func follow(
        _ includes: [(String, Int)], of path: String, chain: [String], _ read: (String, [String]) throws(PennyError) -> Void
    ) throws(PennyError) {
        guard !includes.isEmpty else { return }
        let within = chain + [JournalReader.identity(path)]
        for (include, line) in includes {
            guard let resolved = try resolve(include, in: path, line: line, chain: within) else { continue }
            try read(resolved, within)
        }
    }

    /// The file `include` names, nil when it does not exist; `chain` holds the identities
    /// of the files being read, outermost first.
    static func resolve(_ include: String, in path: String, line: Int, chain: [String]) throws(PennyError) -> String? {
        let resolved = include.hasPrefix("/") ? include : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(include).path
        guard FileManager.default.fileExists(atPath: resolved) else { return nil }
        if let kind = LedgerPath.notAFile(resolved) {
            throw PennyError(
                .configuration, "'include \(include)': \(resolved) is \(kind), not a journal file; include journal files only", at: SourceLocation(file: path, line: line))
        }
        if chain.contains(JournalReader.identity(resolved)) {
            throw PennyError(
                .configuration, "'include \(include)' makes a cycle: \(resolved) is already being read; remove the include", at: SourceLocation(file: path, line: line))
        }
        guard chain.count < 32 else {
            throw PennyError(.configuration, "'include \(include)': includes nest deeper than 32 files", at: SourceLocation(file: path, line: line))
        }
        return resolved
    }
}
