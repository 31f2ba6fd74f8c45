/// A chart's value axis: a top at a round number above the largest value and four or five
/// evenly spaced ticks from zero (steps of 1, 2, 2.5 or 5 times a power of ten, in minor
/// units), so the gridlines carry values a person reads at a glance.
struct ChartAxis: Equatable {
    /// The value at the top of the plot (minor units, at least 1).
    let top: Int64
    /// The tick values from 0 up to `top`, ascending.
    let ticks: [Int64]

    /// The axis for values up to `largest` (minor units; 0 or less gives a unit axis).
    init(largest: Int64) {
        guard largest > 0 else {
            top = 1
            ticks = [0]
            return
        }
        let step = Self.step(above: largest / 4 + (largest % 4 == 0 ? 0 : 1))
        let count = largest / step + (largest % step == 0 ? 0 : 1)
        top = step * count
        ticks = (0...count).map { $0 * step }
    }

    /// The smallest round step (1, 2, 2.5 or 5 × 10ⁿ) that is at least `minimum`.
    private static func step(above minimum: Int64) -> Int64 {
        var power: Int64 = 1
        while true {
            for factor in [10, 20, 25, 50] as [Int64] {
                let candidate = power * factor / 10
                if candidate >= minimum && candidate > 0 { return candidate }
            }
            if power > Int64.max / 100 { return minimum }
            power *= 10
        }
    }
}
