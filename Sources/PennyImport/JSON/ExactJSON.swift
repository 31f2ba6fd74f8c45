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
        guard key.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) || !key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
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
