/// A member name as `ExactJSON`'s subscript looks it up: its own spelling and, for a name
/// with capitals, its `snake_case` spelling (`bookingDate`, `booking_date`), each with its
/// UTF-8 length, so most members are passed over on the length alone. The names a format
/// reads are made once (`JSONKey+Names`).
struct JSONKey: Sendable {
    /// The name as written.
    let name: String
    /// `name`'s UTF-8 length, or -1 where a member of another length may still be equal.
    let count: Int
    /// The `snake_case` spelling, nil for a name without capitals (its own spelling).
    let snake: String?
    /// `snake`'s UTF-8 length, or -1 as for `count`.
    let snakeCount: Int

    /// The key of `name`.
    init(_ name: String) {
        self.name = name
        count = Self.decidingLength(name)
        var capitals = false
        var isASCII = true
        for byte in name.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { capitals = true }
            if byte >= 0x80 { isASCII = false }
        }
        // A key without capitals (ASCII ones, or any other kind) is its own snake_case spelling.
        guard capitals || !isASCII else {
            snake = nil
            snakeCount = -1
            return
        }
        let spelled = name.reduce(into: "") { out, c in
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
        snake = spelled
        snakeCount = Self.decidingLength(spelled)
    }

    /// True when a member named `member` is this key's own spelling.
    @inline(__always)
    func isName(_ member: String) -> Bool {
        (count < 0 || member.utf8.count == count) && member == name
    }

    /// True when a member named `member` is this key's `snake_case` spelling.
    @inline(__always)
    func isSnake(_ member: String) -> Bool {
        guard let snake else { return false }
        return (snakeCount < 0 || member.utf8.count == snakeCount) && member == snake
    }

    /// The UTF-8 length of `text` when only a string of that length can equal it (as `==`
    /// compares, by canonical equivalence), else -1. That holds for ASCII text without `K`,
    /// `;` and `` ` ``, the only ASCII characters another character (U+212A, U+037E,
    /// U+1FEF) is canonically equivalent to.
    private static func decidingLength(_ text: String) -> Int {
        for byte in text.utf8 where byte >= 0x80 || byte == UInt8(ascii: "K") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "`") {
            return -1
        }
        return text.utf8.count
    }
}
