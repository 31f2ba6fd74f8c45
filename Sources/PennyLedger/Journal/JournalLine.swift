import Foundation
import PennyCore

/// What one journal line is, by the journal's rules (hledger's): a transaction starts at
/// an unindented date; an indented line in it is a comment (`;` or `#` first) or a
/// posting, whose account ends at two spaces, a tab or the line's end; a line of spaces is
/// blank. Every reading of a journal gets its lines classified by it (`JournalLines`), and
/// the rewrites (refiling, recategorize's blocks, the sort) read lines through it.
enum JournalLine: Equatable {
    /// Empty, or spaces and tabs only: ends a transaction.
    case blank
    /// An unindented `YYYY-MM-DD` (or `/`, `.`) date: a transaction's first line.
    case transactionHead(LocalDate)
    /// An indented posting; `account` is the byte range of its account name.
    case posting(account: Range<Int>)
    /// An indented comment (`;` or `#` after the indentation): a tag line in a transaction.
    case indentedComment
    /// `include FILE` (`includeTarget` reads the file's name).
    case include
    /// Any other unindented line: a comment, a directive, or a date that cannot be read.
    case other

    /// True for a posting or an indented comment: a line that continues a transaction (a
    /// blank line, even of spaces, ends it, as in hledger).
    var continuesTransaction: Bool {
        switch self {
        case .posting, .indentedComment: true
        case .blank, .transactionHead, .include, .other: false
        }
    }

    /// The kind of `line` (without its line end; a trailing CR is ignored).
    @inline(__always)
    static func classify(_ line: UnsafeBufferPointer<UInt8>) -> JournalLine {
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        guard end > 0 else { return .blank }
        let first = line[0]
        guard first == 0x20 || first == 0x09 else { return unindented(UnsafeBufferPointer(rebasing: line[..<end])) }
        var i = 1
        while i < end, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        guard i < end else { return .blank }
        if line[i] == UInt8(ascii: ";") || line[i] == UInt8(ascii: "#") { return .indentedComment }
        let body = UnsafeBufferPointer(rebasing: line[..<end])
        return .posting(account: i..<PostingText.accountEnd(body, from: i))
    }

    /// The kind of an unindented, non-empty line.
    private static func unindented(_ line: UnsafeBufferPointer<UInt8>) -> JournalLine {
        let first = line[0]
        if first >= 0x30 && first <= 0x39 {
            guard let date = JournalReader.parseDate(line) else { return .other }
            return .transactionHead(date)
        }
        return line.starts(with: includePrefix) ? .include : .other
    }

    private static let includePrefix = Array("include ".utf8)

    /// The file an unindented `include FILE` line names (trimmed), or nil for any other
    /// line: the one reading of `include` for the journal reader, the id scan and the
    /// prices reader.
    @inline(__always)
    static func includeTarget(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        guard line.first == UInt8(ascii: "i"), line.starts(with: includePrefix) else { return nil }
        return String(decoding: line.dropFirst(includePrefix.count), as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// The same for a line held as text.
    static func includeTarget(_ line: some StringProtocol) -> String? {
        var line = String(line)
        return line.withUTF8 { includeTarget($0) }
    }

    /// The kind of a line held as text.
    static func classify(_ line: String) -> JournalLine {
        var line = line
        return line.withUTF8 { classify($0) }
    }
}
