/// Exact division of integer amounts, rounded half away from zero: the one rounding rule
/// of Penny's reports (shares, budgets, averages, monthly costs).
enum RoundedDivision {
    /// `a / b`, a half rounded away from zero; `b` must not be zero.
    static func divide(_ a: Int128, _ b: Int128) -> Int128 {
        let quotient = a / b, remainder = a % b
        guard remainder != 0, remainder.magnitude * 2 >= b.magnitude else { return quotient }
        return quotient + ((a < 0) != (b < 0) ? -1 : 1)
    }
}
