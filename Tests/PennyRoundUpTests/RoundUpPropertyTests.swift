import PennyCore
import PennyRoundUp
import PennyTestSupport
import Testing

/// Invariants over random purchases and splits (seeded, so failures reproduce).
struct RoundUpPropertyTests {
    /// Random percentages with two decimals that add up to 100%.
    static func weights(_ n: Int, _ g: inout SeededGenerator) -> [Int] {
        var cuts = (0..<(n - 1)).map { _ in Int.random(in: 0...10_000, using: &g) }.sorted()
        cuts = [0] + cuts + [10_000]
        return (0..<n).map { cuts[$0 + 1] - cuts[$0] }
    }

    @Test func sharesAlwaysAddUpToThePot() {
        var g = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let weights = Self.weights(Int.random(in: 1...6, using: &g), &g)
            let total = Int64.random(in: 0...10_000_000, using: &g)
            let shares = Allocation.split(total, hundredthsOfPercent: weights)
            #expect(shares.reduce(0, +) == total)
            // Each share is its exact part rounded down or up by less than one unit.
            for (share, weight) in zip(shares, weights) {
                let exact = Int128(total) * Int128(weight)
                #expect(Int128(share) * 10_000 <= exact + 10_000 && Int128(share) * 10_000 >= exact - 10_000)
            }
        }
    }

    @Test func tiesGoToTheEarlierDestination() {
        #expect(Allocation.split(1, hundredthsOfPercent: [5000, 5000]) == [1, 0])
        #expect(Allocation.split(2, hundredthsOfPercent: [3334, 3333, 3333]) == [1, 1, 0])
        #expect(Allocation.split(100, hundredthsOfPercent: [3333, 3333, 3334]) == [33, 33, 34])
    }

    @Test func theResultNeverDependsOnOrder() {
        var g = SeededGenerator(seed: 7)
        for round in 0..<50 {
            var candidates: [RoundUpCandidate] = []
            for i in 0..<Int.random(in: 1...60, using: &g) {
                let day = Int.random(in: 1...28, using: &g)
                candidates.append(RoundUpEngineTests.purchase(String(format: "2024-03-%02d", day), -Int64.random(in: 1...20_000, using: &g), key: "k\(round)-\(i)"))
            }
            let schedules: [RoundUpProgram.Schedule] = [.whenPotReaches(DecimalAmount(tenThousandths: 50_000, currency: nil)), .weekly, .monthly, .later]
            let program = RoundUpEngineTests.program(schedules[round % 4], destinations: zip(["assets:a", "assets:b", "expenses:c"], Self.weights(3, &g)).map { ($0, $1) })
            let once = RoundUpEngineTests.run(program, candidates, manual: ["2024-03-15"], asOf: "2024-04-02")
            #expect(RoundUpEngineTests.run(program, candidates.reversed(), manual: ["2024-03-15"], asOf: "2024-04-02") == once)
            #expect(RoundUpEngineTests.run(program, candidates.shuffled(using: &g), manual: ["2024-03-15"], asOf: "2024-04-02") == once)
            let accrued = once.accruals.reduce(0) { $0 + $1.amount.minorUnits }
            let swept = once.sweeps.reduce(0) { $0 + $1.total.minorUnits }
            #expect(swept <= accrued)
            for sweep in once.sweeps { #expect(sweep.shares.reduce(0) { $0 + $1.amount.minorUnits } == sweep.total.minorUnits) }
        }
    }
}
