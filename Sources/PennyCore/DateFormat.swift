/// A strict date pattern in strftime notation, compiled once and applied to many fields.
///
/// Supported: `%Y` (4 digits), `%y` (2 digits: 00–68 are 20YY, 69–99 are 19YY, the POSIX
/// pivot), `%m` and `%d` (1 or 2 digits; 2 when touching another number, as in `%Y%m%d`),
/// `%-d`, `%-m`, `%-y` (unpadded: 1 or 2 digits even between numbers, `10-Nov-9`),
/// `%b` (a month name, full or abbreviated, any case, accents and a trailing dot ignored, in
/// the languages of `MonthNames`), `%H` `%M` `%S` (digits,
/// read and ignored: Penny keeps dates as written), `%f` (a fraction of a second, 1 to 9
/// digits, ignored), `%Z` (a time zone, ignored: `Z`, `+01:00`, `-0500`, `GMT`, or OFX's
/// bracketed `[0:GMT]`, `[-5:EST]`), `%%`, and literal characters.
/// The whole field must match.
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
    private enum Token: Hashable, Sendable {
        case year4, year2, shortYear, month, day, unpaddedMonth, unpaddedDay, monthName, ignoredNumber, fraction, zone, literal(UInt8)
    }

    private let tokens: [Token]
    /// Per token: true when a number touches another number (`%Y%m%d`), so it has a fixed width.
    private let fixedWidth: [Bool]
    /// The same pattern read by position, when it is plain numbers and separators.
    private let layout: FixedDateLayout?
    /// The pattern as written, e.g. `%d-%m-%Y`.
    public let pattern: String

    /// Compiles a pattern, or nil when it uses an unknown `%` code or lacks year, month or day.
    public init?(_ pattern: String) {
        var tokens: [Token] = []
        var bytes = Array(pattern.utf8).makeIterator()
        while let b = bytes.next() {
            guard b == UInt8(ascii: "%") else {
                tokens.append(.literal(b))
                continue
            }
            let code = bytes.next()
            if code == UInt8(ascii: "-") {
                switch bytes.next() {
                case UInt8(ascii: "d"), UInt8(ascii: "e"): tokens.append(.unpaddedDay)
                case UInt8(ascii: "m"): tokens.append(.unpaddedMonth)
                case UInt8(ascii: "y"): tokens.append(.shortYear)
                default: return nil
                }
                continue
            }
            switch code {
            case UInt8(ascii: "Y"): tokens.append(.year4)
            case UInt8(ascii: "y"): tokens.append(.year2)
            case UInt8(ascii: "m"): tokens.append(.month)
            case UInt8(ascii: "d"), UInt8(ascii: "e"): tokens.append(.day)
            case UInt8(ascii: "b"), UInt8(ascii: "B"): tokens.append(.monthName)
            case UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S"): tokens.append(.ignoredNumber)
            case UInt8(ascii: "f"): tokens.append(.fraction)
            case UInt8(ascii: "Z"): tokens.append(.zone)
            case UInt8(ascii: "%"): tokens.append(.literal(UInt8(ascii: "%")))
            default: return nil
            }
        }
        let hasYear = tokens.contains(.year4) || tokens.contains(.year2) || tokens.contains(.shortYear)
        let hasMonth = tokens.contains(.month) || tokens.contains(.monthName) || tokens.contains(.unpaddedMonth)
        guard hasYear, hasMonth, tokens.contains(.day) || tokens.contains(.unpaddedDay) else { return nil }
        self.tokens = tokens
        func isNumber(_ i: Int) -> Bool {
            guard tokens.indices.contains(i) else { return false }
            switch tokens[i] {
            case .literal, .monthName, .fraction, .zone: return false
            default: return true
            }
        }
        self.fixedWidth = tokens.indices.map { isNumber($0) && (isNumber($0 - 1) || isNumber($0 + 1)) }
        self.pattern = pattern
        let pieces = tokens.compactMap(Self.piece)
        self.layout = pieces.count == tokens.count ? FixedDateLayout(pieces) : nil
    }

    /// A token as a piece of a `FixedDateLayout` (a month or day of fixed width, 2 digits).
    private static func piece(_ token: Token) -> FixedDateLayout.Piece? {
        switch token {
        case .year4: .year(digits: 4)
        case .year2: .year(digits: 2)
        case .month: .month
        case .day: .day
        case .literal(let byte): .literal(byte)
        default: nil
        }
    }

    /// ISO `%Y-%m-%d`.
    public static let iso = DateFormat("%Y-%m-%d")!

    /// The pattern.
    public var description: String { pattern }

    /// Reads a date; nil when the text does not follow the pattern or the date does not exist.
    public func parse(_ text: some StringProtocol) -> LocalDate? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { parse(utf8: $0) }
    }

    /// Reads a date from UTF-8 bytes in place (for readers that make no `String` of it).
    public func parse(utf8 b: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        if let layout, let fields = layout.read(b) {
            let year = layout.yearIsTwoDigits ? Self.century(fields.year) : fields.year
            return LocalDate(year: year, month: fields.month, day: fields.day)
        }
        return scan(utf8: b)
    }

    /// Reads a date token by token (every pattern; a test checks the layout against it).
    func scan(utf8 b: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        var i = 0
        while i < b.count, b[i] == 0x20 { i += 1 }
        var end = b.count
        while end > i, b[end - 1] == 0x20 { end -= 1 }
        var year = 0, month = 0, day = 0
        func digits(min: Int, max: Int) -> Int? {
            var value = 0, count = 0
            while i < end, count < max, b[i] >= 0x30, b[i] <= 0x39 {
                value = value * 10 + Int(b[i] - 0x30)
                i += 1
                count += 1
            }
            return count >= min ? value : nil
        }
        for (index, token) in tokens.enumerated() {
            let narrowest = fixedWidth[index] ? 2 : 1
            switch token {
            case .year4: guard let v = digits(min: 4, max: 4) else { return nil }; year = v
            case .year2: guard let v = digits(min: 2, max: 2) else { return nil }; year = Self.century(v)
            case .shortYear: guard let v = digits(min: 1, max: 2) else { return nil }; year = Self.century(v)
            case .unpaddedMonth: guard let v = digits(min: 1, max: 2) else { return nil }; month = v
            case .unpaddedDay: guard let v = digits(min: 1, max: 2) else { return nil }; day = v
            case .month: guard let v = digits(min: narrowest, max: 2) else { return nil }; month = v
            case .day: guard let v = digits(min: narrowest, max: 2) else { return nil }; day = v
            case .ignoredNumber: guard digits(min: narrowest, max: 2) != nil else { return nil }
            case .fraction: guard digits(min: 1, max: 9) != nil else { return nil }
            case .zone: guard Self.skipZone(b, &i, end) else { return nil }
            case .literal(let c): guard i < end, b[i] == c else { return nil }; i += 1
            case .monthName:
                var letters: [UInt8] = []
                while i < end, ((b[i] | 0x20) >= 0x61 && (b[i] | 0x20) <= 0x7A) || b[i] >= 0x80 {
                    letters.append(b[i])
                    i += 1
                }
                guard let named = MonthNames.month(letters) else { return nil }
                month = named
                // An abbreviation's dot (`déc.`), unless the pattern itself has one next.
                if i < end, b[i] == UInt8(ascii: "."), index + 1 == tokens.count || tokens[index + 1] != .literal(UInt8(ascii: ".")) { i += 1 }
            }
        }
        guard i == end else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// Reads over a time zone at `i`: `Z`, `+01:00`/`-0500`, 1 to 5 capital letters
    /// (`GMT`, `CEST`), or OFX's `[offset]`/`[offset:NAME]` (`[0:GMT]`, `[-5.5:IST]`).
    private static func skipZone(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        func isDigit(_ k: Int) -> Bool { k < end && b[k] >= 0x30 && b[k] <= 0x39 }
        func isCapital(_ k: Int) -> Bool { k < end && b[k] >= 0x41 && b[k] <= 0x5A }
        guard i < end else { return false }
        var k = i
        switch b[k] {
        case UInt8(ascii: "["):
            k += 1
            if k < end, b[k] == UInt8(ascii: "+") || b[k] == UInt8(ascii: "-") { k += 1 }
            guard isDigit(k) else { return false }
            while isDigit(k) { k += 1 }
            if k < end, b[k] == UInt8(ascii: ".") {
                k += 1
                guard isDigit(k) else { return false }
                while isDigit(k) { k += 1 }
            }
            if k < end, b[k] == UInt8(ascii: ":") {
                k += 1
                let start = k
                while isCapital(k) || (k < end && b[k] >= 0x61 && b[k] <= 0x7A) { k += 1 }
                guard k > start else { return false }
            }
            guard k < end, b[k] == UInt8(ascii: "]") else { return false }
            k += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            k += 1
            guard isDigit(k), isDigit(k + 1) else { return false }
            k += 2
            if k < end, b[k] == UInt8(ascii: ":") { k += 1 }
            guard isDigit(k), isDigit(k + 1) else { return false }
            k += 2
        default:
            let start = k
            while isCapital(k), k - start < 5 { k += 1 }
            guard k > start, !isCapital(k) else { return false }
        }
        i = k
        return true
    }

    /// A two-digit year's century: 00–68 → 2000s, 69–99 → 1900s (POSIX `strptime`).
    private static func century(_ twoDigits: Int) -> Int {
        twoDigits < 69 ? 2000 + twoDigits : 1900 + twoDigits
    }
}
