import PennyCore

/// A JSON value whose numbers keep their exact text, so `-256.67` never passes through
/// a floating-point type on its way to minor units. Objects remember the line they start on.
indirect enum ExactJSON {
    case object([(key: String, value: ExactJSON)], line: Int)
    case array([ExactJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// A member of an object; `snake_case` spellings of camelCase keys are accepted too.
    subscript(key: String) -> ExactJSON? {
        guard case .object(let members, _) = self else { return nil }
        if let hit = members.first(where: { $0.key == key }) { return hit.value }
        let snake = key.reduce(into: "") { out, c in
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
        return members.first(where: { $0.key == snake })?.value
    }

    /// The text of a string, or of a number.
    var text: String? {
        switch self {
        case .string(let s): s
        case .number(let n): n
        default: nil
        }
    }

    /// The elements of an array.
    var elements: [ExactJSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The line an object starts on (0 for other values).
    var line: Int {
        if case .object(_, let line) = self { return line }
        return 0
    }

    /// True for `true`.
    var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }
}

/// A strict JSON parser (RFC 8259) with line and column in its errors.
struct ExactJSONParser {
    private let bytes: [UInt8]
    private let fileName: String
    private var i = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8], fileName: String) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        self.bytes = Array(body)
        self.fileName = fileName
    }

    /// The document's value; anything after it but white space is an error.
    mutating func parse() throws(PennyError) -> ExactJSON {
        let value = try parseValue(depth: 0)
        skipSpace()
        if i < bytes.count { throw failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> PennyError {
        .badInput("malformed JSON: \(message)", at: SourceLocation(file: fileName, line: line, column: i - lineStart + 1))
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(PennyError) -> ExactJSON {
        guard depth < 512 else { throw failure("nested too deeply") }
        skipSpace()
        guard i < bytes.count else { throw failure("unexpected end of file: expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), 0x30...0x39: return .number(try parseNumber())
        default: throw failure("unexpected character '\(Character(UnicodeScalar(bytes[i])))': expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(PennyError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw failure("expected '\(word)'") }
        i += w.count
    }

    private mutating func parseObject(depth: Int) throws(PennyError) -> ExactJSON {
        let startLine = line
        i += 1
        var members: [(key: String, value: ExactJSON)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members, line: startLine)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let key = try parseString()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            i += 1
            members.append((key, try parseValue(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of file: expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members, line: startLine) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(PennyError) -> ExactJSON {
        i += 1
        var values: [ExactJSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(values)
        }
        while true {
            values.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of file: expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(values) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(PennyError) -> String {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        guard digits() > 0 else { throw failure("expected digits in a number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw failure("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw failure("expected digits in an exponent") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func parseString() throws(PennyError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                guard let text = String(validating: out, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return text
            }
            if b < 0x20 { throw failure("control character in a string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") else { throw failure("lone surrogate in \\u escape") }
                        i += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw failure("unknown escape '\\\(Character(UnicodeScalar(bytes[i])))'")
                }
                i += 1
                continue
            }
            out.append(b)
            i += 1
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws(PennyError) -> UInt32 {
        guard i + 4 < bytes.count, let value = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16) else {
            throw failure("expected four hex digits after \\u")
        }
        i += 4
        return value
    }
}
