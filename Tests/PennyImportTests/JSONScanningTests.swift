import PennyCore
import PennyTestSupport
import Testing

@testable import PennyImport

/// The parser's fast loops over strings (eight bytes at a time, in place in the buffer,
/// copied out only at an escape) and white space (an indent eight spaces at a time) give
/// the values and errors, at the same line and column, of the straightforward reading
/// (`JSONScanningReference`): on random strings with escapes, surrogates, control
/// characters and invalid UTF-8, as a value, a member name, and skipped, at random places
/// about the 64 KiB boundary where the buffer is refilled.
struct JSONScanningTests {
    static let file = "t.json"

    /// Pieces of a string's body: plain runs, escapes good and bad, UTF-8 good and bad.
    static let pieces: [[UInt8]] =
        [
            "a", "Z", " ", "abcdefghijk", "0123456789abcdef", "\\\"", "\\\\", "\\/", "\\b", "\\n", "\\t", "\\u00e9", "\\u20AC", "\\uD83D\\uDE00",
            "\\uD83D", "\\uDE00", "\\ud800\\u0041", "\\u12", "\\u+041", "\\x", "\\", "é", "€", "😀", "ééééé",
        ].map { Array($0.utf8) } + [[0x01], [0x1F], [0x7F], [0xC3], [0xA9], [0xE2, 0x82], [0xFF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98]]

    /// A random body without a bare quote (it ends at the quote the test puts after it).
    static func body(_ generator: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0...12, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
    }

    /// White space of `count` bytes: mostly an indent's spaces, with line feeds, tabs, CRs.
    static func space(_ count: Int, _ generator: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in
            switch Int.random(in: 0..<20, using: &generator) {
            case 0: 0x0A
            case 1: 0x09
            case 2: 0x0D
            default: 0x20
            }
        }
    }

    /// White space to put before a text: short, or long enough that what follows crosses
    /// the buffer's first refill.
    static func padding(_ generator: inout SeededGenerator) -> [UInt8] {
        guard Bool.random(using: &generator) else { return space(Int.random(in: 0...20, using: &generator), &generator) }
        // An indent-like run, a few line breaks in it, and random white space at its end.
        var run = [UInt8](repeating: 0x20, count: ChunkedInput.chunkSize - 64)
        for _ in 0..<8 { run[Int.random(in: 0..<run.count, using: &generator)] = [0x0A, 0x09, 0x0D].randomElement(using: &generator)! }
        return run + space(Int.random(in: 16...68, using: &generator), &generator)
    }

    /// What the parser (an outline pass) makes of `text`: the value rendered, or the error.
    static func parse(_ text: [UInt8]) -> Result<String, PennyError> {
        var parser = ExactJSONParser(input: ChunkedInput(bytes: text, displayName: file), fileName: file)
        do throws(PennyError) {
            return .success(render(try parser.parse()))
        } catch {
            return .failure(error)
        }
    }

    /// A value as text, to compare.
    static func render(_ value: ExactJSON) -> String {
        switch value {
        case .object(let members, let line): "{\(line)|" + members.map { "\($0.key.debugDescription):\(render($0.value))" }.joined(separator: ",") + "}"
        case .array(let values): "[" + values.map(render).joined(separator: ",") + "]"
        case .string(let s): "s\(s.debugDescription)"
        case .number(let n): "n\(n)"
        case .bool(let b): "\(b)"
        case .null: "null"
        case .streamed(let ordinal): "streamed\(ordinal)"
        }
    }

    /// What the reference expects of `text` whose string's quote is at `quote`: `wrap` of the
    /// string's value when it reads and `next` (at the first byte after it and its white
    /// space) finds no fault, else the error.
    static func expected(
        _ text: [UInt8], quote: Int, wrap: (String) -> String, next: (Int) -> String? = { _ in nil }
    ) -> Result<String, PennyError> {
        switch JSONScanningReference.string(text, at: quote) {
        case .failure(let message, let at): return .failure(JSONScanningReference.error(message, at: at, in: text, file: file))
        case .value(let value, let end):
            let after = JSONScanningReference.skipSpace(text, from: end)
            if let message = next(after) { return .failure(JSONScanningReference.error(message, at: after, in: text, file: file)) }
            return .success(wrap(value))
        }
    }

    @Test func stringsReadAsTheReferenceReadsThem() {
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<1500 {
            let pad = Self.padding(&generator)
            // Sometimes unterminated, sometimes with a bare quote inside (text after the value).
            let closing: [UInt8] = Int.random(in: 0..<8, using: &generator) == 0 ? [] : [0x22]
            let extra: [UInt8] = Int.random(in: 0..<8, using: &generator) == 0 ? Array("ab\" x".utf8) : []
            let text = pad + [0x22] + Self.body(&generator) + extra + closing + Self.space(Int.random(in: 0...3, using: &generator), &generator)
            let expected = Self.expected(text, quote: pad.count, wrap: { "s\($0.debugDescription)" }) {
                $0 < text.count ? "unexpected text after the JSON value" : nil
            }
            #expect(Self.parse(text) == expected, "\(text.suffix(80))")
        }
    }

    @Test func memberNamesReadAsTheReferenceReadsThem() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<1500 {
            let pad = Self.padding(&generator)
            let text = pad + Array("{".utf8) + Self.space(Int.random(in: 0...2, using: &generator), &generator)
            let quote = text.count
            let whole = text + [0x22] + Self.body(&generator) + Array("\" : 1}".utf8)
            let line = 1 + pad.filter { $0 == 0x0A }.count
            // A body's `\\` before a `\"` ends the name early: what follows is no `:`.
            let expected = Self.expected(whole, quote: quote, wrap: { "{\(line)|\($0.debugDescription):n1}" }) {
                whole[$0] == UInt8(ascii: ":") ? nil : "expected ':' after a member name"
            }
            #expect(Self.parse(whole) == expected, "\(whole.suffix(80))")
        }
    }

    @Test func skippedStringsAreCheckedAsTheReferenceReadsThem() {
        var generator = SeededGenerator(seed: 43)
        for _ in 0..<1500 {
            // An entry after a list's first is skimmed: its values skipped, its names matched.
            let asName = Bool.random(using: &generator)
            let head = Array("{\"transactions\": [{},".utf8) + Self.padding(&generator) + Array((asName ? "{" : "{\"x\": ").utf8)
            let text = head + [0x22] + Self.body(&generator) + Array((asName ? "\": 1}]}" : "\"}]}").utf8)
            var json = JSONText(bytes: text, fileName: Self.file)
            let outcome: Result<String, PennyError>
            do throws(PennyError) {
                outcome = .success(Self.render(try json.outline()))
            } catch {
                outcome = .failure(error)
            }
            let expected = Self.expected(text, quote: head.count, wrap: { _ in "{1|\"transactions\":streamed0}" }) {
                if asName { return text[$0] == UInt8(ascii: ":") ? nil : "expected ':' after a member name" }
                return text[$0] == UInt8(ascii: "}") ? nil : "expected ',' or '}' in an object"
            }
            #expect(outcome == expected, "\(text.suffix(80))")
        }
    }

    @Test func whiteSpaceCountsLinesAsTheReferenceDoes() {
        var generator = SeededGenerator(seed: 44)
        for _ in 0..<2000 {
            // `[1, "s"]` with white space about its tokens, one token sometimes spoilt.
            var tokens = ["[", "1", ",", "\"s\"", "]"]
            let spoilt = Int.random(in: 0..<(tokens.count + 1), using: &generator)
            if spoilt < tokens.count { tokens[spoilt] = "x" } else { tokens.append("x") }
            var text = Self.padding(&generator)
            var starts: [Int] = []
            for token in tokens {
                starts.append(text.count)
                text += Array(token.utf8) + Self.space(Int.random(in: 0...24, using: &generator), &generator)
            }
            let message =
                switch spoilt {
                case 0, 1, 3: "unexpected character 'x': expected a value"
                case 2, 4: "expected ',' or ']' in an array"
                default: "unexpected text after the JSON value"
                }
            let expected = JSONScanningReference.error(message, at: starts[spoilt], in: text, file: Self.file)
            #expect(Self.parse(text) == .failure(expected), "\(spoilt)")
        }
    }
}
