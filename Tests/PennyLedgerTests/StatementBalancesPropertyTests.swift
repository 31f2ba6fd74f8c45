import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// Balances summed a day's run at a time agree with adding every posting one by one.
@Suite struct StatementBalancesPropertyTests {
    @Test func runsOfADayGiveWhatEveryAddGives() throws {
        var g = SeededGenerator(seed: 2026)
        let accounts = ["assets:a", "assets:b", "expenses:x"]
        for _ in 0..<200 {
            var balances = StatementBalances(accounts: ["assets:a", "assets:b"])
            var expected: [String: [Int: Int64]] = [:]
            var day = 19_700
            for _ in 0..<Int.random(in: 1...60, using: &g) {
                if Int.random(in: 0..<3, using: &g) == 0 { day += Int.random(in: -2...3, using: &g) }
                let account = accounts.randomElement(using: &g)!
                let units = Int64.random(in: -5000...5000, using: &g)
                let sign: Int64 = Bool.random(using: &g) ? 1 : -1
                try balances.add(account: account, date: LocalDate(dayNumber: day), amount: Money(minorUnits: units, currency: .euro), sign: sign)
                if account != "expenses:x" { expected[account, default: [:]][day, default: 0] += sign * units }
            }
            for account in accounts.dropLast() {
                for through in 19_695...19_760 {
                    let want = (expected[account] ?? [:]).reduce(Int64(0)) { $1.key <= through ? $0 + $1.value : $0 }
                    #expect(try balances.balance(account, .euro, through: LocalDate(dayNumber: through)).minorUnits == want)
                }
            }
            let read = StatementBalances(accounts: ["assets:a", "assets:b"], entries: balances.entries)
            for account in accounts.dropLast() {
                #expect(try read.balance(account, .euro, through: LocalDate(dayNumber: 20_000)) == balances.balance(account, .euro, through: LocalDate(dayNumber: 20_000)))
            }
        }
    }

    /// The days' table answers as a dictionary of the same changes would, through its
    /// growth, for days near and far apart, before 1970 too.
    @Test func theDaysTableHoldsWhatADictionaryHolds() {
        var g = SeededGenerator(seed: 47)
        for round in 0..<40 {
            var table = DayChanges()
            var expected: [Int: Int64] = [:]
            let spread = [30, 3_000, 3_000_000][round % 3]
            for _ in 0..<Int.random(in: 1...3_000, using: &g) {
                let day = Int.random(in: -spread...spread, using: &g)
                let change = Int64.random(in: .min ... .max, using: &g)
                table.set(change, for: day)
                expected[day] = change
                let probe = Int.random(in: -spread...spread, using: &g)
                #expect(table[probe] == expected[probe])
            }
            #expect(table.count == expected.count)
            #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.day, $0.change) }) == expected)
        }
    }

    /// A day's change or a balance past 64 bits is an error, never wrapped, and the add
    /// that would pass it changes nothing.
    @Test func overflowIsAnErrorAndChangesNothing() throws {
        let day = LocalDate(dayNumber: 19_700)
        var balances = StatementBalances(accounts: ["assets:a"])
        try balances.add(account: "assets:a", date: day, amount: Money(minorUnits: .max - 1, currency: .euro))
        #expect(throws: MoneyError.overflow) { try balances.add(account: "assets:a", date: day, amount: Money(minorUnits: 2, currency: .euro)) }
        #expect(throws: MoneyError.overflow) { try balances.add(account: "assets:a", date: day, amount: Money(minorUnits: .min, currency: .euro), sign: -1) }
        #expect(try balances.balance("assets:a", .euro, through: day).minorUnits == .max - 1)
        try balances.add(account: "assets:a", date: day.adding(days: 1), amount: Money(minorUnits: 5, currency: .euro))
        #expect(throws: MoneyError.overflow) { try balances.balance("assets:a", .euro, through: day.adding(days: 1)) }
        // Back on the first day after another: the run starts from the day's change so far.
        #expect(throws: MoneyError.overflow) { try balances.add(account: "assets:a", date: day, amount: Money(minorUnits: 2, currency: .euro)) }
        try balances.add(account: "assets:a", date: day, amount: Money(minorUnits: -10, currency: .euro))
        #expect(try balances.balance("assets:a", .euro, through: day).minorUnits == .max - 11)
    }
}
