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

    /// The streaming tally (each purchase added to its day's total and forgotten, in any
    /// order) gives the reference computation's day totals, sweeps and status exactly.
    @Test func dayTotalsGiveTheSameSweepsAndTotalsAsEveryAccrual() throws {
        var g = SeededGenerator(seed: 11)
        for round in 0..<200 {
            var candidates: [RoundUpCandidate] = []
            for i in 0..<Int.random(in: 0...120, using: &g) {
                let date = String(format: "2024-%02d-%02d", Int.random(in: 3...4, using: &g), Int.random(in: 1...28, using: &g))
                let account = Bool.random(using: &g) ? "assets:bank:checking" : "liabilities:card"
                candidates.append(RoundUpEngineTests.purchase(date, -Int64.random(in: 1...20_000, using: &g), account: account, key: "k\(round)-\(i)"))
            }
            let schedules: [RoundUpProgram.Schedule] = [
                .whenPotReaches(DecimalAmount(tenThousandths: Int64.random(in: 1...200_000, using: &g), currency: nil)), .weekly, .monthly, .later,
            ]
            var program = RoundUpEngineTests.program(
                schedules[round % 4], unit: [100, 10_000, 50_000][round % 3], multiplier: Int.random(in: 1...3, using: &g),
                until: Bool.random(using: &g) ? "2024-04-10" : nil,
                destinations: zip(["assets:a", "assets:b", "expenses:c"], Self.weights(3, &g)).map { ($0, $1) })
            if round % 5 == 0 { program.funding = "assets:bank:checking" }
            let engine = RoundUpEngine(programs: [program], currencies: ["sc": .euro])
            let manual = (0..<Int.random(in: 0...2, using: &g)).map { _ in
                ManualSweep(program: "sc", date: LocalDate(year: 2024, month: 3, day: Int.random(in: 1...31, using: &g))!)
            }
            let asOf = LocalDate(iso: "2024-05-02")
            let reference = engine.run(candidates, manualSweeps: manual, asOf: asOf)
            var tally = RoundUpTally()
            for candidate in candidates.shuffled(using: &g) { try engine.accrue(candidate, into: &tally) }
            let streamed = try engine.finish(tally, manualSweeps: manual, asOf: asOf)
            #expect(streamed.accruals.isEmpty)
            #expect(streamed.days == reference.days)
            #expect(streamed.sweeps == reference.sweeps)
            // Each day total is the sum of that day's accruals from that funding account.
            var sums: [String: (Int64, Int)] = [:]
            for a in reference.accruals {
                let key = "\(a.date) \(a.funding)"
                sums[key] = ((sums[key]?.0 ?? 0) + a.amount.minorUnits, (sums[key]?.1 ?? 0) + 1)
            }
            #expect(streamed.days.count == sums.count)
            for day in streamed.days {
                let sum = sums["\(day.date) \(day.funding)"]
                #expect(sum?.0 == day.amount.minorUnits && sum?.1 == day.purchases)
            }
            let status = try RoundUpStatus.make(streamed, programs: [program], currencies: ["sc": .euro])
            let accrued = reference.accruals.reduce(0) { $0 + $1.amount.minorUnits }
            let swept = reference.sweeps.reduce(0) { $0 + $1.total.minorUnits }
            #expect(status.first?.accrued.minorUnits == accrued)
            #expect(status.first?.swept.minorUnits == swept)
            #expect(status.first?.pot.minorUnits == accrued - swept)
        }
    }

    /// A day's total past 64 bits is an error, not a wrapped sum.
    @Test func aDayTotalThatOverflowsThrows() {
        let program = RoundUpEngineTests.program(.later, unit: 10_000, multiplier: Int(Int64.max / 99 / 3))
        let engine = RoundUpEngine(programs: [program], currencies: ["sc": .euro])
        var tally = RoundUpTally()
        #expect(throws: MoneyError.overflow) {
            for i in 0..<4 { try engine.accrue(RoundUpEngineTests.purchase("2024-03-01", -1, key: "\(i)"), into: &tally) }
            _ = try engine.finish(tally, manualSweeps: [], asOf: nil)
        }
    }
}
