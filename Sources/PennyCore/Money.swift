/// An exact amount of money: a whole number of minor units (cents) in one currency.
///
/// Negative amounts leave an account. Arithmetic checks overflow and currency
/// mismatches; there is no floating point anywhere.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in minor units, e.g. 2347 for 23.47 EUR.
    public let minorUnits: Int64
    /// The currency the units are counted in.
    public let currency: Currency

    /// Makes an amount from minor units.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Zero in the given currency.
    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// The sum, or an error when the currencies differ or the result overflows.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else {
            throw .currencyMismatch(currency, other.currency)
        }
        var sum = minorUnits
        try sum.add(checked: other.minorUnits)
        return Money(minorUnits: sum, currency: currency)
    }

    /// The same amount with the opposite sign, or an error for the one value that has none.
    public func negated() throws(MoneyError) -> Money {
        guard minorUnits != .min else { throw .overflow }
        return Money(minorUnits: -minorUnits, currency: currency)
    }

    /// True when the amount is below zero (money leaves the account).
    public var isNegative: Bool { minorUnits < 0 }

    /// The decimal number without the currency, e.g. `-23.47` (JPY: `-23`).
    public var decimalString: String {
        DecimalFormatter.format(minorUnits: minorUnits, exponent: currency.exponent)
    }

    /// The amount as a journal writes it: `-23.47 EUR`.
    public var description: String { "\(decimalString) \(currency.code)" }
}

/// What can go wrong in money arithmetic.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The result does not fit in 64 bits of minor units.
    case overflow
    /// Two amounts in different currencies were combined.
    case currencyMismatch(Currency, Currency)

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .overflow: "amount too large"
        case .currencyMismatch(let a, let b): "cannot combine \(a.code) with \(b.code)"
        }
    }
}

/// Renders minor units as a plain decimal number.
public enum DecimalFormatter {
    /// `format(minorUnits: -2347, exponent: 2)` is `-23.47`; works for `Int64.min` too.
    public static func format(minorUnits: Int64, exponent: Int) -> String {
        let magnitude = minorUnits.magnitude
        var digits = String(magnitude)
        if exponent > 0 {
            if digits.count <= exponent {
                digits = String(repeating: "0", count: exponent - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent))
        }
        return minorUnits < 0 ? "-" + digits : digits
    }
}
