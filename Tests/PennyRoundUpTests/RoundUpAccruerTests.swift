import PennyCore
import PennyRoundUp
import PennyTestSupport
import Testing

/// The import's accruer (no candidate per purchase) gives the engine's day totals exactly,
/// and tallies added together give what one tally of all the purchases gives.
@Suite struct RoundUpAccruerTests {
    @Test func theAccruerAndTheEngineGiveTheSameDayTotals() throws {
        var g = SeededGenerator(seed: 23)
        let accounts = ["assets:bank:checking", "liabilities:card", "assets:other"]
        let categories = ["expenses:food", "expenses", "income:salary", "assets:bank:checking", "expensesfood", "equity:opening-balances"]
        for round in 0..<100 {
            var first = RoundUpEngineTests.program(
                .monthly, unit: [100, 10_000, 50_000][round % 3], multiplier: Int.random(in: 1...3, using: &g),
                until: Bool.random(using: &g) ? "2024-04-10" : nil)
            first.origins = ["assets:bank:checking", "liabilities:card"]
            if round % 2 == 0 { first.funding = "assets:bank:checking" }
            var second = RoundUpEngineTests.program(.weekly, unit: 50_000)
            second.name = "other"
            second.origins = ["liabilities:card"]
            let engine = RoundUpEngine(programs: [first, second], currencies: ["sc": .euro, "other": round % 4 == 0 ? Currency(code: "USD")! : .euro])
            var accruer = RoundUpAccruer(engine: engine)
            var byEngine = RoundUpTally(), byAccruer = RoundUpTally(), firstHalf = RoundUpTally(), secondHalf = RoundUpTally()
            let count = Int.random(in: 0...200, using: &g)
            for i in 0..<count {
                let date = String(format: "2024-%02d-%02d", Int.random(in: 3...4, using: &g), Int.random(in: 1...28, using: &g))
                let account = accounts.randomElement(using: &g)!
                let category = categories.randomElement(using: &g)!
                var candidate = RoundUpEngineTests.purchase(date, Int64.random(in: -20_000...2_000, using: &g), account: account, category: category)
                candidate.isTransfer = false
                candidate.excludesRoundUp = Int.random(in: 0..<10, using: &g) == 0
                if Int.random(in: 0..<20, using: &g) == 0 { candidate.transaction.amount = Money(minorUnits: -1234, currency: Currency(code: "USD")!) }
                try engine.accrue(candidate, into: &byEngine)
                let t = candidate.transaction
                try accruer.accrue(
                    date: t.date, amount: t.amount, account: account, category: category, excludesRoundUp: candidate.excludesRoundUp, into: &byAccruer)
                if i < count / 2 { try engine.accrue(candidate, into: &firstHalf) } else { try engine.accrue(candidate, into: &secondHalf) }
            }
            #expect(try byAccruer.rows() == byEngine.rows())
            try firstHalf.add(secondHalf)
            #expect(try firstHalf.rows() == byEngine.rows())
            #expect(try RoundUpTally(rows: byEngine.rows()).rows() == byEngine.rows())
        }
    }
}
