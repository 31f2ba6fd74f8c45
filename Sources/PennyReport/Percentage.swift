/// A percentage with two decimals, computed exactly from minor units (never floating point).
public struct Percentage: Sendable, Equatable, CustomStringConvertible {
    /// Hundredths of a percent: 50.62% is 5062.
    public let hundredths: Int64

    /// A percentage of so many hundredths.
    public init(hundredths: Int64) {
        self.hundredths = hundredths
    }

    /// `part / whole × 100`, rounded half away from zero; nil when `whole` is zero. A share
    /// past `Int64.max` hundredths (a part 10^15 times its whole) saturates there: it is a
    /// ratio shown to a person, not money anything adds up.
    public init?(part: Int64, of whole: Int64) {
        guard whole != 0 else { return nil }
        hundredths = Int64(clamping: RoundedDivision.divide(Int128(part) * 10_000, Int128(whole)))
    }

    /// A JSON number with up to two decimals: `28.0`, `13.83`, `-5.5`.
    public var jsonNumber: String {
        var text = formatted
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        return text
    }

    /// Two decimals: `28.00`.
    public var formatted: String {
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `50.62%`.
    public var description: String { formatted + "%" }
}
