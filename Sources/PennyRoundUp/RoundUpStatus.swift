public import PennyCore

/// `penny roundup status`: per program, what accrued, what was swept, what is in the pot,
/// where it went, progress toward goals, and when the next sweep is expected.
public struct RoundUpStatus: Sendable {
    /// One destination's total and goal.
    public struct Destination: Sendable {
        /// The account.
        public let account: String
        /// Everything swept to it.
        public let amount: Money
        /// Its goal, if any.
        public let goal: Money?
        /// Progress toward the goal, hundredths of a percent (capped at nothing: 120% shows).
        public let goalProgressHundredths: Int64?
    }

    /// The program.
    public let program: String
    /// Spare change accrued.
    public let accrued: Money
    /// Swept to destinations.
    public let swept: Money
    /// Accrued and not yet swept.
    public let pot: Money
    /// Per destination, in declaration order (each account once).
    public let destinations: [Destination]
    /// A sentence about the next sweep.
    public let next: String

    /// The status of each program, from a result, optionally limited to a period's dates.
    public static func make(_ result: RoundUpResult, programs: [RoundUpProgram], currencies: [String: Currency], from: LocalDate? = nil, to: LocalDate? = nil)
        throws(MoneyError) -> [RoundUpStatus]
    {
        var statuses: [RoundUpStatus] = []
        for program in programs {
            guard let status = try make(program, result, currencies: currencies, from: from, to: to) else { continue }
            statuses.append(status)
        }
        return statuses
    }

    /// One program's status, or nil when the rules gave it no currency.
    private static func make(_ program: RoundUpProgram, _ result: RoundUpResult, currencies: [String: Currency], from: LocalDate?, to: LocalDate?) throws(MoneyError)
        -> RoundUpStatus?
    {
        guard let currency = currencies[program.name] else { return nil }
        func inPeriod(_ d: LocalDate) -> Bool { (from.map { d >= $0 } ?? true) && (to.map { d <= $0 } ?? true) }
        let accruals = result.days.filter { $0.program == program.name && inPeriod($0.date) }
        let sweeps = result.sweeps.filter { $0.program == program.name && inPeriod($0.date) }
        let accrued = try accruals.sum(checked: \.amount.minorUnits)
        let swept = try sweeps.sum(checked: \.total.minorUnits)
        // The pot is everything accrued up to the period's end minus everything swept.
        func upToEnd(_ d: LocalDate) -> Bool { to.map { d <= $0 } ?? true }
        let allAccrued = try result.days.filter { $0.program == program.name && upToEnd($0.date) }.sum(checked: \.amount.minorUnits)
        let allSwept = try result.sweeps.filter { $0.program == program.name && upToEnd($0.date) }.sum(checked: \.total.minorUnits)
        var order: [String] = []
        var totals: [String: Int64] = [:]
        for d in program.destinations where totals[d.account] == nil {
            order.append(d.account)
            totals[d.account] = 0
        }
        for sweep in sweeps {
            for share in sweep.shares { try totals.add(checked: share.amount.minorUnits, to: share.account) }
        }
        let destinations = order.map { account -> Destination in
            let goal = program.destinations.first { $0.account == account && $0.goal != nil }?.goal?.minorUnits(in: currency)
            let amount = totals[account] ?? 0
            return Destination(
                account: account, amount: Money(minorUnits: amount, currency: currency), goal: goal.map { Money(minorUnits: $0, currency: currency) },
                goalProgressHundredths: goal.flatMap { $0 > 0 ? Int64(Int128(amount) * 10_000 / Int128($0)) : nil })
        }
        var pot = allAccrued
        try pot.subtract(checked: allSwept)
        return RoundUpStatus(
            program: program.name, accrued: Money(minorUnits: accrued, currency: currency), swept: Money(minorUnits: swept, currency: currency),
            pot: Money(minorUnits: pot, currency: currency), destinations: destinations,
            next: nextSweep(program, pot: pot, currency: currency, asOf: result.asOf))
    }

    private static func nextSweep(_ program: RoundUpProgram, pot: Int64, currency: Currency, asOf: LocalDate?) -> String {
        if let until = program.until, let asOf, asOf >= until { return "program ended on \(until)" }
        switch program.schedule {
        case .whenPotReaches(let threshold)?:
            let x = threshold.minorUnits(in: currency) ?? 0
            let left = Money(minorUnits: max(0, x - pot), currency: currency)
            return "when the pot reaches \(Money(minorUnits: x, currency: currency)) (\(left) to go)"
        case .weekly?:
            guard let asOf else { return "at the end of the first week with purchases" }
            return "on \(asOf.adding(days: asOf.isoWeekday == 7 ? 7 : 7 - asOf.isoWeekday)), the end of the week"
        case .monthly?:
            guard let asOf else { return "at the end of the first month with purchases" }
            return "on \(asOf == asOf.endOfMonth ? asOf.adding(days: 1).endOfMonth : asOf.endOfMonth), the end of the month"
        case .later?, nil:
            return "when you run 'penny roundup apply \(program.name)'"
        }
    }
}
