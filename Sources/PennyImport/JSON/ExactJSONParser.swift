import PennyCore

/// A strict JSON parser (RFC 8259) with line and column in its errors, reading its text
/// through a `ChunkedInput`: memory is one chunk and the values kept.
///
/// The arrays of statement entries (`JSONStreamPath`) are not kept: each element is parsed
/// and handed to `onElement` with the array's ordinal, then dropped, and the array stands
/// in the document as `.streamed(ordinal)`. The ordinals are the same on every parse of
/// the same text, so a reader parses once to check the whole document and learn its
/// outline, then again to read an array's entries (`JSONReader`).
struct ExactJSONParser {
    /// Called with each element of a streamed array (the array's ordinal and the element),
    /// then with nil at the array's end; returns false to stop the parse there.
    typealias ElementHandler = (Int, ExactJSON?) throws(PennyError) -> Bool

    let input: ChunkedInput
    private let fileName: String
    private let onElement: ElementHandler
    /// The index in `input.bytes` of the next byte.
    var i = 0
    private var line = 1
    /// The text offset of the current line's first byte.
    private var lineStart = 0
    private var nextOrdinal = 0
    /// Set when `onElement` asked to stop: every level returns at once.
    private(set) var stopped = false

    init(input: ChunkedInput, fileName: String, onElement: @escaping ElementHandler) {
        self.input = input
        self.fileName = fileName
        self.onElement = onElement
    }

    /// The document's value; anything after it but white space is an error.
    mutating func parse() throws(PennyError) -> ExactJSON {
        let value = try parseValue(depth: 0, path: .root)
        if stopped { return value }
        try skipSpace()
        if try peek() != nil { throw failure("unexpected text after the JSON value") }
        return value
    }

    private var position: Int { input.offset + i }

    func failure(_ message: String) -> PennyError {
        .badInput("malformed JSON: \(message)", at: SourceLocation(file: fileName, line: line, column: position - lineStart + 1))
    }

    /// The next byte without taking it, nil at the end of the text.
    @inline(__always)
    mutating func peek() throws(PennyError) -> UInt8? {
        if i == input.end {
            guard let moved = try input.refill(keeping: i) else { return nil }
            i -= moved
            if i == input.end { return nil }
        }
        return input.bytes[i]
    }

    /// True when `count` bytes from the next one are in the buffer (reading more if needed).
    mutating func available(_ count: Int) throws(PennyError) -> Bool {
        while input.end - i < count {
            guard let moved = try input.refill(keeping: i) else { return false }
            i -= moved
        }
        return true
    }

    private mutating func skipSpace() throws(PennyError) {
        while true {
            if i == input.end, try peek() == nil { return }
            switch input.bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = position
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int, path: JSONStreamPath) throws(PennyError) -> ExactJSON {
        guard depth < 512 else { throw failure("nested too deeply") }
        try skipSpace()
        guard let byte = try peek() else { throw failure("unexpected end of file: expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, path: path)
        case UInt8(ascii: "["): return path.streams ? try streamArray(depth: depth) : try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), 0x30...0x39: return .number(try parseNumber())
        default: throw failure("unexpected character '\(Character(UnicodeScalar(byte)))': expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(PennyError) {
        let count = word.utf8CodeUnitCount
        guard try available(count), (0..<count).allSatisfy({ input.bytes[i + $0] == word.utf8Start[$0] }) else { throw failure("expected '\(word)'") }
        i += count
    }

    private mutating func parseObject(depth: Int, path: JSONStreamPath) throws(PennyError) -> ExactJSON {
        let startLine = line
        i += 1
        var members: [(key: String, value: ExactJSON)] = []
        try skipSpace()
        if try peek() == UInt8(ascii: "}") {
            i += 1
            return .object(members, line: startLine)
        }
        while true {
            try skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let key = try parseString()
            try skipSpace()
            guard try peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            i += 1
            members.append((key, try parseValue(depth: depth + 1, path: path.member(key))))
            if stopped { return .object(members, line: startLine) }
            try skipSpace()
            guard let next = try peek() else { throw failure("unexpected end of file: expected ',' or '}'") }
            if next == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if next == UInt8(ascii: "}") {
                i += 1
                return .object(members, line: startLine)
            }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(PennyError) -> ExactJSON {
        var values: [ExactJSON] = []
        try forEachElement(depth: depth) { (value) throws(PennyError) in
            values.append(value)
            return true
        }
        return .array(values)
    }

    /// An array of entries: each element goes to `onElement`, then nil.
    private mutating func streamArray(depth: Int) throws(PennyError) -> ExactJSON {
        let ordinal = nextOrdinal
        nextOrdinal += 1
        let handler = onElement
        try forEachElement(depth: depth) { (value) throws(PennyError) in try handler(ordinal, value) }
        if !stopped, try !onElement(ordinal, nil) { stopped = true }
        return .streamed(ordinal)
    }

    /// Parses an array's elements, handing each to `body` (false stops the parse).
    private mutating func forEachElement(depth: Int, _ body: (ExactJSON) throws(PennyError) -> Bool) throws(PennyError) {
        i += 1
        try skipSpace()
        if try peek() == UInt8(ascii: "]") {
            i += 1
            return
        }
        while true {
            let value = try parseValue(depth: depth + 1, path: .elsewhere)
            if stopped { return }
            guard try body(value) else {
                stopped = true
                return
            }
            try skipSpace()
            guard let next = try peek() else { throw failure("unexpected end of file: expected ',' or ']'") }
            if next == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if next == UInt8(ascii: "]") {
                i += 1
                return
            }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(PennyError) -> String {
        // Collected as read: a refill may move the buffer under the number.
        var text: [UInt8] = []
        if try peek() == UInt8(ascii: "-") {
            text.append(UInt8(ascii: "-"))
            i += 1
        }
        guard try collectDigits(into: &text) > 0 else { throw failure("expected digits in a number") }
        if try peek() == UInt8(ascii: ".") {
            text.append(UInt8(ascii: "."))
            i += 1
            guard try collectDigits(into: &text) > 0 else { throw failure("expected digits after '.'") }
        }
        if let e = try peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            text.append(e)
            i += 1
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                text.append(sign)
                i += 1
            }
            guard try collectDigits(into: &text) > 0 else { throw failure("expected digits in an exponent") }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func collectDigits(into text: inout [UInt8]) throws(PennyError) -> Int {
        var count = 0
        while let byte = try peek(), byte >= 0x30, byte <= 0x39 {
            text.append(byte)
            i += 1
            count += 1
        }
        return count
    }
}
