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
    /// An array of statement entries the parser handed out one at a time instead of
    /// keeping (`JSONStreamPath`): its ordinal among such arrays in the document.
    case streamed(Int)

    /// A member of an object; `snake_case` spellings of camelCase keys are accepted too.
    subscript(key: String) -> ExactJSON? {
        guard case .object(let members, _) = self else { return nil }
        if let hit = members.first(where: { $0.key == key }) { return hit.value }
        // A key without capitals is its own snake_case spelling.
        var capitals = 0
        var isPlain = true
        var isASCII = true
        for byte in key.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                capitals += 1
            } else if !Self.isLowercaseOrDigit(byte) {
                isPlain = false
                if byte >= 0x80 { isASCII = false }
            }
        }
        guard capitals > 0 || !isASCII else { return nil }
        if isPlain {
            let length = key.utf8.count + capitals
            return members.first(where: { $0.key.utf8.count == length && Self.isSnakeCase($0.key, of: key) })?.value
        }
        let snake = key.reduce(into: "") { out, c in
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
        return members.first(where: { $0.key == snake })?.value
    }

    private static func isLowercaseOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// True when `name` is the snake_case spelling of `key`, a key of ASCII letters and
    /// digits: byte for byte, as no other text is canonically equivalent to such a spelling.
    private static func isSnakeCase(_ name: String, of key: String) -> Bool {
        var rest = name.utf8.makeIterator()
        for byte in key.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                guard rest.next() == UInt8(ascii: "_"), rest.next() == byte + 0x20 else { return false }
            } else if rest.next() != byte {
                return false
            }
        }
        return rest.next() == nil
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
