import PennyCore

/// A JSON value whose numbers keep their exact text, so `-256.67` never passes through
/// a floating-point type on its way to minor units. Objects remember the line they start on.
///
/// Not `indirect`: the recursion runs through arrays, so a value is no box of its own.
enum ExactJSON {
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
        self[JSONKey(key)]
    }

    /// A member of an object: the first of the key's own spelling, else the first of its
    /// `snake_case` spelling (for a key with capitals).
    subscript(key: JSONKey) -> ExactJSON? {
        guard case .object(let members, _) = self else { return nil }
        // One pass: the own spelling returns at once, the first snake_case one if none.
        var snake: ExactJSON?
        for member in members {
            if key.isName(member.key) { return member.value }
            if snake == nil, key.isSnake(member.key) { snake = member.value }
        }
        return snake
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
