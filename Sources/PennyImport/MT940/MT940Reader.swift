import Foundation
public import PennyCore

/// Reads SWIFT MT940 statements and MT942 interim reports: one statement per `:20:`,
/// with the account of `:25:`, the opening (`:60F:`/`:60M:`) and closing
/// (`:62F:`/`:62M:`) balances, and one transaction per `:61:` with its `:86:` details.
///
/// An MT940 statement must end with its closing balance: a file cut off before it is
/// rejected, never half-imported. MT942 reports (with `:13D:` or `:34F:`) have no
/// balances and end at the next `:20:`. Only the bank's reference (`//...`) is kept as
/// the transaction id: the account owner's reference repeats (Rabobank writes the other
/// party's account there). The file is held in memory (statements are small).
public struct MT940Reader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `mt940`.
    public var format: StatementFormat { .mt940 }

    /// True when the file starts with a SWIFT `{1:` block or an SOH byte, or holds a
    /// `:20:` line and a `:25:`, `:60F:` or `:61:` line.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        var head = probe.head[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let start = head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if start.first == 0x01 || start.starts(with: Array("{1:".utf8)) { return true }
        let lines = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.contains { $0.hasPrefix(":20:") } && lines.contains { $0.hasPrefix(":25:") || $0.hasPrefix(":60F:") || $0.hasPrefix(":61:") }
    }

    /// Streams each statement after checking it is complete.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        try read(text: TextEncodings.decode(try probe.contents(displayName: displayName), declared: nil), displayName: displayName, configuration: configuration, emit: emit)
    }

    /// Refuses a file cut off by a download that stopped: one that ends in the middle of a
    /// line (every MT940 export ends with a line end; a cut inside `:62F:C240131EUR876,84`
    /// left `876,` — 876.00 — and a cut inside a reference truncated it).
    static func checkComplete(_ text: String, displayName: String) throws(PennyError) {
        // The text up to its last character that is not padding (spaces, tabs, SWIFT's ETX, NUL).
        guard let end = text.lastIndex(where: { !" \t\u{03}\u{00}".contains($0) }) else { return }
        let body = text[...end]
        if !body[end].isNewline, !body.hasSuffix("-}"), !body.hasSuffix("-") {
            let lines = body.split(omittingEmptySubsequences: false, whereSeparator: LineEnds.isLineEnd).count
            throw .badInput("the file ends in the middle of a line, without a line end: it was cut off; download it again", at: SourceLocation(file: displayName, line: lines))
        }
    }

    /// Refuses SWIFT text blocks (`{4:`) not closed by `-}`: checked after the statements,
    /// whose own message (a missing closing balance) says more when there is one.
    static func checkBlocksClosed(_ text: String, displayName: String) throws(PennyError) {
        guard text.contains("{4:"), text.components(separatedBy: "{4:").count > text.components(separatedBy: "-}").count else { return }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: LineEnds.isLineEnd).count
        throw .badInput("a SWIFT text block '{4:' is not closed by '-}': the file was cut off; download it again", at: SourceLocation(file: displayName, line: lines))
    }

    /// True when text looks like MT940: a SWIFT `{1:` block, or `:20:` with `:25:`, `:60F:` or `:61:` lines.
    static func looksLikeMT940(_ text: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("{1:") || trimmed.first == "\u{01}" { return true }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.contains { $0.hasPrefix(":20:") } && lines.contains { $0.hasPrefix(":25:") || $0.hasPrefix(":60F:") || $0.hasPrefix(":61:") }
    }

    /// The fields that open a statement when they follow a closing balance without a `:20:`
    /// (such a statement continues the one before: `MT940StatementBuilder`).
    static let startsStatement: Set<String> = ["25", "28C", "28", "60F", "60M", "61"]

    /// Streams each statement of MT940 text (a file's, or a JSON recording's body).
    func read(text: String, displayName: String, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        try Self.checkComplete(text, displayName: displayName)
        let fields = MT940Fields.split(text)
        guard let first = fields.first(where: { $0.tag == "20" }) else {
            throw .badInput("no statement in this MT940 file: expected a :20: field", at: SourceLocation(file: displayName, line: 1))
        }
        if let stray = fields.first(where: { $0.tag == "61" && $0.line < first.line }) {
            throw .badInput(":61: before the first :20:", at: SourceLocation(file: displayName, line: stray.line))
        }
        var statements: [[MT940Field]] = []
        var closed = false
        for field in fields where field.line >= first.line {
            // A statement starts at :20:, or, after a closing balance, at the next
            // statement's :25:, :28C:, opening balance or first :61: (a bank that leaves
            // out :20:, or all but the lines and the closing balance).
            if field.tag == "20" || (closed && Self.startsStatement.contains(field.tag)) {
                statements.append([])
                closed = false
            }
            statements[statements.count - 1].append(field)
            if field.tag == "62F" || field.tag == "62M" { closed = true }
        }
        var previous: StatementHeader?
        for statement in statements {
            previous = try MT940StatementBuilder(fileName: displayName, defaultCurrency: configuration.defaultCurrency).read(statement, after: previous, emit: emit)
        }
        try Self.checkBlocksClosed(text, displayName: displayName)
    }
}
