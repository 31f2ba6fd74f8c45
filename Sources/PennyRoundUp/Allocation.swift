/// Splitting an amount by percentages in exact minor units (largest remainder).
public enum Allocation {
    /// Each share's minor units: the floor of its part, then the units left over one at a
    /// time to the largest fractional remainders, ties to the earlier share. The shares
    /// always add up to `total`.
    ///
    /// `hundredthsOfPercent` must add up to 10,000 (100%).
    /// - Complexity: O(n log n) in the number of shares.
    public static func split(_ total: Int64, hundredthsOfPercent weights: [Int]) -> [Int64] {
        precondition(weights.reduce(0, +) == 10_000, "percentages must add up to 100%")
        let magnitude = Int128(total.magnitude)
        var shares = weights.map { Int64(magnitude * Int128($0) / 10_000) }
        let remainders = weights.map { magnitude * Int128($0) % 10_000 }
        var leftover = Int64(magnitude) - shares.reduce(0, +)
        let order = weights.indices.sorted { (remainders[$0], -$0) > (remainders[$1], -$1) }
        var i = 0
        while leftover > 0 {
            shares[order[i % order.count]] += 1
            leftover -= 1
            i += 1
        }
        return total < 0 ? shares.map { -$0 } : shares
    }
}
