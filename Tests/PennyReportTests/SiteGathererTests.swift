import PennyCore
import Testing

@testable import PennyLedger
@testable import PennyReport

/// How the report site sorts transactions into pages, with bounded memory.
struct SiteGathererTests {
    func transaction(_ date: String, _ line: Int, _ description: String, _ postings: [(String, Int64?)]) -> ScannedTransaction {
        ScannedTransaction(
            date: LocalDate(iso: date)!, line: line, id: UInt64(line), postings: postings.map { ($0.0, $0.1.map { Money(minorUnits: $0, currency: .euro) }) }, tags: [:],
            description: description)
    }

    @Test func linesBeforeTheCutoffAreMonthTotalsOnly() throws {
        var gatherer = SiteGatherer(ownAccounts: ["assets:bank"], depth: 2, cutoff: LocalDate(iso: "2024-03-01"))
        gatherer.add(transaction("2024-01-05", 1, "LIDL 123", [("expenses:food:groceries", 1_000), ("assets:bank", -1_000)]))
        gatherer.add(transaction("2024-03-05", 9, "LIDL 456", [("expenses:food:groceries", 2_500), ("assets:bank", nil)]))
        let food = try #require(gatherer.categories["expenses:food"])
        #expect(food.register.lines.map(\.ledgerLine) == [9])
        #expect(food.register.months.map { "\($0.year)-\($0.month) \($0.total!.decimalString) \($0.count)" } == ["2024-3 25.00 1", "2024-1 10.00 1"])
        // The account's running balance starts from what came before the cutoff; the elided
        // amount is the other posting's, negated.
        let bank = try #require(gatherer.accounts["assets:bank"])
        #expect(bank.register.before?.decimalString == "-10.00")
        #expect(bank.runningLines.map { $0.balance!.decimalString } == ["-35.00"])
        // Both payments are one payee (numbers taken out), on the own account's side.
        #expect(gatherer.payees.count == 1)
        #expect(gatherer.payees.values.first?.register.total?.decimalString == "-35.00")
        #expect(gatherer.payees.values.first?.name == "LIDL")
    }

    @Test func aRegisterKeepsItsNewestLinesAndCountsTheRest() {
        var register = SiteRegister(cutoff: nil, limit: 2)
        for (day, units) in [("2024-01-03", Int64(-100)), ("2024-01-01", -200), ("2024-02-01", -300), ("2024-01-02", -400), ("2024-02-02", -500)] {
            register.add(
                SiteRegister.Line(
                    date: LocalDate(iso: day)!, description: "x", account: "assets:a", counterpart: "expenses:x", amount: Money(minorUnits: units, currency: .euro),
                    ledgerLine: 1))
        }
        register.trim()
        #expect(register.lines.map(\.date.description).sorted() == ["2024-02-01", "2024-02-02"])
        #expect(register.dropped == 3)
        #expect(register.before?.decimalString == "-7.00")
        // The months keep every total and count.
        #expect(register.months.map { "\($0.month) \($0.total!.decimalString) \($0.count)" } == ["2 -8.00 2", "1 -7.00 3"])
        #expect(register.total?.decimalString == "-15.00")
    }

    @Test func transfersAndOpeningBalancesHaveNoPayee() {
        var gatherer = SiteGatherer(ownAccounts: ["assets:a", "assets:b"], depth: 2, cutoff: nil)
        gatherer.add(transaction("2024-01-01", 1, "Opening balance", [("equity:opening-balances", -5_000), ("assets:a", 5_000)]))
        gatherer.add(transaction("2024-01-02", 6, "TRF PARA B", [("assets:b", 1_000), ("assets:a", -1_000)]))
        #expect(gatherer.payees.isEmpty)
        #expect(gatherer.categories.isEmpty)
        #expect(gatherer.accounts["assets:a"]?.register.lines.map(\.counterpart) == ["equity:opening-balances", "assets:b"])
        #expect(gatherer.accounts["assets:b"]?.register.lines.map(\.ledgerLine) == [6])
    }

    @Test func statementBalancesGoToTheirAccountOnce() {
        var gatherer = SiteGatherer(ownAccounts: ["assets:bank:aib"], depth: 2, cutoff: nil)
        let line = "; statement-balance: assets:bank:aib closing 2024-03-27 3007.48 EUR id eea0cd9f92088ce1 source samples/aib-2024-03.csv:1"
        gatherer.addStatementLine(line)
        gatherer.addStatementLine(line)
        gatherer.addStatementLine("; statement-balance: assets:other closing 2024-03-27 1.00 EUR id eea0cd9f92088ce2 source x.csv:1")
        #expect(gatherer.accounts["assets:bank:aib"]?.statements.map { "\($0.kind) \($0.date) \($0.amount.decimalString)" } == ["closing 2024-03-27 3007.48"])
        #expect(gatherer.accounts.count == 1)
    }

    @Test func theSiteListsTheLastTwelveMonthsOneByOne() {
        #expect(ReportSiteCutoff.first(latest: LocalDate(iso: "2024-06-26")!) == LocalDate(iso: "2023-07-01"))
        #expect(ReportSiteCutoff.first(latest: LocalDate(iso: "2024-12-31")!) == LocalDate(iso: "2024-01-01"))
    }
}
