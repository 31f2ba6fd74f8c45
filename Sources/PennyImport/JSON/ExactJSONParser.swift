import PennyCore

/// A strict JSON parser (RFC 8259) with line and column in its errors, reading its text
/// through a `ChunkedInput`: memory is one chunk and the values kept.
///
/// The arrays of statement entries (`JSONStreamPath`) are not kept; each has an ordinal,
/// the same on every parse of the same text. A parse is one of two passes (`Mode`): the
/// outline checks the whole text and keeps the document with each entry array as
/// `.streamed(ordinal)`, and for each array its first entry and what the reader needs of
/// the others (`JSONListFacts`, the others only checked, not built); a pass over one
/// array's entries checks and skips everything before it without building values, hands
/// each of its entries to `onElement`, and stops at its end (`JSONReader`).
struct ExactJSONParser {
    /// Called with each entry of the array a pass reads.
    typealias ElementHandler = (ExactJSON) throws(PennyError) -> Void

    /// What a parse does with the document and its entry arrays.
    enum Mode {
        /// Keep the document without its entries, and the facts of each entry array.
        case outline
        /// Build only the entries of the array of this ordinal, and stop at its end.
        case entries(of: Int)
    }

    /// What a parse does with an array's elements.
    enum ElementAction {
        /// Build and keep them.
        case keep
        /// Check them only.
        case skip
        /// Build and hand each to `onElement`.
        case emit
        /// Learn the facts of an entry array.
        case outline
    }

    let input: ChunkedInput
    private let fileName: String
    private let mode: Mode
    private let onElement: ElementHandler
    /// The index in `input.bytes` of the next byte.
    var i = 0
    private(set) var line = 1
    /// The text offset of the current line's first byte.
    private var lineStart = 0
    private var nextOrdinal = 0
    /// Set at the end of the array an `.entries` pass reads: every level returns at once.
    private(set) var stopped = false
    /// What an outline learnt of each entry array, by ordinal.
    private(set) var lists: [Int: JSONListFacts] = [:]
    /// The bytes of the string or number being read (reused).
    var scratch: [UInt8] = []
    /// The member names made so far.
    var names = JSONNameCache()

    init(input: ChunkedInput, fileName: String, mode: Mode = .outline, onElement: @escaping ElementHandler = { _ in }) {
        self.input = input
        self.fileName = fileName
        self.mode = mode
        self.onElement = onElement
        scratch.reserveCapacity(256)
    }

    /// The document's value (without values under an `.entries` pass); anything after it
    /// but white space is an error.
    mutating func parse() throws(PennyError) -> ExactJSON {
        let build: Bool
        if case .outline = mode { build = true } else { build = false }
        let value = try parseValue(depth: 0, path: .root, build: build)
        if stopped { return value }
        try skipSpace()
        if try peek() != nil { throw failure("unexpected text after the JSON value") }
        return value
    }

    private var position: Int { input.offset + i }

    /// The error at the next byte's line and column.
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

    /// Takes white space, counting lines.
    @inline(__always)
    mutating func skipSpace() throws(PennyError) {
        // Most values follow their `:` or `,` at once, or after one space.
        if i < input.end, input.bytes[i] > 0x20 { return }
        try skipSpaceRun()
    }

    /// Takes white space, counting lines: a tight loop over the buffer, an indent's spaces
    /// eight at a time.
    private mutating func skipSpaceRun() throws(PennyError) {
        while true {
            if i == input.end, try peek() == nil { return }
            let bytes = input.bytes
            let end = input.end
            var j = i
            while j < end {
                switch bytes[j] {
                case 0x20:
                    j += 1
                    // The rest of the run, eight bytes at a time up to its first other byte.
                    while end - j >= 8 {
                        let others = UInt64(littleEndian: UnsafeRawPointer(bytes + j).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
                        if others != 0 {
                            j += others.trailingZeroBitCount >> 3
                            break
                        }
                        j += 8
                    }
                case 0x09, 0x0D: j += 1
                case 0x0A:
                    j += 1
                    line += 1
                    lineStart = input.offset + j
                default:
                    i = j
                    return
                }
            }
            i = j
        }
    }

    /// A value; with `build` false it is only checked (and `.null` stands for it).
    mutating func parseValue(depth: Int, path: JSONStreamPath, build: Bool) throws(PennyError) -> ExactJSON {
        guard depth < 512 else { throw failure("nested too deeply") }
        try skipSpace()
        guard let byte = try peek() else { throw failure("unexpected end of file: expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, path: path, build: build)
        case UInt8(ascii: "["):
            if path.streams { return try streamArray(depth: depth) }
            return .array(try parseElements(depth: depth, build ? .keep : .skip))
        case UInt8(ascii: "\""):
            if build { return .string(try parseString()) }
            try skipString()
            return .null
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), 0x30...0x39:
            try scanNumber()
            return build ? .number(String(decoding: scratch, as: UTF8.self)) : .null
        default: throw failure("unexpected character '\(Character(UnicodeScalar(byte)))': expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(PennyError) {
        let count = word.utf8CodeUnitCount
        guard try available(count), (0..<count).allSatisfy({ input.bytes[i + $0] == word.utf8Start[$0] }) else { throw failure("expected '\(word)'") }
        i += count
    }

    /// An object; its members' names are read only where they are kept or lead to an entry
    /// array (`JSONStreamPath`).
    private mutating func parseObject(depth: Int, path: JSONStreamPath, build: Bool) throws(PennyError) -> ExactJSON {
        let startLine = line
        let readsNames = build || path != .elsewhere
        i += 1
        var members: [(key: String, value: ExactJSON)] = []
        try skipSpace()
        if try peek() == UInt8(ascii: "}") {
            i += 1
            return .object(members, line: startLine)
        }
        if build { members.reserveCapacity(8) }
        while true {
            try skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            var key = ""
            if readsNames { key = try parseName() } else { try skipString() }
            try skipSpace()
            guard try peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            i += 1
            let value = try parseValue(depth: depth + 1, path: path == .elsewhere ? .elsewhere : path.member(key), build: build)
            if build { members.append((key, value)) }
            if stopped { return .object(members, line: startLine) }
            if try endOfMember(closer: UInt8(ascii: "}")) { return .object(members, line: startLine) }
        }
    }

    /// Takes the `,` or closer after a member or element: true at the closer.
    mutating func endOfMember(closer: UInt8) throws(PennyError) -> Bool {
        try skipSpace()
        let inObject = closer == UInt8(ascii: "}")
        guard let next = try peek() else {
            throw failure(inObject ? "unexpected end of file: expected ',' or '}'" : "unexpected end of file: expected ',' or ']'")
        }
        if next == UInt8(ascii: ",") {
            i += 1
            return false
        }
        if next == closer {
            i += 1
            return true
        }
        throw failure(inObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
    }

    /// An array of entries: its elements learnt (outline), emitted (the array an entries
    /// pass reads, which then stops) or checked.
    private mutating func streamArray(depth: Int) throws(PennyError) -> ExactJSON {
        let ordinal = nextOrdinal
        nextOrdinal += 1
        switch mode {
        case .outline: _ = try parseElements(depth: depth, .outline, ordinal: ordinal)
        case .entries(let target) where target == ordinal:
            _ = try parseElements(depth: depth, .emit)
            stopped = true
        case .entries: _ = try parseElements(depth: depth, .skip)
        }
        return .streamed(ordinal)
    }

    /// An array's elements, done with as `action` says; returns those kept.
    private mutating func parseElements(depth: Int, _ action: ElementAction, ordinal: Int = 0) throws(PennyError) -> [ExactJSON] {
        var values: [ExactJSON] = []
        var facts = JSONListFacts()
        defer { if case .outline = action { lists[ordinal] = facts } }
        i += 1
        try skipSpace()
        if try peek() == UInt8(ascii: "]") {
            i += 1
            return values
        }
        while true {
            switch action {
            case .keep: values.append(try parseValue(depth: depth + 1, path: .elsewhere, build: true))
            case .skip: _ = try parseValue(depth: depth + 1, path: .elsewhere, build: false)
            case .emit: try onElement(try parseValue(depth: depth + 1, path: .elsewhere, build: true))
            case .outline:
                if facts.first == nil {
                    facts.add(first: try parseValue(depth: depth + 1, path: .elsewhere, build: true))
                } else {
                    facts.add(try skimEntry(depth: depth + 1))
                }
            }
            if try endOfMember(closer: UInt8(ascii: "]")) { return values }
        }
    }

    /// Reads a number into `scratch`.
    private mutating func scanNumber() throws(PennyError) {
        scratch.removeAll(keepingCapacity: true)
        if try peek() == UInt8(ascii: "-") {
            scratch.append(UInt8(ascii: "-"))
            i += 1
        }
        guard try collectDigits() > 0 else { throw failure("expected digits in a number") }
        if try peek() == UInt8(ascii: ".") {
            scratch.append(UInt8(ascii: "."))
            i += 1
            guard try collectDigits() > 0 else { throw failure("expected digits after '.'") }
        }
        if let e = try peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            scratch.append(e)
            i += 1
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                scratch.append(sign)
                i += 1
            }
            guard try collectDigits() > 0 else { throw failure("expected digits in an exponent") }
        }
    }

    private mutating func collectDigits() throws(PennyError) -> Int {
        var count = 0
        while let byte = try peek(), byte >= 0x30, byte <= 0x39 {
            scratch.append(byte)
            i += 1
            count += 1
        }
        return count
    }
}
