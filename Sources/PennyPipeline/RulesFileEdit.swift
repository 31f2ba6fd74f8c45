import Foundation
public import PennyCore
import PennyLedger
public import PennyRules

/// Where a rule block goes in the rules files.
public struct RulePlacement: Sendable, Equatable {
    /// The rules file (created when missing).
    public let file: String
    /// Before this 1-based line (an existing rule's `rule` line), or at the end when `nil`.
    public let beforeLine: Int?

    /// A placement.
    public init(file: String, beforeLine: Int?) {
        self.file = file
        self.beforeLine = beforeLine
    }
}

/// Rule blocks inserted into rules files: the new texts are loaded and checked as a whole
/// before anything is written, then each changed file is replaced atomically.
public struct RulesFileEdit {
    /// The rules path (a file or a directory), as the commands take it.
    public let rulesPath: String
    /// The new text of each changed file, keyed by its standardized path.
    public private(set) var texts: [String: String] = [:]

    /// An edit of the rules at `rulesPath`, nothing changed yet.
    public init(rulesPath: String) { self.rulesPath = rulesPath }

    /// Adds drafts at their placements (several in one file are kept in the given order).
    public mutating func insert(_ drafts: [(draft: RuleDraft, placement: RulePlacement)]) {
        let byFile = Dictionary(grouping: drafts, by: { ($0.placement.file as NSString).standardizingPath })
        for (file, items) in byFile {
            var lines = Self.lines(texts[file] ?? (FileManager.default.contents(atPath: file).flatMap { String(data: $0, encoding: .utf8) } ?? ""))
            // From the bottom up, so the earlier line numbers stay right.
            let appended = items.filter { $0.placement.beforeLine == nil }.map(\.draft.block).joined()
            if !appended.isEmpty {
                if let last = lines.last, !last.isEmpty { lines.append("") }
                lines += Self.lines(appended)
            }
            let placed = items.filter { $0.placement.beforeLine != nil }
            for line in Set(placed.map { $0.placement.beforeLine! }).sorted(by: >) {
                let blocks = placed.filter { $0.placement.beforeLine == line }.map(\.draft.block).joined()
                lines.insert(contentsOf: Self.lines(blocks), at: min(max(line - 1, 0), lines.count))
            }
            texts[file] = lines.joined(separator: "\n") + "\n"
        }
    }

    /// The text's lines without the final newline's empty line.
    private static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The rules as they will be: every error of the edited files, as `rules check` says them.
    public func check() throws(RulesDiagnostics) -> RuleSet {
        try RulesLoader.load(path: rulesPath, overriding: texts)
    }

    /// Checks, then writes every changed file atomically; hold the ledger's lock.
    public func write() throws(PennyError) {
        do { _ = try check() } catch {
            throw .configuration("the new rules would not pass 'penny rules check' (\(error.errors.first?.message ?? error.summary)); nothing written")
        }
        for (file, text) in texts.sorted(by: { $0.key < $1.key }) { try AtomicFile.write(text, to: file) }
    }
}

extension RulesFileEdit {
    /// Where new rules go when the user names no file: `learned.rules` in a rules directory
    /// (read in name order with the others), or the rules file itself.
    public static func defaultFile(rulesPath: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rulesPath, isDirectory: &isDirectory), isDirectory.boolValue else { return rulesPath }
        return (rulesPath as NSString).appendingPathComponent("learned.rules")
    }
}
