/// A strict parser from the many ways banks write amounts to exact minor units.
///
/// Accepts `1.234,56`, `-1,234.56`, `(12.00)`, `12.00-`, `1 234,56`, `+5`, `$120`,
/// `- $21.59`, `£500.00`, `€ 3,50`, and rejects anything it cannot read exactly:
/// stray characters, two signs, misplaced group separators, or more decimals than the
/// currency has (unless the extra digits are zeros, as in `-30.000` for EUR).
public enum AmountParser {
    /// Parses `text` into minor units of a currency with `exponent` decimals.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func parse(
        _ text: some StringProtocol, format: AmountFormat, exponent: Int
    ) throws(AmountError) -> Int64 {
        var result: Result<Int64, AmountError> = .failure(AmountError("empty amount", at: 0))
        func parseBuffer(_ buffer: UnsafeBufferPointer<UInt8>) {
            result = Result { () throws(AmountError) in try parse(utf8: buffer, format: format, exponent: exponent) }
        }
        // A native string's bytes are read in place; only a bridged one is copied.
        if text.utf8.withContiguousStorageIfAvailable(parseBuffer) == nil {
            Array(text.utf8).withUnsafeBufferPointer(parseBuffer)
        }
        return try result.get()
    }

    /// Parses UTF-8 bytes in place (for readers that never make a `String` of the field).
    public static func parse(
        utf8 bytes: UnsafeBufferPointer<UInt8>, format: AmountFormat, exponent: Int
    ) throws(AmountError) -> Int64 {
        if let value = plain(bytes, decimal: format.decimalByte, group: format.separatorByte, exponent: exponent) { return value }
        return try scan(bytes, format: format, exponent: exponent)
    }

    /// Reads only the common shape (`plain`); nil leaves the field to `parse`, which gives
    /// the same value for every field this reads.
    @inline(__always)
    public static func plain(utf8 bytes: UnsafeBufferPointer<UInt8>, format: AmountFormat, exponent: Int) -> Int64? {
        plain(bytes, decimal: format.decimalByte, group: format.separatorByte, exponent: exponent)
    }

    /// The full scanner alone (a test checks `plain` against it).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, format: AmountFormat, exponent: Int) throws(AmountError) -> Int64 {
        var scanner = AmountScanner(bytes: bytes, format: format)
        return try scanner.parse(exponent: exponent)
    }

    /// The common shape read in one loop: `-`, digits (grouped by threes or not), and the
    /// currency's exact number of decimals or none. Nil for anything else, which the full
    /// scanner reads (or words the error for): the same value either way.
    static func plain(_ b: UnsafeBufferPointer<UInt8>, decimal: UInt8, group: UInt8?, exponent: Int) -> Int64? {
        guard exponent <= 3, decimal != group else { return nil }
        let n = b.count
        var i = 0
        let negative = n > 0 && b[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        // Runs of digits between group separators: the first of 1 to 3 digits, the others
        // of exactly 3 (or one run without separators).
        let separator = group.map(Int.init) ?? -1
        var value: Int64 = 0
        var digits = 0, run = 0
        var sawGroup = false
        while true {
            let start = i
            while i < n, case let digit = b[i] &- 0x30, digit < 10 {
                value = value &* 10 &+ Int64(digit)
                i &+= 1
            }
            run = i &- start
            digits &+= run
            guard i < n, Int(b[i]) == separator else { break }
            if sawGroup ? run != 3 : (run == 0 || run > 3) { return nil }
            sawGroup = true
            i &+= 1
        }
        // At most 15 whole digits and 3 decimals: no overflow.
        guard digits > 0, digits <= 15, !sawGroup || run == 3 else { return nil }
        if i < n {
            guard b[i] == decimal, exponent > 0, n - i - 1 == exponent else { return nil }
            i += 1
            while i < n {
                let c = b[i]
                guard c &- 0x30 < 10 else { return nil }
                value = value &* 10 &+ Int64(c &- 0x30)
                i += 1
            }
        } else {
            for _ in 0..<exponent { value &*= 10 }
        }
        return negative ? -value : value
    }
}

/// Why an amount could not be read, and where in its text (0-based byte offset).
public struct AmountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sentence for a person, without the location.
    public let reason: String
    /// Offset of the offending character within the amount text.
    public let offset: Int

    /// Makes an error.
    public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The reason.
    public var description: String { reason }
}

/// The state of one parse: a cursor over the bytes between the sign and symbol wrappers.
private struct AmountScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let decimalMark: UInt8
    let groupSeparator: UInt8?
    let unit: [UInt8]?
    var start = 0
    var end: Int
    var isNegative = false
    var sawSign = false

    init(bytes: UnsafeBufferPointer<UInt8>, format: AmountFormat) {
        self.bytes = bytes
        self.decimalMark = format.decimalByte
        self.groupSeparator = format.separatorByte
        self.unit = format.unitBytes
        self.end = bytes.count
    }

    mutating func parse(exponent: Int) throws(AmountError) -> Int64 {
        trimSpaces()
        guard start < end else { throw AmountError("empty amount", at: 0) }
        if bytes[start] == UInt8(ascii: "("), bytes[end - 1] == UInt8(ascii: ")") {
            isNegative = true
            sawSign = true
            start += 1
            end -= 1
            trimSpaces()
        }
        try stripPrefix()
        try stripSuffix()
        guard start < end else { throw AmountError("no digits in amount", at: start) }
        return try digits(exponent: exponent)
    }

    /// Leading sign and currency symbol, in either order: `-$5`, `$-5`, `- $ 5`.
    mutating func stripPrefix() throws(AmountError) {
        var progressed = true
        while progressed, start < end {
            progressed = false
            if let sign = signAt(start) {
                try takeSign(sign.negative, at: start)
                start += sign.length
                progressed = true
            } else if let symbol = currencySymbolLength(at: start) {
                start += symbol
                progressed = true
            }
            trimSpaces()
        }
    }

    /// Trailing currency symbol and sign: `12.00-`, `5,00 €`, `3.50+`.
    mutating func stripSuffix() throws(AmountError) {
        var progressed = true
        while progressed, start < end {
            progressed = false
            let last = bytes[end - 1]
            if last == UInt8(ascii: "-") || last == UInt8(ascii: "+") {
                try takeSign(last == UInt8(ascii: "-"), at: end - 1)
                end -= 1
                progressed = true
            } else if let symbolStart = currencySymbolStart(endingAt: end) {
                end = symbolStart
                progressed = true
            }
            trimSpaces()
        }
    }

    mutating func takeSign(_ negative: Bool, at offset: Int) throws(AmountError) {
        if sawSign { throw AmountError("more than one sign in amount", at: offset) }
        sawSign = true
        isNegative = negative
    }

    /// `-`, `+` or U+2212 MINUS SIGN.
    func signAt(_ i: Int) -> (negative: Bool, length: Int)? {
        switch bytes[i] {
        case UInt8(ascii: "-"): return (true, 1)
        case UInt8(ascii: "+"): return (false, 1)
        case 0xE2 where i + 2 < end && bytes[i + 1] == 0x88 && bytes[i + 2] == 0x92: return (true, 3)
        default: return nil
        }
    }

    /// `$`, `£`, `€`, `¥` in UTF-8, or the format's unit.
    func currencySymbolLength(at i: Int) -> Int? {
        if let unit, i + unit.count <= end, Self.sameLetters(bytes[i..<(i + unit.count)], unit) { return unit.count }
        for symbol in Self.symbols where i + symbol.count <= end {
            if bytes[i..<(i + symbol.count)].elementsEqual(symbol) { return symbol.count }
        }
        return nil
    }

    func currencySymbolStart(endingAt e: Int) -> Int? {
        if let unit, e - unit.count >= start, Self.sameLetters(bytes[(e - unit.count)..<e], unit) { return e - unit.count }
        for symbol in Self.symbols where e - symbol.count >= start {
            if bytes[(e - symbol.count)..<e].elementsEqual(symbol) { return e - symbol.count }
        }
        return nil
    }

    /// Equal bytes, ASCII letters compared without case.
    static func sameLetters(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: [UInt8]) -> Bool {
        zip(a, b).allSatisfy { x, y in x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A) }
    }

    static let symbols: [[UInt8]] = [Array("$".utf8), Array("£".utf8), Array("€".utf8), Array("¥".utf8)]

    mutating func trimSpaces() {
        while start < end, let n = spaceLength(at: start) { start += n }
        while start < end, let n = spaceLength(endingAt: end) { end -= n }
    }

    /// ASCII space or tab, NO-BREAK SPACE (C2 A0), NARROW NO-BREAK SPACE (E2 80 AF).
    func spaceLength(at i: Int) -> Int? {
        let b = bytes[i]
        if b == 0x20 || b == 0x09 { return 1 }
        if b == 0xC2, i + 1 < end, bytes[i + 1] == 0xA0 { return 2 }
        if b == 0xE2, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0xAF { return 3 }
        return nil
    }

    func spaceLength(endingAt e: Int) -> Int? {
        let b = bytes[e - 1]
        if b == 0x20 || b == 0x09 { return 1 }
        if b == 0xA0, e - 2 >= start, bytes[e - 2] == 0xC2 { return 2 }
        if b == 0xAF, e - 3 >= start, bytes[e - 3] == 0xE2, bytes[e - 2] == 0x80 { return 3 }
        return nil
    }

    /// The number itself: groups, one decimal mark, digits.
    func digits(exponent: Int) throws(AmountError) -> Int64 {
        var value: Int64 = 0
        var fractionDigits = 0
        var inFraction = false
        var sawDigit = false
        var groupLength = 0
        var sawGroupSeparator = false
        var i = start
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                sawDigit = true
                let digit = Int64(b - 0x30)
                if inFraction {
                    fractionDigits += 1
                    if fractionDigits > exponent {
                        guard digit == 0 else {
                            throw AmountError(
                                "amount has more than \(exponent) decimal\(exponent == 1 ? "" : "s")", at: i)
                        }
                        i += 1
                        continue
                    }
                } else {
                    groupLength += 1
                    if sawGroupSeparator && groupLength > 3 {
                        throw AmountError("thousands separator in the wrong place", at: i)
                    }
                }
                // Building a number from its digits is parsing, not summing money: it keeps its
                // own overflow checks (and error) instead of `CheckedSum`'s.
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(digit)
                if o1 || o2 { throw AmountError("amount too large", at: i) }
                value = next
            } else if b == decimalMark {
                if inFraction { throw AmountError("more than one decimal mark in amount", at: i) }
                if sawGroupSeparator && groupLength != 3 {
                    throw AmountError("thousands separator in the wrong place", at: i)
                }
                inFraction = true
            } else if let separatorLength = groupSeparatorLength(at: i) {
                if inFraction || !sawDigit || (sawGroupSeparator && groupLength != 3)
                    || (!sawGroupSeparator && groupLength > 3)
                {
                    throw AmountError("thousands separator in the wrong place", at: i)
                }
                sawGroupSeparator = true
                groupLength = 0
                i += separatorLength
                continue
            } else {
                throw AmountError("unexpected character in amount", at: i)
            }
            i += 1
        }
        guard sawDigit else { throw AmountError("no digits in amount", at: start) }
        if sawGroupSeparator && !inFraction && groupLength != 3 {
            throw AmountError("thousands separator in the wrong place", at: end - 1)
        }
        var scaled = value
        for _ in fractionDigits..<max(fractionDigits, exponent) {
            let (times10, overflow) = scaled.multipliedReportingOverflow(by: 10)
            if overflow { throw AmountError("amount too large", at: start) }
            scaled = times10
        }
        return isNegative ? -scaled : scaled
    }

    /// The configured separator; a space separator also accepts the no-break spaces.
    func groupSeparatorLength(at i: Int) -> Int? {
        guard let separator = groupSeparator else { return nil }
        if bytes[i] == separator { return 1 }
        if separator == 0x20 { return spaceLength(at: i) }
        return nil
    }
}
