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
enum RulesLexer {
    static func lines(of text: String, file: String) -> (lines: [RuleLine], errors: [PennyError]) {
        var lines: [RuleLine] = []
        var errors: [PennyError] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let lineText = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            switch tokenize(lineText) {
            case .success(let tokens):
                if tokens.isEmpty { continue }
                let indented = lineText.first == " " || lineText.first == "\t"
                lines.append(RuleLine(file: file, number: number, isIndented: indented, tokens: tokens, text: lineText))
            case .failure(let failure):
                errors.append(.configuration(failure.message, at: SourceLocation(file: file, line: number, column: failure.column), excerpt: lineText, caretColumn: failure.column))
            }
        }
        return (lines, errors)
    }

    struct Failure: Error { let message: String; let column: Int }

    static func tokenize(_ line: String) -> Result<[RuleToken], Failure> {
        let chars = Array(line)
        var tokens: [RuleToken] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" { i += 1; continue }
            if c == "#" && (i == 0 || chars[i - 1] == " " || chars[i - 1] == "\t") { break }
            if c == "," {
                tokens.append(RuleToken(kind: .comma, text: ",", column: i + 1))
                i += 1
                continue
            }
            if c == "\"" {
                let start = i
                var value = ""
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\", i + 1 < chars.count, chars[i + 1] == "\"" || chars[i + 1] == "\\" {
                        value.append(chars[i + 1])
                        i += 2
                        continue
                    }
                    if chars[i] == "\"" { closed = true; i += 1; break }
                    value.append(chars[i])
                    i += 1
                }
                if !closed { return .failure(Failure(message: "unterminated string: expected a closing '\"'", column: start + 1)) }
                tokens.append(RuleToken(kind: .string, text: value, column: start + 1))
                continue
            }
            if c == "/", let regex = regexLiteral(chars, from: i) {
                tokens.append(regex.token)
                i = regex.end
                continue
            }
            let start = i
            while i < chars.count, chars[i] != " ", chars[i] != "\t", chars[i] != ",", chars[i] != "\"" { i += 1 }
            // A lone "," delimiter value is written as a word too: `delimiter ,` is handled by the parser.
            tokens.append(RuleToken(kind: .word, text: String(chars[start..<i]), column: start + 1))
        }
        return .success(tokens)
    }

    /// `/pattern/flags`: `\/` escapes a slash; the flags are letters. Nil when there is no
    /// closing slash (a lone `/` is an ordinary word, e.g. a delimiter).
    static func regexLiteral(_ chars: [Character], from start: Int) -> (token: RuleToken, end: Int)? {
        var i = start + 1
        var pattern = ""
        while i < chars.count {
            if chars[i] == "\\", i + 1 < chars.count, chars[i + 1] == "/" {
                pattern.append("/")
                i += 2
                continue
            }
            if chars[i] == "/" { break }
            pattern.append(chars[i])
            i += 1
        }
        guard i < chars.count, !pattern.isEmpty else { return nil }
        i += 1
        var flags = ""
        while i < chars.count, chars[i].isLetter {
            flags.append(chars[i])
            i += 1
        }
        return (RuleToken(kind: .regex, text: pattern, column: start + 1, flags: flags), i)
    }
}
