import PennyCore

/// Splits an OFX file's UTF-8 bytes into tags, text and line ends from `<OFX>` on (the
/// line ends before it too, so line numbers stay the file's), for `OFXNormalizer`. Refuses
/// entity declarations and external DTDs before `<OFX>`, and malformed or unterminated tags.
///
/// It works on bytes: every byte it looks for is ASCII, and none is part of a longer UTF-8
/// character. Text is handed on as ranges of the bytes, untrimmed (`OFXText` trims and
/// escapes it); tag names as indexes into `tags`, which reads each distinct tag once.
struct OFXTokenizer {
    /// One piece of the file.
    enum Token {
        /// A start tag (the index of its name in `tags`).
        case open(Int)
        /// An end tag (the index of its name in `tags`).
        case close(Int)
        /// Text up to the next tag or line end, untrimmed (may be blank).
        case text(Range<Int>)
        /// Character data between `<![CDATA[` and `]]>`, line ends included, untrimmed.
        case cdata(Range<Int>)
        /// A line end.
        case newline
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// The names of the tags seen, upper-cased.
    private(set) var tags = OFXTagNames()
    private let fileName: String
    private var line = 1

    /// A tokenizer of `bytes` (UTF-8), read from `fileName` (for the errors' locations).
    init(_ bytes: [UInt8], fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
    }

    /// Sends every token to `handle`; throws the error of the first line that cannot be read.
    /// Run again, it sends the same tokens.
    mutating func run(_ handle: (Token) -> Void) throws(PennyError) {
        line = 1
        var started = false
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte == .newline {
                line += 1
                handle(.newline)
                i += 1
            } else if !started {
                started = try startsOFX(at: i)
                if !started { i += 1 }
            } else if byte == .lessThan {
                i = try readMarkup(at: i, handle)
            } else {
                var j = i
                while j < count, bytes[j] != .lessThan, bytes[j] != .newline { j += 1 }
                handle(.text(i..<j))
                i = j
            }
        }
        guard started else {
            throw .badInput("no <OFX> element: this is not an OFX file", at: SourceLocation(file: fileName, line: 1))
        }
    }

    /// Whether the bytes at `i` spell `literal` (ASCII).
    private func matches(_ literal: StaticString, at i: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard i + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for k in 0..<length where bytes[i + k] != pointer[k] { return false }
        return true
    }

    /// Whether `<OFX>` starts here; throws at an entity declaration or an external DTD.
    private func startsOFX(at i: Int) throws(PennyError) -> Bool {
        guard bytes[i] == .lessThan else { return false }
        if i + 4 < bytes.count, bytes[i + 1] | 0x20 == UInt8(ascii: "o"), bytes[i + 2] | 0x20 == UInt8(ascii: "f"), bytes[i + 3] | 0x20 == UInt8(ascii: "x"),
            bytes[i + 4] == .greaterThan
        {
            return true
        }
        if i + 8 < bytes.count, matches("<!ENTITY ", at: i) {
            // An entity declaration before <OFX> would be dropped and its uses read as
            // text: a statement has none, so the file is refused (no XXE, no expansion).
            throw .badInput(
                "the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none", at: SourceLocation(file: fileName, line: line))
        }
        if let system = OFXNormalizer.externalDTD(bytes, at: i) {
            throw .badInput(
                "the file names an external DTD ('\(TextSanitizer.clean(system))'); Penny never loads one, and a bank statement needs none",
                at: SourceLocation(file: fileName, line: line))
        }
        return false
    }

    /// What starts with `<` at `i`: character data, a comment, a processing instruction or
    /// a tag. Returns where the next token starts.
    private mutating func readMarkup(at i: Int, _ handle: (Token) -> Void) throws(PennyError) -> Int {
        let count = bytes.count
        if i + 8 < count, matches("<![CDATA[", at: i) {
            var j = i + 9
            while j < count, !(bytes[j] == UInt8(ascii: "]") && j + 2 < count && bytes[j + 1] == UInt8(ascii: "]") && bytes[j + 2] == .greaterThan) {
                if bytes[j] == .newline { newline(handle) }
                j += 1
            }
            handle(.cdata((i + 9)..<min(j, count)))
            return j + 3
        }
        if i + 3 < count, bytes[i + 1] == UInt8(ascii: "!"), bytes[i + 2] == UInt8(ascii: "-"), bytes[i + 3] == UInt8(ascii: "-") {
            // A comment: skipped to `-->`, keeping line ends.
            var j = i + 4
            while j < count, !(bytes[j] == UInt8(ascii: "-") && j + 2 < count && bytes[j + 1] == UInt8(ascii: "-") && bytes[j + 2] == .greaterThan) {
                if bytes[j] == .newline { newline(handle) }
                j += 1
            }
            return j + 3
        }
        if i + 1 < count, bytes[i + 1] == UInt8(ascii: "?") {
            // A processing instruction: skipped to `>` (its line ends are not counted).
            var j = i
            while j < count, bytes[j] != .greaterThan { j += 1 }
            return j + 1
        }
        return try readTag(at: i, handle)
    }

    private mutating func newline(_ handle: (Token) -> Void) {
        line += 1
        handle(.newline)
    }

    /// `<NAME>`, `</NAME>` or `<NAME/>` (an empty element).
    private mutating func readTag(at i: Int, _ handle: (Token) -> Void) throws(PennyError) -> Int {
        var j = i + 1
        let count = bytes.count
        while j < count, bytes[j] != .greaterThan, bytes[j] != .lessThan, bytes[j] != .newline { j += 1 }
        guard j < count, bytes[j] == .greaterThan else {
            throw .badInput("unterminated tag: expected '>'", at: SourceLocation(file: fileName, line: line))
        }
        switch tags.read(bytes[(i + 1)..<j]) {
        case .open(let name): handle(.open(name))
        case .close(let name): handle(.close(name))
        case .empty(let name):
            handle(.open(name))
            handle(.close(name))
        case .malformed(let name):
            throw .badInput("malformed OFX tag '<\(name)>'", at: SourceLocation(file: fileName, line: line))
        }
        return j + 1
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let greaterThan = UInt8(ascii: ">")
}
