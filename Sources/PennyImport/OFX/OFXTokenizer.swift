import PennyCore

/// Splits an OFX file's UTF-8 text into tags, text and line ends from `<OFX>` on (the
/// line ends before it too, so line numbers stay the file's), for `OFXNormalizer`. Refuses
/// entity declarations and external DTDs before `<OFX>`, and malformed or unterminated tags.
///
/// It works on bytes: every byte it looks for is ASCII, and none is part of a longer UTF-8
/// character. It reads `OFXInput`'s window: a token is handed on only once the window holds
/// all of it (else the window is refilled and the token read again), as pointers into the
/// window valid during the call; tag names as indexes into `tags`, which reads each
/// distinct tag once. A class, so that reading its table and window costs no reference
/// counting per token; its state is touched only by `run`, on one thread.
final class OFXTokenizer {
    /// One piece of the file.
    enum Token {
        /// A start tag (the index of its name in `tags`).
        case open(Int)
        /// An end tag (the index of its name in `tags`).
        case close(Int)
        /// Text up to the next tag or line end, untrimmed (may be blank).
        case text(UnsafeBufferPointer<UInt8>)
        /// Character data between `<![CDATA[` and `]]>`, line ends included, untrimmed.
        case cdata(UnsafeBufferPointer<UInt8>)
        /// A line end.
        case newline
    }

    /// Fixed lookahead markup needs at most (`<!DOCTYPE` and one byte): short of it, the
    /// window is refilled first.
    private static let lookahead = 16

    /// The file's text.
    let input: OFXInput
    /// The names of the tags seen, upper-cased.
    let tags = OFXTagNames()
    private let fileName: String
    @exclusivity(unchecked) private var line = 1
    @exclusivity(unchecked) private var started = false
    /// The window: `base[0..<end]`, `final` when it reaches the end of the text.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var final = false

    /// A tokenizer of `input`, read from `fileName` (for the errors' locations).
    init(_ input: OFXInput, fileName: String) {
        self.input = input
        self.fileName = fileName
        base = input.bytes
    }

    /// Sends every token to `handle`; throws the error of the first line that cannot be read.
    /// Run again, it sends the same tokens.
    func run(_ handle: (Token) -> Void) throws(PennyError) {
        try input.rewind()
        line = 1
        started = false
        load()
        var i = 0
        while true {
            var next = -1
            if i < end {
                next = try step(at: i, handle)
            } else if final {
                break
            }
            if next >= 0 {
                i = next
            } else {
                if let shift = try input.refill(keeping: min(i, end)) { i -= shift }
                load()
            }
        }
        guard started else {
            throw .badInput("no <OFX> element: this is not an OFX file", at: SourceLocation(file: fileName, line: 1))
        }
    }

    private func load() {
        base = input.bytes
        end = input.end
        final = input.isAtEnd
    }

    /// Reads the token at `i`; returns where the next starts, or -1 when the window does not
    /// hold all of it yet.
    private func step(at i: Int, _ handle: (Token) -> Void) throws(PennyError) -> Int {
        let byte = base[i]
        if byte == .newline {
            line += 1
            handle(.newline)
            return i + 1
        }
        if !started {
            guard byte == .lessThan else { return i + 1 }
            if !final && end - i < Self.lookahead { return -1 }
            guard let starts = try startsOFX(at: i) else { return -1 }
            started = starts
            return starts ? i : i + 1
        }
        if byte == .lessThan {
            if !final && end - i < Self.lookahead { return -1 }
            return try readMarkup(at: i, handle)
        }
        var j = i
        while j < end, base[j] != .lessThan, base[j] != .newline { j += 1 }
        if j == end && !final { return -1 }
        handle(.text(span(i, j)))
        return j
    }

    private func span(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + from, count: to - from)
    }

    /// Whether the bytes at `i` spell `literal` (ASCII).
    private func matches(_ literal: StaticString, at i: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard i + length <= end else { return false }
        let pointer = literal.utf8Start
        for k in 0..<length where base[i + k] != pointer[k] { return false }
        return true
    }

    /// Whether `<OFX>` starts here (nil: the window ends first); throws at an entity
    /// declaration or an external DTD.
    private func startsOFX(at i: Int) throws(PennyError) -> Bool? {
        if i + 4 < end, base[i + 1] | 0x20 == UInt8(ascii: "o"), base[i + 2] | 0x20 == UInt8(ascii: "f"), base[i + 3] | 0x20 == UInt8(ascii: "x"),
            base[i + 4] == .greaterThan
        {
            return true
        }
        if i + 8 < end, matches("<!ENTITY ", at: i) {
            // An entity declaration before <OFX> would be dropped and its uses read as
            // text: a statement has none, so the file is refused (no XXE, no expansion).
            throw .badInput(
                "the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none", at: SourceLocation(file: fileName, line: line))
        }
        guard i + 9 < end, matches("<!DOCTYPE", at: i) else { return false }
        var j = i
        while j < end, base[j] != .greaterThan, base[j] != UInt8(ascii: "[") { j += 1 }
        if j == end && !final { return nil }
        if let system = OFXNormalizer.externalDTD(span(i, j)) {
            throw .badInput(
                "the file names an external DTD ('\(TextSanitizer.clean(system))'); Penny never loads one, and a bank statement needs none",
                at: SourceLocation(file: fileName, line: line))
        }
        return false
    }

    /// What starts with `<` at `i`: character data, a comment, a processing instruction or
    /// a tag. Returns where the next token starts, or -1.
    private func readMarkup(at i: Int, _ handle: (Token) -> Void) throws(PennyError) -> Int {
        if i + 8 < end, base[i + 1] == UInt8(ascii: "!"), matches("<![CDATA[", at: i) {
            guard let j = find(UInt8(ascii: "]"), UInt8(ascii: "]"), from: i + 9) else { return -1 }
            newlines(in: i + 9, min(j, end), handle)
            handle(.cdata(span(i + 9, min(j, end))))
            return j + 3
        }
        if i + 3 < end, base[i + 1] == UInt8(ascii: "!"), base[i + 2] == UInt8(ascii: "-"), base[i + 3] == UInt8(ascii: "-") {
            // A comment: skipped to `-->`, keeping line ends.
            guard let j = find(UInt8(ascii: "-"), UInt8(ascii: "-"), from: i + 4) else { return -1 }
            newlines(in: i + 4, min(j, end), handle)
            return j + 3
        }
        if i + 1 < end, base[i + 1] == UInt8(ascii: "?") {
            // A processing instruction: skipped to `>` (its line ends are not counted).
            var j = i
            while j < end, base[j] != .greaterThan { j += 1 }
            if j == end && !final { return -1 }
            return j + 1
        }
        return try readTag(at: i, handle)
    }

    /// Where `first second >` starts from `from` on (`end` when the text ends first), or nil
    /// when the window ends first.
    private func find(_ first: UInt8, _ second: UInt8, from: Int) -> Int? {
        var j = from
        while j < end, !(base[j] == first && j + 2 < end && base[j + 1] == second && base[j + 2] == .greaterThan) { j += 1 }
        return j == end && !final ? nil : j
    }

    /// Sends a line end for each in `from..<to`.
    private func newlines(in from: Int, _ to: Int, _ handle: (Token) -> Void) {
        for j in from..<to where base[j] == .newline {
            line += 1
            handle(.newline)
        }
    }

    /// `<NAME>`, `</NAME>` or `<NAME/>` (an empty element).
    private func readTag(at i: Int, _ handle: (Token) -> Void) throws(PennyError) -> Int {
        var j = i + 1
        while j < end, base[j] != .greaterThan, base[j] != .lessThan, base[j] != .newline { j += 1 }
        if j == end && !final { return -1 }
        guard j < end, base[j] == .greaterThan else {
            throw .badInput("unterminated tag: expected '>'", at: SourceLocation(file: fileName, line: line))
        }
        switch tags.read(span(i + 1, j)) {
        case .open(let name): handle(.open(name))
        case .close(let name): handle(.close(name))
        case .empty(let name):
            handle(.open(name))
            handle(.close(name))
        case .malformed:
            throw .badInput("malformed OFX tag '<\(OFXTagNames.malformedName(span(i + 1, j)))>'", at: SourceLocation(file: fileName, line: line))
        }
        return j + 1
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let greaterThan = UInt8(ascii: ">")
}
