import Foundation
public import PennyCore

/// A transaction Penny imported, read back at byte speed for derived data (round-ups).
public struct ScannedTransaction: Sendable {
    /// The date.
    public let date: LocalDate
    /// 1-based line of the header.
    public let line: Int
    /// The `id` tag.
    public let id: UInt64
    /// The postings as written (account, amount; nil when elided).
    public let postings: [(account: String, amount: Money?)]
    /// The tags that were asked for, by name.
    public let tags: [String: String]
    /// The description line, when asked for.
    public let description: String?
}

/// The transaction scanner's reading of a journal's classified lines: each transaction's
/// date, `id` tag, the tags asked for, its description when asked, and its postings as
/// written, handed on when a blank line (of spaces too), an unindented line or the end of
/// the file ends it.
struct TransactionScan {
    /// Reads the amounts.
    let reader: JournalReader
    /// The file read, for the errors' locations.
    let path: String
    /// The tag lines' prefixes (`; NAME:`) asked for, with their names.
    let wanted: [([UInt8], String)]
    /// True to keep each header's description.
    let wantsDescription: Bool
    /// False to hand on transactions without an `id` tag too (with id 0).
    let requiresID: Bool
    private var names = NameTable()
    private var date: LocalDate?
    private var headerLine = 0
    private var id: UInt64?
    private var description: String?
    private var tags: [String: String] = [:]
    private var postings: [(account: String, amount: Money?)] = []

    /// A scan of the file at `path` keeping the tags `tagNames`.
    init(reader: JournalReader, path: String, tagNames: Set<String>, wantsDescription: Bool, requiresID: Bool) {
        self.reader = reader
        self.path = path
        self.wanted = tagNames.map { (Array("; \($0):".utf8), $0) }
        self.wantsDescription = wantsDescription
        self.requiresID = requiresID
    }

    /// Reads one line; a transaction it ends goes to `body`.
    @inline(__always)
    mutating func take(_ line: ClassifiedLine, _ body: (ScannedTransaction) throws(MoneyError) -> Void) throws(PennyError) {
        switch line.kind {
        case .posting(let account):
            guard date != nil else { return }
            postings.append(try reader.parsePosting(line.bytes, account: account, line.number, path, &names))
        case .indentedComment:
            guard date != nil else { return }
            tag(line.bytes)
        case .transactionHead(let day):
            try finish(body)
            date = day
            headerLine = line.number
            if wantsDescription { description = JournalReader.description(line.bytes) }
        case .blank, .include, .other:
            try finish(body)
        }
    }

    /// Reads an indented `;` comment line: the `id` tag or a tag asked for.
    @inline(__always)
    private mutating func tag(_ line: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        let rest = UnsafeBufferPointer(rebasing: line[i...])
        guard rest[0] == UInt8(ascii: ";") else { return }
        if rest.count >= 5, rest[1] == 0x20, rest[2] == UInt8(ascii: "i"), rest[3] == UInt8(ascii: "d"), rest[4] == UInt8(ascii: ":") {
            id = IDTag.value(line)
        } else {
            for (tagPrefix, name) in wanted where rest.starts(with: tagPrefix) {
                tags[name] = JournalReader.trimmedText(UnsafeBufferPointer(rebasing: rest[tagPrefix.count...]))
            }
        }
    }

    /// Ends the transaction read so far (if any): it goes to `body` when it has an id or
    /// none is required.
    mutating func finish(_ body: (ScannedTransaction) throws(MoneyError) -> Void) throws(PennyError) {
        guard let d = date else { return }
        defer {
            date = nil
            id = nil
            description = nil
            tags.removeAll(keepingCapacity: true)
            postings.removeAll(keepingCapacity: true)
        }
        guard let i = id ?? (requiresID ? nil : 0) else { return }
        do throws(MoneyError) {
            try body(ScannedTransaction(date: d, line: headerLine, id: i, postings: postings, tags: tags, description: description))
        } catch {
            throw .badInput("a sum of amounts passes what Penny counts exactly (\(Int64.max) minor units) at this transaction", at: SourceLocation(file: path, line: headerLine))
        }
    }
}

extension JournalReader {
    /// Calls `body` for every transaction with an `id` tag (every transaction, hand-written
    /// ones with id 0, when `requiresID` is false), and `comment` for every top-level
    /// comment line starting with `commentPrefix`. Only the tags named in `tagNames` become
    /// strings, so a million transactions stream in about a second. The file's `include`
    /// lines are not followed.
    /// - Complexity: O(size of the file); memory is one transaction (plus account names).
    public func forEachTransaction(
        path: String, tagNames: Set<String>, wantsDescription: Bool, commentPrefix: String, requiresID: Bool = true,
        comment: (String) -> Void, _ body: (ScannedTransaction) throws(MoneyError) -> Void
    ) throws(PennyError) {
        let prefix = Array(commentPrefix.utf8)
        var scan = TransactionScan(reader: self, path: path, tagNames: tagNames, wantsDescription: wantsDescription, requiresID: requiresID)
        _ = try JournalLines.read(path: path) { (line) throws(PennyError) in
            try scan.take(line, body)
            if case .other = line.kind, line.bytes.first == UInt8(ascii: ";"), line.bytes.starts(with: prefix) {
                comment(String(decoding: line.bytes, as: UTF8.self))
            }
        }
        try scan.finish(body)
    }

    /// The text of `bytes` without white space at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives it; spaces and tabs are cut from the
    /// bytes, and only text with another byte above ASCII at an end goes through Foundation
    /// (Penny's tag values never do: this is asked for each transaction's `rule` tag).
    static func trimmedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The text after the date and status mark, up to a comment.
    static func description(_ line: UnsafeBufferPointer<UInt8>) -> String {
        var start = min(10, line.count)
        var end = line.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        while start < end, isSpace(line[start]) { start += 1 }
        if end - start >= 2, line[start] == UInt8(ascii: "*") || line[start] == UInt8(ascii: "!"), isSpace(line[start + 1]) { start += 2 }
        if let semicolon = line[start..<end].firstIndex(of: UInt8(ascii: ";")) { end = semicolon }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        return String(decoding: line[start..<end], as: UTF8.self)
    }
}
