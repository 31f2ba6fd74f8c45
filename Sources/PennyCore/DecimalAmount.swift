// Exact decimal amounts written in rules files.

/// An amount written in rules: an exact decimal with four places, optionally tied to a currency.
public struct DecimalAmount: Sendable, Equatable {
    /// Ten-thousandths: `5.00` is 50000.
    public let tenThousandths: Int64
    /// The currency the amount applies to, or nil for any currency.
    public let currency: Currency?

    /// Makes an amount.
    public init(tenThousandths: Int64, currency: Currency?) {
        self.tenThousandths = tenThousandths
        self.currency = currency
    }

    /// The sign of `money - self`: -1, 0 or 1; nil when the currencies differ.
    public func compare(_ money: Money) -> Int? {
        if let currency, currency != money.currency { return nil }
        var lhs = Int128(money.minorUnits)
        var rhs = Int128(tenThousandths)
        let exponent = money.currency.exponent
        for _ in 0..<max(0, 4 - exponent) { lhs *= 10 }
        for _ in 0..<max(0, exponent - 4) { rhs *= 10 }
        return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }
}

extension DecimalAmount {
    /// The amount in minor units of `currency`, or nil when it has more decimals than the
    /// currency (0.005 EUR) or would overflow.
    public func minorUnits(in currency: Currency) -> Int64? {
        let exponent = currency.exponent
        guard exponent <= 4 else { return nil }
        var divisor: Int64 = 1
        for _ in 0..<(4 - exponent) { divisor *= 10 }
        guard tenThousandths % divisor == 0 else { return nil }
        return tenThousandths / divisor
    }
}
