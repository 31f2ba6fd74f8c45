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

    /// Makes an engine; `currencies` gives each program's currency (its funding account's).
    public init(programs: [RoundUpProgram], currencies: [String: Currency], qualifies: @escaping Qualifies = { _, _ in true }) {
        self.programs = programs
        self.currencies = currencies
        self.qualifies = qualifies
    }

    /// Every accrual and sweep. `asOf` is the latest transaction date of the ledger.
    public func run(_ candidates: [RoundUpCandidate], manualSweeps: [ManualSweep], asOf: LocalDate?) -> RoundUpResult {
        let ordered = candidates.sorted { ($0.transaction.date, $0.key) < ($1.transaction.date, $1.key) }
        var result = RoundUpResult(asOf: asOf)
        for program in programs {
            let (accruals, sweeps) = run(program, ordered, manualSweeps.filter { $0.program == program.name }.map(\.date), asOf: asOf)
            result.accruals += accruals
            result.sweeps += sweeps
        }
        result.accruals.sort { ($0.date, $0.program, $0.purchaseKey) < ($1.date, $1.program, $1.purchaseKey) }
        result.sweeps.sort { ($0.date, $0.program) < ($1.date, $1.program) }
        return result
    }

    /// The spare change of a purchase of `amount` minor units: up to the next multiple of
    /// `unit`, times `multiplier`; 0 for an exact multiple.
    public static func spare(amount: Int64, unit: Int64, multiplier: Int) -> Int64 {
        let magnitude = amount.magnitude
        let u = UInt64(unit)
        let up = (magnitude + u - 1) / u * u
        return Int64(up - magnitude) * Int64(multiplier)
    }

    private func run(_ program: RoundUpProgram, _ candidates: [RoundUpCandidate], _ manual: [LocalDate], asOf: LocalDate?) -> ([Accrual], [Sweep]) {
        guard let currency = currencies[program.name], let pot = program.pot, let unit = program.unit.minorUnits(in: currency), unit > 0 else {
            return ([], [])
        }
        let origins = Set(program.origins)
        var accruals: [Accrual] = []
        for c in candidates {
            let t = c.transaction
            guard origins.contains(c.account), t.amount.currency == currency, t.amount.isNegative, c.category == "expenses" || c.category.hasPrefix("expenses:"),
                !c.excludesRoundUp, !c.isTransfer, program.until.map({ t.date <= $0 }) ?? true, qualifies(program.name, c)
            else { continue }
            let spare = Self.spare(amount: t.amount.minorUnits, unit: unit, multiplier: program.multiplier)
            guard spare > 0 else { continue }
            accruals.append(
                Accrual(
                    date: t.date, program: program.name, purchaseKey: c.key, description: t.description, funding: program.funding ?? c.account, pot: pot,
                    amount: Money(minorUnits: spare, currency: currency)))
        }
        let sweeps = SweepSchedule(program: program, currency: currency, pot: pot).sweeps(accruals, manual: manual, asOf: asOf)
        return (accruals, sweeps)
    }
}

/// When a program's pot is swept, and how it is split.
struct SweepSchedule {
    let program: RoundUpProgram
    let currency: Currency
    let pot: String

    func sweeps(_ accruals: [Accrual], manual: [LocalDate], asOf: LocalDate?) -> [Sweep] {
        guard let first = accruals.first?.date else { return [] }
        var byDay: [LocalDate: Int64] = [:]
        for a in accruals { byDay[a.date, default: 0] += a.amount.minorUnits }
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
