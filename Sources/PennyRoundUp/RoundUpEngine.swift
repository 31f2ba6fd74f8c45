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
    private let qualifies: Qualifies
    private let compiled: [CompiledProgram]

    /// Makes an engine; `currencies` gives each program's currency (its funding account's).
    public init(programs: [RoundUpProgram], currencies: [String: Currency], qualifies: @escaping Qualifies = { _, _ in true }) {
        self.programs = programs
        self.currencies = currencies
        self.qualifies = qualifies
        self.compiled = programs.compactMap { program in
            guard let currency = currencies[program.name], let pot = program.pot, let unit = program.unit.minorUnits(in: currency), unit > 0 else { return nil }
            return CompiledProgram(program: program, origins: Set(program.origins), currency: currency, pot: pot, unit: unit)
        }
    }

    /// Every accrual and sweep. `asOf` is the latest transaction date of the ledger.
    public func run(_ candidates: [RoundUpCandidate], manualSweeps: [ManualSweep], asOf: LocalDate?) -> RoundUpResult {
        var accruals: [Accrual] = []
        for candidate in candidates { accruals += self.accruals(for: candidate) }
        return finish(accruals, manualSweeps: manualSweeps, asOf: asOf)
    }

    /// The accruals one transaction earns, one per program it qualifies for. Feed every
    /// transaction through this (streaming, in any order), then call `finish`.
    public func accruals(for c: RoundUpCandidate) -> [Accrual] {
        var result: [Accrual] = []
        let t = c.transaction
        guard t.amount.isNegative, AccountName(c.category).isUnder(.expenses), !c.excludesRoundUp, !c.isTransfer else { return result }
        for compiled in compiledPrograms where compiled.origins.contains(c.account) && t.amount.currency == compiled.currency {
            let program = compiled.program
            guard program.until.map({ t.date <= $0 }) ?? true, qualifies(program.name, c) else { continue }
            let spare = Self.spare(amount: t.amount.minorUnits, unit: compiled.unit, multiplier: program.multiplier)
            guard spare > 0 else { continue }
            result.append(
                Accrual(
                    date: t.date, program: program.name, purchaseKey: c.key, description: t.description, funding: program.funding ?? c.account, pot: compiled.pot,
                    amount: Money(minorUnits: spare, currency: compiled.currency)))
        }
        return result
    }

    /// Orders the accruals (date, program, purchase) and derives the sweeps.
    public func finish(_ accruals: consuming [Accrual], manualSweeps: [ManualSweep], asOf: LocalDate?) -> RoundUpResult {
        var result = RoundUpResult(asOf: asOf)
        // In place: one array of accruals alive, elements moved, never copied.
        result.accruals = accruals
        result.accruals.sort { a, b in
            if a.date != b.date { return a.date < b.date }
            return (a.program, a.purchaseKey) < (b.program, b.purchaseKey)
        }
        // Sweeps need only each program's total per day.
        var byDay: [String: [LocalDate: Int64]] = [:]
        for a in result.accruals { byDay[a.program, default: [:]][a.date, default: 0] += a.amount.minorUnits }
        for compiled in compiledPrograms {
            let manual = manualSweeps.filter { $0.program == compiled.program.name }.map(\.date)
            result.sweeps += SweepSchedule(program: compiled.program, currency: compiled.currency, pot: compiled.pot)
                .sweeps(byDay: byDay[compiled.program.name] ?? [:], manual: manual, asOf: asOf)
        }
        result.sweeps.sort { ($0.date, $0.program) < ($1.date, $1.program) }
        return result
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

    private var compiledPrograms: [CompiledProgram] { compiled }

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
