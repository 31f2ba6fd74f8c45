/// How one amount becomes another currency: one or two rates, each used as published
/// (multiply) or reversed (divide), computed exactly in 128 bits and rounded once, half
/// away from zero, to the target currency's minor unit.
public struct Conversion: Sendable, Equatable, CustomStringConvertible {
    /// One rate of the chain.
    public struct Step: Sendable, Equatable {
        /// The published rate.
        public let rate: ExchangeRate
        /// True when it is used backwards (from its `to` into its `from`: a division).
        public let reversed: Bool

        /// Makes a step.
        public init(rate: ExchangeRate, reversed: Bool) {
            self.rate = rate
            self.reversed = reversed
        }
    }

    /// The currency converted from.
    public let from: Currency
    /// The currency converted into.
    public let to: Currency
    /// Zero steps (same currency), one (direct or reversed), or two (via a third currency).
    public let steps: [Step]

    /// Makes a conversion.
    public init(from: Currency, to: Currency, steps: [Step]) {
        self.from = from
        self.to = to
        self.steps = steps
    }

    /// `money` in `to`: `units × Π numerators / Π denominators`, rounded half away from zero.
    /// Throws `MoneyError.overflow` when a product passes 128 bits or the result 64.
    public func apply(_ money: Money) throws(MoneyError) -> Money {
        let (numerator, denominator) = try exact(money)
        let quotient = Self.divideRoundingHalfAwayFromZero(numerator, denominator)
        guard let units = Int64(exactly: quotient) else { throw .overflow }
        return Money(minorUnits: units, currency: to)
    }

    /// `money` in `to`'s minor units as an exact fraction (denominator positive), before
    /// any rounding: what a sum of several conversions adds up before rounding once.
    public func exact(_ money: Money) throws(MoneyError) -> (numerator: Int128, denominator: Int128) {
        guard money.currency == from else { throw .currencyMismatch(from, money.currency) }
        var numerator = Int128(money.minorUnits)
        var denominator: Int128 = 1
        for step in steps {
            let published = Int128(step.rate.rate.mantissa), scale = step.rate.rate.denominator
            try numerator.multiply(checked: step.reversed ? scale : published)
            try denominator.multiply(checked: step.reversed ? published : scale)
        }
        for _ in 0..<max(0, to.exponent - from.exponent) { try numerator.multiply(checked: 10) }
        for _ in 0..<max(0, from.exponent - to.exponent) { try denominator.multiply(checked: 10) }
        return (numerator, denominator)
    }

    /// `a / b` rounded half away from zero; `b` is positive.
    public static func divideRoundingHalfAwayFromZero(_ a: Int128, _ b: Int128) -> Int128 {
        let quotient = a / b, remainder = a % b
        guard remainder != 0, remainder.magnitude * 2 >= b.magnitude else { return quotient }
        return quotient + ((a < 0) != (b < 0) ? -1 : 1)
    }

    /// `EUR→USD 1.0813 (2024-03-01)`, `USD→EUR 1/1.0857 (2024-03-04)`, or both steps.
    public var description: String {
        guard !steps.isEmpty else { return "\(from.code)→\(to.code) 1" }
        return steps.map { step in
            let r = step.rate
            return step.reversed ? "\(r.to.code)→\(r.from.code) 1/\(r.rate) (\(r.date))" : "\(r.from.code)→\(r.to.code) \(r.rate) (\(r.date))"
        }.joined(separator: ", ")
    }
}
