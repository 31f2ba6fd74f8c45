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
/// party's account there). The file is streamed; one statement is held at a time (a SWIFT
/// message is at most a few thousand characters, a bank's export a day or a month).
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

    /// Streams each statement: the file is read a line at a time and each statement is
    /// emitted once the next one starts, so memory holds one statement, not the file.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        var statements = MT940StatementStream(fileName: displayName, defaultCurrency: configuration.defaultCurrency)
        let ending = try MT940Lines.forEach(url: probe.url, displayName: displayName) { (line) throws(PennyError) in try statements.add(line, emit: emit) }
        try finish(&statements, ending: ending, displayName: displayName, emit: emit)
    }

    /// The end of the text: a cut refused first (its message says more than the missing
    /// closing balance it causes), then the last statement, then an open SWIFT block.
    private func finish(
        _ statements: inout MT940StatementStream, ending: MT940Lines.Ending, displayName: String, emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        if let line = ending.cutLine {
            throw .badInput("the file ends in the middle of a line, without a line end: it was cut off; download it again", at: SourceLocation(file: displayName, line: line))
        }
        try statements.finish(emit: emit)
        if ending.openBlocks > 0 {
            throw .badInput(
                "a SWIFT text block '{4:' is not closed by '-}': the file was cut off; download it again", at: SourceLocation(file: displayName, line: ending.lineCount))
        }
    }

    /// True when text looks like MT940: a SWIFT `{1:` block, or `:20:` with `:25:`, `:60F:` or `:61:` lines.
    static func looksLikeMT940(_ text: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("{1:") || trimmed.first == "\u{01}" { return true }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.contains { $0.hasPrefix(":20:") } && lines.contains { $0.hasPrefix(":25:") || $0.hasPrefix(":60F:") || $0.hasPrefix(":61:") }
    }

    /// Streams each statement of MT940 text (a JSON recording's body).
    func read(text: String, displayName: String, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        var statements = MT940StatementStream(fileName: displayName, defaultCurrency: configuration.defaultCurrency)
        let ending = try MT940Lines.forEach(text: text) { (line) throws(PennyError) in try statements.add(line, emit: emit) }
        try finish(&statements, ending: ending, displayName: displayName, emit: emit)
    }
}
