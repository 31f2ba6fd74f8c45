/// Reads one answer on a `RawTerminal`: typing, Backspace, Ctrl-U, Tab completion from a
/// list, Enter; Ctrl-C and Ctrl-D (on an empty line) end the session.
struct LineEditor {
    /// How a line ended.
    enum Outcome: Equatable {
        /// Enter, with the text.
        case line(String)
        /// Ctrl-C.
        case interrupted
        /// Ctrl-D on an empty line, or the input closed.
        case endOfInput
    }

    let terminal: RawTerminal

    /// Shows `prompt` and `initial` text, and reads until Enter.
    func read(prompt: String, initial: String = "", completions: [String] = []) -> Outcome {
        var text = initial
        terminal.write(prompt + text)
        while let byte = terminal.readByte() {
            switch byte {
            case 0x0D, 0x0A:
                terminal.write("\n")
                return .line(text)
            case 0x03:
                terminal.write("^C\n")
                return .interrupted
            case 0x04 where text.isEmpty:
                terminal.write("\n")
                return .endOfInput
            case 0x7F, 0x08:
                if !text.isEmpty { text.removeLast() }
            case 0x15:
                text = ""
            case 0x09:
                complete(&text, from: completions, prompt: prompt)
            case 0x1B:
                skipEscapeSequence()
            case 0x20...:
                text = appending(byte, to: text)
            default:
                continue
            }
            terminal.write("\r\u{1B}[K" + prompt + text)
        }
        return .endOfInput
    }

    /// `text` with a typed byte; a UTF-8 lead byte is read with its continuation bytes.
    private func appending(_ byte: UInt8, to text: String) -> String {
        var bytes = [byte]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        while bytes.count < length, let next = terminal.readByte() { bytes.append(next) }
        return text + String(decoding: bytes, as: UTF8.self)
    }

    /// An arrow or function key: `ESC [ … final`, ignored.
    private func skipEscapeSequence() {
        guard terminal.readByte() == UInt8(ascii: "[") else { return }
        while let byte = terminal.readByte(), !(0x40...0x7E).contains(byte) {}
    }

    /// Tab: the one candidate, or the longest prefix the candidates share; when that adds
    /// nothing, the candidates are listed under the line.
    private func complete(_ text: inout String, from candidates: [String], prompt: String) {
        let matches = Self.candidates(for: text, in: candidates)
        guard let first = matches.first else {
            terminal.write("\u{07}")
            return
        }
        let shared = matches.dropFirst().reduce(first) { String($0.commonPrefix(with: $1)) }
        if shared.count > text.count || matches.count == 1 {
            text = matches.count == 1 ? first : shared
        } else {
            let shown = matches.prefix(30).joined(separator: "  ")
            terminal.write("\n" + shown + (matches.count > 30 ? "  … (\(matches.count - 30) more)" : "") + "\n")
        }
    }

    /// The candidates starting with `text`; when none, those whose `:`-separated parts start
    /// with the typed parts (`exp:foo` finds `expenses:food:groceries`).
    static func candidates(for text: String, in all: [String]) -> [String] {
        let prefixed = all.filter { $0.hasPrefix(text) }
        if !prefixed.isEmpty || text.isEmpty { return prefixed }
        let typed = text.split(separator: ":", omittingEmptySubsequences: false)
        return all.filter { candidate in
            let parts = candidate.split(separator: ":", omittingEmptySubsequences: false)
            return parts.count >= typed.count && zip(typed, parts).allSatisfy { $1.hasPrefix($0) }
        }
    }
}
