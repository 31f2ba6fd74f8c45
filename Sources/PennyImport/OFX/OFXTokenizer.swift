import Foundation
import PennyCore

/// Splits an OFX file into tags, text and line ends from `<OFX>` on (the line ends before
/// it too, so line numbers stay the file's), for `OFXNormalizer`. Refuses entity
/// declarations and external DTDs before `<OFX>`, and malformed or unterminated tags.
struct OFXTokenizer {
    /// One piece of the file.
    enum Token {
        case open(String), close(String), text(String), cdata(String), newline
    }

    private let chars: [Unicode.Scalar]
    private let fileName: String
    private var found: [Token] = []
    private var i = 0
    private var line = 1

    /// A tokenizer of `text`, read from `fileName` (for the errors' locations).
    init(_ text: String, fileName: String) {
        self.chars = Array(text.unicodeScalars)
        self.fileName = fileName
    }

    /// The tokens, or the error of the first line that cannot be read.
    consuming func tokens() throws(PennyError) -> [Token] {
        var started = false
        while i < chars.count {
            if chars[i] == "\n" {
                newline()
                i += 1
            } else if !started {
                started = try startsOFX()
                if !started { i += 1 }
            } else if chars[i] == "<" {
                try readMarkup()
            } else {
                readText()
            }
        }
        guard started else {
            throw .badInput("no <OFX> element: this is not an OFX file", at: SourceLocation(file: fileName, line: 1))
        }
        return found
    }

    private mutating func newline() {
        found.append(.newline)
        line += 1
    }

    /// Whether `<OFX>` starts here; throws at an entity declaration or an external DTD.
    private func startsOFX() throws(PennyError) -> Bool {
        guard chars[i] == "<" else { return false }
        if i + 4 < chars.count, String(String.UnicodeScalarView(chars[(i + 1)..<(i + 5)])).uppercased() == "OFX>" { return true }
        if i + 8 < chars.count, String(String.UnicodeScalarView(chars[i..<(i + 9)])) == "<!ENTITY " {
            // An entity declaration before <OFX> would be dropped and its uses read as
            // text: a statement has none, so the file is refused (no XXE, no expansion).
            throw .badInput(
                "the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none", at: SourceLocation(file: fileName, line: line))
        }
        if let system = OFXNormalizer.externalDTD(chars, at: i) {
            throw .badInput(
                "the file names an external DTD ('\(TextSanitizer.clean(system))'); Penny never loads one, and a bank statement needs none",
                at: SourceLocation(file: fileName, line: line))
        }
        return false
    }

    /// What starts with `<`: character data, a comment, a processing instruction or a tag.
    private mutating func readMarkup() throws(PennyError) {
        if i + 8 < chars.count, String(String.UnicodeScalarView(chars[i..<(i + 9)])) == "<![CDATA[" { return readCDATA() }
        if i + 3 < chars.count, chars[i + 1] == "!", chars[i + 2] == "-", chars[i + 3] == "-" { return skipComment() }
        if i + 1 < chars.count, chars[i + 1] == "?" {
            while i < chars.count, chars[i] != ">" { i += 1 }
            i += 1
            return
        }
        try readTag()
    }

    /// Character data: its text as it is.
    private mutating func readCDATA() {
        var j = i + 9
        var value = ""
        while j < chars.count, !(chars[j] == "]" && j + 2 < chars.count && chars[j + 1] == "]" && chars[j + 2] == ">") {
            if chars[j] == "\n" { newline() } else { value.unicodeScalars.append(chars[j]) }
            j += 1
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { found.append(.cdata(trimmed)) }
        i = j + 3
    }

    /// A comment: skipped to `-->`, keeping line ends.
    private mutating func skipComment() {
        i += 4
        while i < chars.count, !(chars[i] == "-" && i + 2 < chars.count && chars[i + 1] == "-" && chars[i + 2] == ">") {
            if chars[i] == "\n" { newline() }
            i += 1
        }
        i += 3
    }

    /// `<NAME>`, `</NAME>` or `<NAME/>` (an empty element).
    private mutating func readTag() throws(PennyError) {
        var j = i + 1
        while j < chars.count, chars[j] != ">", chars[j] != "<", chars[j] != "\n" { j += 1 }
        guard j < chars.count, chars[j] == ">" else {
            throw .badInput("unterminated tag: expected '>'", at: SourceLocation(file: fileName, line: line))
        }
        var name = String(String.UnicodeScalarView(chars[(i + 1)..<j])).trimmingCharacters(in: .whitespaces)
        i = j + 1
        let isClose = name.hasPrefix("/")
        if isClose { name.removeFirst() }
        if name.hasSuffix("/") {
            name.removeLast()
            found += [.open(name.uppercased()), .close(name.uppercased())]
            return
        }
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-" })
        else {
            throw .badInput("malformed OFX tag '<\(name)>'", at: SourceLocation(file: fileName, line: line))
        }
        found.append(isClose ? .close(name.uppercased()) : .open(name.uppercased()))
    }

    /// Text up to the next tag or line end, trimmed; nothing when blank.
    private mutating func readText() {
        var j = i
        while j < chars.count, chars[j] != "<", chars[j] != "\n" { j += 1 }
        let value = String(String.UnicodeScalarView(chars[i..<j])).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
        if !value.isEmpty { found.append(.text(value)) }
        i = j
    }
}
