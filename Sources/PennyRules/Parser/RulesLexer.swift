import PennyCore

/// A token of a rules line: a bare word, a quoted string or a comma, with its column.
struct RuleToken: Equatable {
    enum Kind: Equatable { case word, string, comma, regex }
    let kind: Kind
    let text: String
    /// 1-based column of the token's first character.
    let column: Int
    /// Letters after a regex's closing slash.
    var flags = ""
}

/// One physical line of a rules file, split into tokens.
struct RuleLine {
    let file: String
    let number: Int
    /// True when the line starts with white space (a block body line).
    let isIndented: Bool
    let tokens: [RuleToken]
    let text: String

    func location(_ column: Int = 1) -> SourceLocation {
        SourceLocation(file: file, line: number, column: column)
    }
}

/// Splits rules text into lines of tokens. `#` after white space starts a comment;
/// strings are `"double quoted"` with `\"` and `\\`.
///
/// Columns count characters. ASCII lines (nearly all) are tokenized as bytes, others as
/// `Character`s, by one generic tokenizer.
enum RulesLexer {
    static func lines(of text: String, file: String) -> (lines: [RuleLine], errors: [PennyError]) {
        var lines: [RuleLine] = []
        var errors: [PennyError] = []
        var number = 0
        let bytes = Array(text.utf8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = bytes[start..<lineEnd]
            let lineText = String(decoding: line, as: UTF8.self)
            let result = line.allSatisfy { $0 < 0x80 } ? tokenize(Array(line)) : tokenize(Array(lineText))
            switch result {
            case .success(let tokens):
                if !tokens.isEmpty {
                    let indented = line.first == 0x20 || line.first == 0x09
                    lines.append(RuleLine(file: file, number: number, isIndented: indented, tokens: tokens, text: lineText))
                }
            case .failure(let failure):
                errors.append(.configuration(failure.message, at: SourceLocation(file: file, line: number, column: failure.column), excerpt: lineText, caretColumn: failure.column))
            }
            start = end + 1
        }
        return (lines, errors)
    }

    struct Failure: Error { let message: String; let column: Int }

    /// Tokenizes a line given as characters (or, for ASCII, as bytes).
    static func tokenize(_ line: String) -> Result<[RuleToken], Failure> { tokenize(Array(line)) }

    static func tokenize<U: LexUnit>(_ chars: [U]) -> Result<[RuleToken], Failure> {
        var tokens: [RuleToken] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == .space || c == .tab { i += 1; continue }
            if c == .hash && (i == 0 || chars[i - 1] == .space || chars[i - 1] == .tab) { break }
            if c == .comma {
                tokens.append(RuleToken(kind: .comma, text: ",", column: i + 1))
                i += 1
                continue
            }
            if c == .quote {
                let start = i
                var value: [U] = []
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == .backslash, i + 1 < chars.count, chars[i + 1] == .quote || chars[i + 1] == .backslash {
                        value.append(chars[i + 1])
                        i += 2
                        continue
                    }
                    if chars[i] == .backslash, let (units, length) = escape(chars, at: i) {
                        value += units
                        i += length
                        continue
                    }
                    if chars[i] == .quote { closed = true; i += 1; break }
                    value.append(chars[i])
                    i += 1
                }
                if !closed { return .failure(Failure(message: "unterminated string: expected a closing '\"'", column: start + 1)) }
                tokens.append(RuleToken(kind: .string, text: U.string(value[...]), column: start + 1))
                continue
            }
            if c == .slash, let regex = regexLiteral(chars, from: i) {
                tokens.append(regex.token)
                i = regex.end
                continue
            }
            let start = i
            while i < chars.count, chars[i] != .space, chars[i] != .tab, chars[i] != .comma, chars[i] != .quote { i += 1 }
            // A lone "," delimiter value is written as a word too: `delimiter ,` is handled by the parser.
            tokens.append(RuleToken(kind: .word, text: U.string(chars[start..<i]), column: start + 1))
        }
        return .success(tokens)
    }

    /// The escape at `i` (a backslash) in a string: `\n`, `\r`, `\t` or `\u{HEX}`, as the
    /// units it stands for and its length; nil for any other (the backslash is kept).
    static func escape<U: LexUnit>(_ chars: [U], at i: Int) -> ([U], Int)? {
        guard i + 1 < chars.count else { return nil }
        switch chars[i + 1] {
        case U.ascii("n"): return (U.units("\n"), 2)
        case U.ascii("r"): return (U.units("\r"), 2)
        case U.ascii("t"): return (U.units("\t"), 2)
        case U.ascii("u"):
            guard i + 2 < chars.count, chars[i + 2] == U.ascii("{"), let close = chars[(i + 3)...].firstIndex(of: U.ascii("}")), close - i - 3 <= 6,
                let value = UInt32(U.string(chars[(i + 3)..<close]), radix: 16), let scalar = Unicode.Scalar(value)
            else { return nil }
            return (U.units(scalar), close - i + 1)
        default: return nil
        }
    }

    /// `/pattern/flags`: `\/` escapes a slash; the flags are letters. Nil when there is no
    /// closing slash (a lone `/` is an ordinary word, e.g. a delimiter).
    static func regexLiteral<U: LexUnit>(_ chars: [U], from start: Int) -> (token: RuleToken, end: Int)? {
        var i = start + 1
        var pattern: [U] = []
        while i < chars.count {
            if chars[i] == .backslash, i + 1 < chars.count, chars[i + 1] == .slash {
                pattern.append(.slash)
                i += 2
                continue
            }
            if chars[i] == .slash { break }
            pattern.append(chars[i])
            i += 1
        }
        guard i < chars.count, !pattern.isEmpty else { return nil }
        i += 1
        let flagStart = i
        while i < chars.count, chars[i].isLetter { i += 1 }
        return (RuleToken(kind: .regex, text: U.string(pattern[...]), column: start + 1, flags: U.string(chars[flagStart..<i])), i)
    }
}

/// What the lexer reads a line as: bytes for ASCII lines, `Character`s otherwise.
protocol LexUnit: Equatable {
    static var space: Self { get }
    static var tab: Self { get }
    static var hash: Self { get }
    static var comma: Self { get }
    static var quote: Self { get }
    static var backslash: Self { get }
    static var slash: Self { get }
    var isLetter: Bool { get }
    static func string(_ units: ArraySlice<Self>) -> String
    /// The unit of an ASCII character.
    static func ascii(_ c: Unicode.Scalar) -> Self
    /// The units of a scalar (its UTF-8 bytes, or one `Character`).
    static func units(_ scalar: Unicode.Scalar) -> [Self]
}

extension UInt8: LexUnit {
    static var space: UInt8 { 0x20 }
    static var tab: UInt8 { 0x09 }
    static var hash: UInt8 { UInt8(ascii: "#") }
    static var comma: UInt8 { UInt8(ascii: ",") }
    static var quote: UInt8 { UInt8(ascii: "\"") }
    static var backslash: UInt8 { UInt8(ascii: "\\") }
    static var slash: UInt8 { UInt8(ascii: "/") }
    var isLetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    static func string(_ units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
    static func ascii(_ c: Unicode.Scalar) -> UInt8 { UInt8(c.value) }
    static func units(_ scalar: Unicode.Scalar) -> [UInt8] { Array(String(Character(scalar)).utf8) }
}

extension Character: LexUnit {
    static var space: Character { " " }
    static var tab: Character { "\t" }
    static var hash: Character { "#" }
    static var comma: Character { "," }
    static var quote: Character { "\"" }
    static var backslash: Character { "\\" }
    static var slash: Character { "/" }
    static func string(_ units: ArraySlice<Character>) -> String { String(units) }
    static func ascii(_ c: Unicode.Scalar) -> Character { Character(c) }
    static func units(_ scalar: Unicode.Scalar) -> [Character] { [Character(scalar)] }
}
