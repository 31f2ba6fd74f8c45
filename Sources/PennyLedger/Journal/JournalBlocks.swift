import Foundation
public import PennyCore

/// One transaction of a journal as text: its lines, and what Penny reads from them.
public struct JournalBlock: Sendable {
    /// 0-based index of the header line in the file's lines.
    public let firstLine: Int
    /// The block's lines (header, tag comments, postings), as written.
    public var lines: [String]
    /// The date.
    public let date: LocalDate
    /// The description after the date and status mark.
    public let description: String
    /// `; key: value` tags (the first of each name).
    public let tags: [String: String]
    /// Postings: account, amount text as written (nil when elided), and line index in `lines`.
    public let postings: [(account: String, amount: String?, line: Int)]

    /// The bank's own text: the description after `payee | ` when a payee was written.
    public var bankText: String { JournalEntry.split(description: description).bankText }
}

/// Splits a journal into transaction blocks and the lines between them.
///
/// For commands that look at whole transactions (`recategorize`, `uncategorized`). Holds
/// the file's lines in memory: O(ledger size).
public struct JournalBlocks {
    /// Every line of the file, without line ends.
    public private(set) var lines: [String]
    /// The transactions, in file order.
    public private(set) var blocks: [JournalBlock]
    /// True when the file ended with a line end.
    let endsWithNewline: Bool
    /// `\n`, or `\r\n` for a ledger saved with Windows line endings.
    let lineEnding: String

    /// Reads and splits a journal.
    public init(path: String) throws(PennyError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        // Split on the bytes: a String splits "\r\n" as one character, so a CRLF ledger
        // would be one long line. Its line ending is kept for the rewrite.
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
        }
        lineEnding = data.firstIndex(of: 0x0A).map { $0 > data.startIndex && data[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        endsWithNewline = data.last == 0x0A
        if endsWithNewline { lines.removeLast() }
        self.lines = lines
        var blocks: [JournalBlock] = []
        var i = 0
        while i < lines.count {
            guard case .transactionHead(let date) = JournalLine.classify(lines[i]) else {
                i += 1
                continue
            }
            var end = i + 1
            while end < lines.count, JournalLine.classify(lines[end]).continuesTransaction { end += 1 }
            blocks.append(Self.block(Array(lines[i..<end]), firstLine: i, date: date))
            i = end
        }
        self.blocks = blocks
    }

    /// The transaction of `lines` (its head first), whose head is the file's line `firstLine`
    /// (0-based); `JournalBlockStream` makes its blocks with it too.
    static func block(_ lines: [String], firstLine: Int, date: LocalDate) -> JournalBlock {
        var description = lines[0].dropFirst(10).trimmingBlanks
        if description.hasPrefix("* ") || description.hasPrefix("! ") { description = String(description.dropFirst(2)) }
        if let comment = description.unicodeScalars.firstIndex(of: ";") { description = description[..<comment].trimmingBlanks }
        var tags: [String: String] = [:]
        var postings: [(account: String, amount: String?, line: Int)] = []
        for (index, raw) in lines.enumerated().dropFirst() {
            let line = raw.trimmingBlanks
            // An indented `#` line is a comment (`JournalLine`), not a posting.
            if line.hasPrefix("#") { continue }
            if line.hasPrefix(";") {
                let body = line.dropFirst().trimmingBlanks
                if let colon = body.firstIndex(of: ":") {
                    let name = String(body[..<colon])
                    if !name.contains(" "), tags[name] == nil {
                        tags[name] = body[body.index(after: colon)...].trimmingBlanks
                    }
                }
                continue
            }
            guard !line.isEmpty else { continue }
            let (account, rest) = PostingText.split(line)
            postings.append((account, rest, index))
        }
        return JournalBlock(firstLine: firstLine, lines: lines, date: date, description: description, tags: tags, postings: postings)
    }

    /// Replaces a block's lines (same block index), for rewriting.
    public mutating func replace(_ index: Int, lines newLines: [String]) {
        let block = blocks[index]
        precondition(newLines.count == block.lines.count, "a rewrite keeps the line count")
        for (offset, line) in newLines.enumerated() { lines[block.firstLine + offset] = line }
        blocks[index].lines = newLines
    }

    /// The whole text again.
    public var text: String { lines.joined(separator: lineEnding) + (endsWithNewline ? lineEnding : "") }
}
