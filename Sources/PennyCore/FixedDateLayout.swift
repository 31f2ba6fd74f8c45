/// A date pattern of two-digit days and months, a two- or four-digit year and literal
/// separators (`%d-%m-%Y`, `%Y%m%d`, `%m/%d/%y`), read by position: what most statements
/// write on every row. `DateFormat` asks it first and reads anything else itself, with the
/// same result (its numbers are read greedily, so a field of this exact shape reads alike).
///
/// A field of 8 to 16 bytes is checked as two 64-bit words (literals compared under a mask,
/// digits tested all at once), about a fifth of the work of a byte-by-byte reading.
struct FixedDateLayout: Hashable, Sendable {
    /// One piece of a pattern.
    enum Piece {
        case year(digits: Int), month, day, literal(UInt8)
    }

    /// The field's length.
    private let count: Int
    private let yearAt: Int, yearDigits: Int, monthAt: Int, dayAt: Int
    /// The literal bytes in place (bytes 0–7, 8–15), and 0xFF at each literal's place.
    private let literals: Words, literalMask: Words
    /// 0xFF at each digit's place.
    private let digitMask: Words

    /// Bytes 0–7 and 8–15 of a field, little-endian.
    private struct Words: Hashable, Sendable {
        var low: UInt64 = 0, high: UInt64 = 0

        /// Sets byte `k` to `byte`.
        mutating func set(_ k: Int, _ byte: UInt8) {
            if k < 8 { low |= UInt64(byte) &<< (8 &* k) } else { high |= UInt64(byte) &<< (8 &* (k &- 8)) }
        }
    }

    /// The layout of `pieces`, or nil when they are not one year, one month and one day
    /// between literals that are ASCII and neither digits nor spaces (the parser trims
    /// spaces), in at most 16 bytes.
    init?(_ pieces: [Piece]) {
        var literals = Words(), literalMask = Words(), digitMask = Words()
        var year: (at: Int, digits: Int)?, month: Int?, day: Int?
        var at = 0
        for piece in pieces {
            var width = 2
            switch piece {
            case .year(let digits) where year == nil: (year, width) = ((at, digits), digits)
            case .month where month == nil: month = at
            case .day where day == nil: day = at
            case .literal(let byte) where byte != 0x20 && byte &- 0x30 >= 10 && byte < 0x80:
                guard at < 16 else { return nil }
                literals.set(at, byte)
                literalMask.set(at, 0xFF)
                at += 1
                continue
            default: return nil
            }
            guard at + width <= 16 else { return nil }
            for k in at..<at + width { digitMask.set(k, 0xFF) }
            at += width
        }
        guard let year, let month, let day else { return nil }
        (count, yearAt, yearDigits, monthAt, dayAt) = (at, year.at, year.digits, month, day)
        (self.literals, self.literalMask, self.digitMask) = (literals, literalMask, digitMask)
    }

    /// True when the year has two digits (its century is the caller's to give).
    var yearIsTwoDigits: Bool { yearDigits == 2 }

    /// The year (as written: two digits are not yet given a century), month and day of a
    /// field of exactly this shape; nil for any other field.
    @inline(__always)
    func read(_ b: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard b.count == count, let field = Self.words(b) else { return nil }
        guard field.low & literalMask.low == literals.low, field.high & literalMask.high == literals.high else { return nil }
        // Each digit's byte less "0": below 10 only for a digit; adding 0x76 sets the top
        // bit of any byte of 10 or more (a byte already 0x80 or more has it set).
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = (field.low ^ (0x30 &* ones)) & digitMask.low, high = (field.high ^ (0x30 &* ones)) & digitMask.high
        guard (low | (low &+ 0x76 &* ones)) & (0x80 &* ones) == 0, (high | (high &+ 0x76 &* ones)) & (0x80 &* ones) == 0 else { return nil }
        func digit(_ k: Int) -> Int { Int(truncatingIfNeeded: (k < 8 ? low &>> (8 &* k) : high &>> (8 &* (k &- 8))) & 0xFF) }
        var year = 0
        for k in yearAt..<yearAt &+ yearDigits { year = year &* 10 &+ digit(k) }
        return (year, digit(monthAt) &* 10 &+ digit(monthAt &+ 1), digit(dayAt) &* 10 &+ digit(dayAt &+ 1))
    }

    /// The field as two words (bytes past its end are 0); nil for more than 16 bytes.
    @inline(__always)
    private static func words(_ b: UnsafeBufferPointer<UInt8>) -> Words? {
        let n = b.count
        guard n <= 16, let base = b.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        guard n >= 8 else {
            var words = Words()
            for k in 0..<n { words.set(k, b[k]) }
            return words
        }
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        // The last 8 bytes, shifted so that byte 8 comes first.
        let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        return Words(low: low, high: n == 8 ? 0 : last &>> (8 &* (16 &- n)))
    }
}
