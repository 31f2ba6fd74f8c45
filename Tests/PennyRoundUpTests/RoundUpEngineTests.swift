import PennyCore
import PennyRoundUp
import Testing

/// SPEC §7's arithmetic on hand-checked examples.
struct RoundUpEngineTests {
    static func eur(_ units: Int64) -> Money { Money(minorUnits: units, currency: .euro) }

    static func purchase(_ date: String, _ units: Int64, account: String = "assets:bank:checking", category: String = "expenses:food", key: String? = nil)
        -> RoundUpCandidate
    {
        RoundUpCandidate(
            transaction: Transaction(date: LocalDate(iso: date)!, amount: eur(units), description: "SHOP", location: SourceLocation(file: "l")),
            account: account, category: category, isTransfer: category.hasPrefix("assets:"), excludesRoundUp: false, key: key ?? "\(date)-\(units)")
    }

    static func program(
        _ schedule: RoundUpProgram.Schedule, unit: Int64 = 10_000, multiplier: Int = 1, until: String? = nil,
        destinations: [(String, Int)] = [("assets:savings", 5000), ("assets:goal", 2500), ("expenses:donations", 2500)]
    ) -> RoundUpProgram {
        var p = RoundUpProgram(name: "sc", location: SourceLocation(file: "r"))
        p.origins = ["assets:bank:checking", "liabilities:card"]
        p.pot = "assets:pot"
        p.schedule = schedule
        p.unit = DecimalAmount(tenThousandths: unit, currency: nil)
        p.multiplier = multiplier
        p.until = until.flatMap { LocalDate(iso: $0) }
        p.destinations = destinations.map { RoundUpProgram.Destination(account: $0.0, hundredthsOfPercent: $0.1, location: SourceLocation(file: "r")) }
        return p
    }

    static func run(_ program: RoundUpProgram, _ candidates: [RoundUpCandidate], manual: [String] = [], asOf: String) -> RoundUpResult {
        RoundUpEngine(programs: [program], currencies: ["sc": .euro])
            .run(candidates, manualSweeps: manual.map { ManualSweep(program: "sc", date: LocalDate(iso: $0)!) }, asOf: LocalDate(iso: asOf))
    }

    @Test(arguments: [
        (Int64(-2347), Int64(100), 1, Int64(53)), (-120, 100, 1, 80), (-85_000, 100, 1, 0), (-1, 100, 1, 99), (-2347, 100, 3, 159),
        (-2347, 50, 1, 3), (-2347, 500, 1, 153), (-2300, 1000, 2, 1400),
    ])
    func spareChange(amount: Int64, unit: Int64, multiplier: Int, spare: Int64) {
        #expect(RoundUpEngine.spare(amount: amount, unit: unit, multiplier: multiplier) == spare)
    }

    @Test func onlyQualifyingPurchasesAccrue() {
        var noRoundUp = Self.purchase("2024-03-01", -150, key: "n")
        noRoundUp.excludesRoundUp = true
        let candidates = [
            Self.purchase("2024-03-01", -120, key: "a"),
            Self.purchase("2024-03-01", 120, key: "income"),
            Self.purchase("2024-03-01", -120, account: "assets:bank:other", key: "other-account"),
            Self.purchase("2024-03-01", -120, category: "assets:bank:savings", key: "transfer"),
            Self.purchase("2024-03-01", -120, category: "income:refund", key: "not-expense"),
            noRoundUp,
            Self.purchase("2024-03-02", -255, account: "liabilities:card", key: "card"),
            Self.purchase("2025-01-01", -120, key: "after-until"),
        ]
        let result = Self.run(Self.program(.later, until: "2024-12-31"), candidates, asOf: "2024-03-02")
        #expect(result.accruals.map(\.purchaseKey) == ["a", "card"])
        #expect(result.accruals.map(\.amount.minorUnits) == [80, 45])
        #expect(result.accruals.map(\.funding) == ["assets:bank:checking", "liabilities:card"])
        #expect(result.sweeps.isEmpty)
    }

    /// Threshold 5.00: 4.00 on day 1, 0.60 + 0.70 on day 2 → the whole 5.30 on day 2, split
    /// 2.65 / 1.33 / 1.32 (the odd cent to the earlier of the tied remainders).
    @Test func thresholdSweepsTheWholePotAfterTheDay() {
        let candidates = [
            Self.purchase("2024-03-01", -1620, key: "1"), Self.purchase("2024-03-01", -2620, key: "2"), Self.purchase("2024-03-01", -3620, key: "3"),
            Self.purchase("2024-03-01", -4620, key: "4"), Self.purchase("2024-03-01", -5620, key: "5"),
            Self.purchase("2024-03-02", -40, key: "6"), Self.purchase("2024-03-02", -30, key: "7"),
            Self.purchase("2024-03-03", -90, key: "8"),
        ]
        let threshold = Self.program(.whenPotReaches(DecimalAmount(tenThousandths: 50_000, currency: nil)))
        let result = Self.run(threshold, candidates, asOf: "2024-03-03")
        #expect(result.accruals.reduce(0) { $0 + $1.amount.minorUnits } == 540)
        #expect(result.sweeps.count == 1)
        let sweep = result.sweeps[0]
        #expect(sweep.date.description == "2024-03-02")
        #expect(sweep.total.minorUnits == 530)
        #expect(sweep.shares.map(\.amount.minorUnits) == [265, 133, 132])
        #expect(sweep.reason == .threshold)
    }

    @Test func monthlyAndWeeklySweepEndedPeriodsOnly() {
        let candidates = [Self.purchase("2024-02-28", -150, key: "a"), Self.purchase("2024-03-04", -120, key: "b"), Self.purchase("2024-03-10", -110, key: "c")]
        let monthly = Self.run(Self.program(.monthly), candidates, asOf: "2024-03-10")
        #expect(monthly.sweeps.map(\.date.description) == ["2024-02-29"])
        #expect(monthly.sweeps.map(\.total.minorUnits) == [50])
        let weekly = Self.run(Self.program(.weekly), candidates, asOf: "2024-03-10")
        // ISO weeks end on Sunday: 2024-03-03 (holding 0.50) and 2024-03-10 (0.80 + 0.90).
        #expect(weekly.sweeps.map(\.date.description) == ["2024-03-03", "2024-03-10"])
        #expect(weekly.sweeps.map(\.total.minorUnits) == [50, 170])
    }

    @Test func laterWaitsForAPersonAndUntilEndsTheProgram() {
        let candidates = [Self.purchase("2024-03-01", -150, key: "a"), Self.purchase("2024-03-05", -120, key: "b"), Self.purchase("2024-03-09", -110, key: "c")]
        let untouched = Self.run(Self.program(.later), candidates, asOf: "2024-03-09")
        #expect(untouched.sweeps.isEmpty)
        let applied = Self.run(Self.program(.later), candidates, manual: ["2024-03-05"], asOf: "2024-03-09")
        #expect(applied.sweeps.map(\.total.minorUnits) == [130])
        #expect(applied.sweeps.first?.reason == .manual)
        let ended = Self.run(Self.program(.later, until: "2024-03-06"), candidates, asOf: "2024-03-09")
        #expect(ended.sweeps.map(\.date.description) == ["2024-03-06"])
        #expect(ended.sweeps.map(\.total.minorUnits) == [130])
        #expect(ended.sweeps.first?.reason == .until)
    }

    @Test func destinationsInForceOnTheSweepDate() {
        var program = Self.program(.monthly)
        program.destinations = [
            RoundUpProgram.Destination(account: "assets:a", hundredthsOfPercent: 10_000, until: LocalDate(iso: "2024-02-29"), location: SourceLocation(file: "r")),
            RoundUpProgram.Destination(account: "assets:a", hundredthsOfPercent: 5000, since: LocalDate(iso: "2024-03-01"), location: SourceLocation(file: "r")),
            RoundUpProgram.Destination(account: "assets:b", hundredthsOfPercent: 5000, since: LocalDate(iso: "2024-03-01"), location: SourceLocation(file: "r")),
        ]
        let result = Self.run(program, [Self.purchase("2024-02-10", -101, key: "a"), Self.purchase("2024-03-10", -101, key: "b")], asOf: "2024-04-01")
        #expect(result.sweeps.map { $0.shares.map(\.account) } == [["assets:a"], ["assets:a", "assets:b"]])
        #expect(result.sweeps.map { $0.shares.map(\.amount.minorUnits) } == [[99], [50, 49]])
    }
}
