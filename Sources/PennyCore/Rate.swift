/// An exchange rate as its source writes it: an exact decimal (`1.0813` is mantissa 10813,
/// scale 4), positive, never floating point.
///
/// The scale is kept as given, so `0.85420` stays five places: the precision the source
/// publishes is the precision written back.
public struct Rate: Hashable, Sendable, CustomStringConvertible {
    /// The digits as an integer: 10813 for `1.0813`.
    public let mantissa: Int64
    /// Digits after the decimal point: 4 for `1.0813`.
    public let scale: Int

    /// Makes a rate; nil unless the mantissa is positive and the scale is 0...18.
    public init?(mantissa: Int64, scale: Int) {
        guard mantissa > 0, (0...18).contains(scale) else { return nil }
        self.mantissa = mantissa
        self.scale = scale
    }

    /// Parses `DIGITS[.DIGITS]` exactly (`1.0813`, `161.50`, `1`); nil for anything else:
    /// a sign, a comma, an exponent, zero, or more than 18 digits.
    public init?(parsing text: some StringProtocol) {
        var mantissa: Int64 = 0
        var scale = 0, digits = 0, seenPoint = false, intDigits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, intDigits > 0 else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            digits += 1
            guard digits <= 18 else { return nil }
            mantissa = mantissa * 10 + Int64(byte - 0x30)
            if seenPoint { scale += 1 } else { intDigits += 1 }
        }
        guard intDigits > 0, !seenPoint || scale > 0 else { return nil }
        self.init(mantissa: mantissa, scale: scale)
    }

    /// The decimal as written: `1.0813`, `0.85420`.
    public var description: String { DecimalFormatter.format(minorUnits: mantissa, exponent: scale) }

    /// `10^scale`, the rate's denominator.
    public var denominator: Int128 {
        var value: Int128 = 1
        for _ in 0..<scale { value *= 10 }
        return value
    }
}
