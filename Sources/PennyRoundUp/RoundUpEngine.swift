public import PennyCore

/// The round-up programs of SPEC §7 as a pure function: from the ledger's transactions,
/// the programs and a person's recorded decisions to every accrual and sweep.
///
/// Transactions are taken in (date, key) order, so the result never depends on the order
/// of files or of transactions within a day; importing twice gives the same result.
public struct RoundUpEngine {
    /// Decides a program's extra `if` lines for a candidate.
    public typealias Qualifies = (_ program: String, _ candidate: RoundUpCandidate) -> Bool

    private let programs: [RoundUpProgram]
    private let currencies: [String: Currency]
    private let qualifies: Qualifies?
    private let compiled: [CompiledProgram]

    /// Makes an engine; `currencies` gives each program's currency (its funding account's);
    /// `qualifies` decides the programs' `if` lines (nil: there are none).
    public init(programs: [RoundUpProgram], currencies: [String: Currency], qualifies: Qualifies? = nil) {
        self.programs = programs
        self.currencies = currencies
        self.qualifies = qualifies
        self.compiled = programs.compactMap { program in
            guard let currency = currencies[program.name], let pot = program.pot, let unit = program.unit.minorUnits(in: currency), unit > 0 else { return nil }
            return CompiledProgram(program: program, origins: Set(program.origins), currency: currency, pot: pot, unit: unit)
        }
    }

    /// Every accrual and sweep, with each purchase's accrual kept (`accruals`) beside the
    /// per-day totals (`days`): the reference computation, for tests and small inputs.
    /// - Complexity: O(n log n) in the candidates; memory grows with them.
    public func run(_ candidates: [RoundUpCandidate], manualSweeps: [ManualSweep], asOf: LocalDate?) -> RoundUpResult {
        var accruals: [Accrual] = []
        for candidate in candidates { accruals += self.accruals(for: candidate) }
        return finish(accruals, manualSweeps: manualSweeps, asOf: asOf)
    }

    /// The accruals one transaction earns, one per program it qualifies for. Feed every
    /// transaction through this (streaming, in any order), then call `finish`.
    public func accruals(for c: RoundUpCandidate) -> [Accrual] {
        var result: [Accrual] = []
        forEachSpare(c) { compiled, _, funding, spare in
            result.append(
                Accrual(
                    date: c.transaction.date, program: compiled.program.name, purchaseKey: c.key, description: c.transaction.description, funding: funding,
                    pot: compiled.pot, amount: Money(minorUnits: spare, currency: compiled.currency)))
        }
        return result
    }

    /// Adds the spare change `c` earns to `tally`, one day total per program and funding
    /// account: what the sweeps and the derived journal need, without keeping the purchase.
    /// Feed every transaction through this (in any order), then call `finish(_:)` with the
    /// tally. Throws when a day's total passes 64 bits.
    public func accrue(_ c: RoundUpCandidate, into tally: inout RoundUpTally) throws(MoneyError) {
        var failure: MoneyError?
        forEachSpare(c) { _, index, funding, spare in
            do throws(MoneyError) { try tally.add(spare, on: c.transaction.date, program: index, funding: funding) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Calls `body` with each program `c` qualifies for, its index, the funding account and
    /// the spare change (positive).
    private func forEachSpare(_ c: RoundUpCandidate, _ body: (CompiledProgram, Int, String, Int64) -> Void) {
        let t = c.transaction
        guard Self.mayRoundUp(amount: t.amount, category: c.category, excludesRoundUp: c.excludesRoundUp, isTransfer: c.isTransfer) else { return }
        for index in compiled.indices where compiled[index].origins.contains(c.account) {
            guard let spare = spare(program: index, date: t.date, amount: t.amount), qualifies?(compiled[index].program.name, c) ?? true else { continue }
            body(compiled[index], index, compiled[index].program.funding ?? c.account, spare)
        }
    }

    /// Whether a purchase can round up at all: money spent (negative), filed under
    /// `expenses:`, not excluded by a rule, not a transfer.
    static func mayRoundUp(amount: Money, category: String, excludesRoundUp: Bool, isTransfer: Bool) -> Bool {
        amount.isNegative && roundsUp(category: category) && !excludesRoundUp && !isTransfer
    }

    /// Whether a purchase filed under `category` can round up: it is under `expenses:`.
    public static func roundsUp(category: String) -> Bool { AccountName(category).isUnder(.expenses) }

    /// The numbers of the programs whose origins hold `account`.
    func programs(from account: String) -> [Int] {
        compiled.indices.filter { compiled[$0].origins.contains(account) }
    }

    /// The spare change program `index` takes from an origin's purchase of `amount` on
    /// `date` (positive); nil when the purchase is in another currency, after the program's
    /// `until`, or an exact multiple of the unit. The `if` lines are not asked.
    func spare(program index: Int, date: LocalDate, amount: Money) -> Int64? {
        spareTerms(program: index).spare(date: date, amount: amount)
    }

    /// What `spare(program:date:amount:)` reads of program `index`, copied out once: the
    /// accruer asks it per purchase without touching the program's strings.
    func spareTerms(program index: Int) -> SpareTerms {
        let compiled = self.compiled[index]
        return SpareTerms(currency: compiled.currency, until: compiled.program.until, unit: compiled.unit, multiplier: compiled.program.multiplier)
    }

    /// The funding account of program `index` for a purchase of `account`.
    func funding(program index: Int, account: String) -> String { compiled[index].program.funding ?? account }

    /// How many programs the engine computes (those with a pot, a currency and a unit).
    public var programCount: Int { compiled.count }

    /// True when some program has `if` lines to decide (`qualifies`): then every purchase
    /// needs its whole candidate, description and fields.
    public var decidesConditions: Bool { qualifies != nil }

    /// Orders the accruals (date, program, purchase), totals them per day and derives the
    /// sweeps.
    public func finish(_ accruals: [Accrual], manualSweeps: [ManualSweep], asOf: LocalDate?) -> RoundUpResult {
        var tally = RoundUpTally()
        // The reference path traps on a day total past 64 bits, as it always did.
        for a in accruals {
            guard let index = compiled.firstIndex(where: { $0.program.name == a.program }) else { continue }
            try! tally.add(a.amount.minorUnits, on: a.date, program: index, funding: a.funding)
        }
        var result = try! finish(tally, manualSweeps: manualSweeps, asOf: asOf)
        result.accruals = accruals
        result.accruals.sort { a, b in
            if a.date != b.date { return a.date < b.date }
            return (a.program, a.purchaseKey) < (b.program, b.purchaseKey)
        }
        return result
    }

    /// The per-day accruals of `tally`, in (date, program, funding) order, and the sweeps
    /// they lead to.
    /// Throws when a day's total passes 64 bits.
    /// - Complexity: O(d log d) in the tally's day totals.
    public func finish(_ tally: RoundUpTally, manualSweeps: [ManualSweep], asOf: LocalDate?) throws(MoneyError) -> RoundUpResult {
        var result = RoundUpResult(asOf: asOf)
        var byDay = [[LocalDate: Int64]](repeating: [:], count: compiled.count)
        for (key, total) in try tally.totals {
            let program = compiled[key.program]
            result.days.append(
                DailyAccrual(
                    date: key.date, program: program.program.name, funding: tally.fundings[key.funding], pot: program.pot,
                    amount: Money(minorUnits: total.amount, currency: program.currency), purchases: total.purchases))
            // The tally checked that each program's day total fits.
            byDay[key.program][key.date, default: 0] += total.amount
        }
        result.days.sort { a, b in (a.date, a.program, a.funding) < (b.date, b.program, b.funding) }
        for (index, program) in compiled.enumerated() {
            let manual = manualSweeps.filter { $0.program == program.program.name }.map(\.date)
            result.sweeps += SweepSchedule(program: program.program, currency: program.currency, pot: program.pot)
                .sweeps(byDay: byDay[index], manual: manual, asOf: asOf)
        }
        result.sweeps.sort { ($0.date, $0.program) < ($1.date, $1.program) }
        return result
    }

    /// A program's terms for the spare change of one purchase (no reference counted parts).
    struct SpareTerms {
        let currency: Currency
        let until: LocalDate?
        let unit: Int64
        let multiplier: Int

        /// The spare change of a purchase of `amount` on `date` (positive); nil when the
        /// purchase is in another currency, after `until`, or an exact multiple of the unit.
        @inline(__always)
        func spare(date: LocalDate, amount: Money) -> Int64? {
            guard amount.currency == currency, until.map({ date <= $0 }) ?? true else { return nil }
            let spare = RoundUpEngine.spare(amount: amount.minorUnits, unit: unit, multiplier: multiplier)
            return spare > 0 ? spare : nil
        }
    }

    /// A program with what accrual needs precomputed; programs without a pot, currency or
    /// usable unit (validation refuses those) are left out.
    private struct CompiledProgram {
        let program: RoundUpProgram
        let origins: Set<String>
        let currency: Currency
        let pot: String
        let unit: Int64
    }

    /// The spare change of a purchase of `amount` minor units: up to the next multiple of
    /// `unit`, times `multiplier`; 0 for an exact multiple.
    public static func spare(amount: Int64, unit: Int64, multiplier: Int) -> Int64 {
        let magnitude = amount.magnitude
        let u = UInt64(unit)
        let up = (magnitude + u - 1) / u * u
        return Int64(up - magnitude) * Int64(multiplier)
    }

}

/// When a program's pot is swept, and how it is split.
struct SweepSchedule {
    let program: RoundUpProgram
    let currency: Currency
    let pot: String

    func sweeps(byDay: [LocalDate: Int64], manual: [LocalDate], asOf: LocalDate?) -> [Sweep] {
        guard let first = byDay.keys.min() else { return [] }
        // Every day something can happen, in order.
        var days = Set(byDay.keys).union(manual.filter { $0 >= first })
        if let asOf {
            var scheduled: [LocalDate] = []
            switch program.schedule {
            case .weekly?:
                var day = first.adding(days: 7 - first.isoWeekday)
                while day <= asOf {
                    scheduled.append(day)
                    day = day.adding(days: 7)
                }
            case .monthly?:
                var day = first.endOfMonth
                while day <= asOf {
                    scheduled.append(day)
                    day = day.adding(days: 1).endOfMonth
                }
            default: break
            }
            days.formUnion(scheduled)
            if let until = program.until, until <= asOf, until >= first { days.insert(until) }
        }
        let scheduledDays = Set(
            days.filter { day in
                switch program.schedule {
                case .weekly?: return day.isoWeekday == 7 && asOf.map { day <= $0 } == true
                case .monthly?: return day == day.endOfMonth && asOf.map { day <= $0 } == true
                default: return false
                }
            })
        let manualDays = Set(manual)
        var balance: Int64 = 0
        var sweeps: [Sweep] = []
        for day in days.sorted() {
            balance += byDay[day] ?? 0
            guard balance > 0 else { continue }
            var reason: SweepReason?
            if case .whenPotReaches(let threshold)? = program.schedule, let x = threshold.minorUnits(in: currency), balance >= x { reason = .threshold }
            if reason == nil, scheduledDays.contains(day) { reason = program.schedule == .weekly ? .weekly : .monthly }
            if reason == nil, manualDays.contains(day) { reason = .manual }
            if reason == nil, let until = program.until, day == until, asOf.map({ until <= $0 }) == true { reason = .until }
            guard let reason, let sweep = split(balance, on: day, reason: reason) else { continue }
            sweeps.append(sweep)
            balance = 0
        }
        return sweeps
    }

    /// The pot split over the destinations in force on `day`; nil when none is.
    func split(_ total: Int64, on day: LocalDate, reason: SweepReason) -> Sweep? {
        let destinations = program.destinations.filter { $0.isInForce(on: day) }
        guard destinations.reduce(0, { $0 + $1.hundredthsOfPercent }) == 10_000 else { return nil }
        let shares = Allocation.split(total, hundredthsOfPercent: destinations.map(\.hundredthsOfPercent))
        return Sweep(
            date: day, program: program.name, pot: pot, total: Money(minorUnits: total, currency: currency),
            shares: zip(destinations, shares).map { ($0.account, Money(minorUnits: $1, currency: currency)) }, reason: reason)
    }
}
