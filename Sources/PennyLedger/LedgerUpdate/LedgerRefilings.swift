import Foundation
import PennyCore

/// Entries already in the ledger that an update rewrites at commit: refiled as a transfer
/// (their category posting's account and rule tag) or as an exchange (their postings).
struct LedgerRefilings {
    /// One entry to rewrite, and what that changes in the balances.
    struct Refiling {
        /// The entry's dedup id.
        let id: UInt64
        /// The transfer's other own account (nil: an exchange).
        let category: String?
        /// The exchange's posting lines (nil: a transfer).
        let postings: [String]?
        /// The id log's length when asked (a rollback forgets those after its mark).
        let at: Int
        /// What the rewrite changes in the balances.
        let adjustments: [(account: String, date: LocalDate, amount: Money)]
    }

    /// The entries to rewrite, in the order asked.
    private(set) var all: [Refiling] = []

    /// True when nothing is to be rewritten.
    var isEmpty: Bool { all.isEmpty }

    /// Adds `refiling`.
    mutating func add(_ refiling: Refiling) { all.append(refiling) }

    /// Forgets the refilings asked after the id log had `start` entries; returns them.
    mutating func rollback(to start: Int) -> [Refiling] {
        let dropped = all.filter { $0.at >= start }
        all.removeAll { $0.at >= start }
        return dropped
    }

    /// Rewrites the journal file at `path` with the refiled entries (atomically), its
    /// lines ending in CRLF when `crlf`. Streamed: one transaction's lines are held at a
    /// time, so memory stays flat however large the ledger.
    func apply(to path: String, crlf: Bool, ledgerPath: String) throws(PennyError) {
        let targets = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let writer = try AtomicFileWriter(path: path)
        var output = RefiledOutput(writer: writer, separator: crlf ? [0x0D, 0x0A] : [0x0A])
        var block = RefiledBlock()
        let read = LineReader.forEachLine(path: path) { line, _ in
            switch JournalLine.classify(line) {
            case .posting, .indentedComment:
                if block.isEmpty { output.line(line) } else { block.add(line) }
            case .transactionHead:
                output.block(block, targets)
                block.start(line)
            default:
                output.block(block, targets)
                block = RefiledBlock()
                output.line(line)
            }
            return output.failure == nil
        }
        output.block(block, targets)
        if LedgerLineEnds.endsWithNewline(path) { output.end() }
        guard read else { throw PennyError(.ledgerUnavailable, "cannot read \(path)", at: SourceLocation(file: ledgerPath)) }
        if let failure = output.failure { throw failure }
        try writer.commit()
    }

    /// Rewrites the refiled entries among `lines`: an entry is the transaction whose tag
    /// lines hold its `; id:`. The whole-text reference the streamed `apply` is checked
    /// against (`LedgerRefilingsTests`); the commit itself uses `apply`.
    func rewrite(_ lines: inout [String]) {
        let targets = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var head: Int?
        var i = 0
        while i < lines.count {
            switch JournalLine.classify(lines[i]) {
            case .transactionHead: head = i
            case .posting: break
            case .indentedComment:
                if let start = head, let id = IDTag.value(lines[i]), let target = targets[id] {
                    i = Self.rewrite(&lines, entryAt: start, as: target)
                    head = nil
                    continue
                }
            case .blank, .include, .other: head = nil
            }
            i += 1
        }
    }

    /// Rewrites the entry whose first line is `start` as `target`; returns the index of
    /// the line after it.
    static func rewrite(_ lines: inout [String], entryAt start: Int, as target: Refiling) -> Int {
        var j = start + 1
        var postingDone = false
        var postingLines: [Int] = []
        while j < lines.count {
            switch JournalLine.classify(lines[j]) {
            case .indentedComment:
                if target.category != nil, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("; rule:") {
                    lines[j] = "    ; rule: \(JournalEntry.transferRule)"
                }
            case .posting(let range):
                postingLines.append(j)
                if let category = target.category, !postingDone {
                    let account = String(decoding: Array(lines[j].utf8)[range], as: UTF8.self)
                    lines[j] = LedgerRecategorizer.replacingAccount(in: lines[j], old: account, new: category)
                    postingDone = true
                }
            case .blank, .transactionHead, .include, .other:
                return replacePostings(&lines, postingLines, with: target.postings, next: j)
            }
            j += 1
        }
        return replacePostings(&lines, postingLines, with: target.postings, next: j)
    }

    /// Replaces the contiguous posting lines `at` with `postings` (when an exchange gives
    /// them); returns `next` moved by the change in line count.
    private static func replacePostings(_ lines: inout [String], _ at: [Int], with postings: [String]?, next: Int) -> Int {
        guard let postings, let first = at.first, let last = at.last, last - first + 1 == at.count else { return next }
        lines.replaceSubrange(first...last, with: postings)
        return next + postings.count - at.count
    }
}
