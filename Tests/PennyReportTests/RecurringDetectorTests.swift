import PennyCore
import PennyTestSupport
import Testing

@testable import PennyReport

/// Recurring payments found in a generated three-year household: subscriptions (one with
/// price increases, one cancelled half-way, one yearly), bills, a salary, an instalment
/// plan, and plenty of irregular noise.
struct RecurringDetectorTests {
    static let start = LocalDate(year: 2022, month: 1, day: 1)!
    static let end = LocalDate(year: 2024, month: 12, day: 31)!

    static func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .euro) }

    /// The household and the payees that really recur.
    static func household(seed: UInt64) -> (payments: [Payment], truth: Set<String>) {
        var g = SeededGenerator(seed: seed)
        var payments: [Payment] = []
        func add(_ date: LocalDate, _ cents: Int64, _ text: String, _ category: String) {
            guard date <= end else { return }
            payments.append(Payment(date: date, amount: eur(cents), description: text, category: category, account: "assets:bank:checking"))
        }
        func monthly(day: Int, from: Int = 0, to: Int = 36, _ body: (Int, LocalDate) -> Void) {
            for m in from..<to {
                let year = 2022 + m / 12, month = m % 12 + 1
                var date = LocalDate(year: year, month: month, day: min(day, LocalDate.daysIn(month: month, year: year)))!
                // Weekends move a debit to the Monday.
                if date.isoWeekday == 6 { date = date.adding(days: 2) } else if date.isoWeekday == 7 { date = date.adding(days: 1) }
                body(m, date)
            }
        }
        monthly(day: 3) { m, d in add(d, m < 14 ? -1399 : (m < 26 ? -1599 : -1799), "NETFLIX.COM \(d.month)\(d.day) AMSTERDAM", "expenses:leisure") }
        monthly(day: 12) { _, d in add(d, -1099, "SPOTIFY P\(Int.random(in: 100_000...999_999, using: &g))", "expenses:leisure") }
        monthly(day: 20) { _, d in add(d, -Int64.random(in: 5000...6400, using: &g), "DD EDP COMERCIAL \(Int.random(in: 1000...9999, using: &g))", "expenses:housing") }
        monthly(day: 5, to: 20) { _, d in add(d, -3500, "GINASIO FITNESS UP", "expenses:health") }
        // Issue 27's two cases: a price that stepped up once, 17 months before the end; a
        // bill different every month.
        monthly(day: 7) { m, d in add(d, m < 19 ? -799 : -999, "HBO MAX \(d.month)", "expenses:leisure") }
        monthly(day: 22) { _, d in add(d, -Int64.random(in: 2800...4600, using: &g), "DD GALP GAS NATURAL", "expenses:housing") }
        monthly(day: 1) { _, d in add(d, -85_000, "TRF RENDA SR JOAO", "expenses:housing") }
        monthly(day: 25) { _, d in add(d, 250_000, "TRF ORDENADO ACME LDA", "income:salary") }
        monthly(day: 15, from: 24, to: 34) { m, d in add(d, -7990, "WORTEN PARC \(String(format: "%02d", m - 23))/10", "expenses:shopping") }
        for year in 2022...2024 { add(LocalDate(year: year, month: 3, day: 10)!, -42_000, "FIDELIDADE SEGURO AUTO", "expenses:insurance") }
        for q in 0..<12 { add(LocalDate(year: 2022 + q / 4, month: (q % 4) * 3 + 2, day: 8)!, -Int64.random(in: 4500...5200, using: &g), "EPAL AGUAS", "expenses:housing") }
        // Noise: supermarkets, restaurants, shops, transport, irregular in date and amount.
        let merchants =
            ["PINGO DOCE", "CONTINENTE", "LIDL", "ALDI", "ZARA", "FNAC", "UBER", "BOLT", "GALP", "CAFE CENTRAL", "RESTAURANTE O PORTO", "FARMACIA SAUDE"]
            + (0..<150).map { "LOJA \($0) LISBOA" }
        var day = start
        while day <= end {
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                let merchant = merchants.randomElement(using: &g)!
                add(day, -Int64.random(in: 150...15_000, using: &g), "COMPRA \(Int.random(in: 1000...9999, using: &g)) \(merchant)", "expenses:misc")
            }
            day = day.adding(days: 1)
        }
        let truth: Set<String> = [
            "NETFLIX.COM", "SPOTIFY", "DD EDP COMERCIAL", "GINASIO FITNESS UP", "TRF RENDA SR JOAO", "TRF ORDENADO ACME LDA", "WORTEN", "FIDELIDADE SEGURO AUTO",
            "EPAL AGUAS", "HBO MAX", "DD GALP GAS NATURAL",
        ]
        return (payments.sorted { $0.date < $1.date }, truth)
    }

    /// Which known payee an item is (its description's letters), or the item's own payee.
    static func known(_ item: RecurringItem, _ truth: Set<String>) -> String {
        truth.first { item.payee.hasPrefix($0) } ?? item.payee
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func precisionAndRecallOnAGeneratedHousehold(seed: UInt64) throws {
        let (payments, truth) = Self.household(seed: seed)
        let items = try RecurringDetector(asOf: Self.end).detect(payments)
        let found = Set(items.map { Self.known($0, truth) })
        let hits = found.intersection(truth).count
        let precision = Double(hits) / Double(max(1, found.count)), recall = Double(hits) / Double(truth.count)
        #expect(precision >= 0.9, "seed \(seed): found \(found.sorted())")
        #expect(recall >= 0.9, "seed \(seed): missed \(truth.subtracting(found).sorted())")
    }

    @Test func everyFlagAndFigure() throws {
        let (payments, truth) = Self.household(seed: 1)
        let items = Dictionary(uniqueKeysWithValues: try RecurringDetector(asOf: Self.end).detect(payments).map { (Self.known($0, truth), $0) })
        let netflix = try #require(items["NETFLIX.COM"])
        #expect(netflix.interval == .monthly)
        #expect(netflix.amount == Self.eur(-1799))
        #expect(netflix.monthlyCost == Self.eur(-1799))
        let gym = try #require(items["GINASIO FITNESS UP"])
        #expect(gym.flags.contains(.missed))
        #expect(gym.lastDate < LocalDate(year: 2023, month: 9, day: 1)!)
        let insurance = try #require(items["FIDELIDADE SEGURO AUTO"])
        #expect(insurance.interval == .yearly)
        #expect(insurance.nextDate == LocalDate(year: 2025, month: 3, day: 10)!)
        #expect(insurance.monthlyCost == Self.eur(-3500))
        let water = try #require(items["EPAL AGUAS"])
        #expect(water.interval == .quarterly)
        let salary = try #require(items["TRF ORDENADO ACME LDA"])
        #expect(salary.amount == Self.eur(250_000))
        #expect(!salary.flags.contains(.missed))
        let worten = try #require(items["WORTEN"])
        #expect(worten.instalmentsLeft == 0)
        #expect(worten.remainingTotal == Self.eur(0))
        #expect(worten.flags.contains(.missed))
    }

    @Test func aPriceChangeAndANewSubscriptionAreFlagged() throws {
        let asOf = LocalDate(year: 2024, month: 6, day: 20)!
        let payments =
            (1...6).map { m in
                Payment(
                    date: LocalDate(year: 2024, month: m, day: 3)!, amount: Self.eur(m < 6 ? -999 : -1199), description: "DISNEY PLUS", category: "expenses:leisure",
                    account: "a")
            } + (4...6).map { m in Payment(date: LocalDate(year: 2024, month: m, day: 9)!, amount: Self.eur(-499), description: "ICLOUD", category: "e", account: "a") }
        let items = try RecurringDetector(asOf: asOf).detect(payments)
        #expect(items.first { $0.payee == "DISNEY PLUS" }?.flags == [.priceChange])
        #expect(items.first { $0.payee == "ICLOUD" }?.flags == [.new])
    }

    @Test func aPriceThatSteppedOnceAndABillThatVaries() throws {
        let (payments, _) = Self.household(seed: 27)
        let items = try RecurringDetector(asOf: Self.end).detect(payments)
        let hbo = items.first { $0.payee.hasPrefix("HBO MAX") }
        #expect(hbo != nil, "\(items.map(\.payee))")
        #expect(hbo?.flags == [.priceChange])
        #expect(hbo?.priceStep == RecurringItem.PriceStep(date: LocalDate(year: 2023, month: 8, day: 7)!, old: Self.eur(-799), new: Self.eur(-999)))
        #expect(RecurringRenderer.flagText(hbo!) == "price-change -7.99→-9.99 2023-08-07")
        let gas = items.first { $0.payee.hasPrefix("DD GALP GAS NATURAL") }
        #expect(gas?.flags == [.varies])
        let range = try? #require(gas?.range)
        #expect(range.map { $0.smallest.minorUnits.magnitude >= 2800 && $0.largest.minorUnits.magnitude <= 4600 && $0.smallest != $0.largest } == true)
        #expect(RecurringRenderer.flagText(gas!).hasPrefix("varies -"))
    }

    @Test func instalmentsInTheWords() {
        #expect(RecurringDetector.instalment(["WORTEN PARC 03/10"])! == (3, 10))
        #expect(RecurringDetector.instalment(["CREDITO prestação 4 de 12"])! == (4, 12))
        #expect(RecurringDetector.instalment(["EL CORTE INGLES cuota 2/6"])! == (2, 6))
        #expect(RecurringDetector.instalment(["LOJA X 2/12", "LOJA X 3/12"])! == (3, 12))
        // A bare k/n that does not follow the one before is a date, not an instalment.
        #expect(RecurringDetector.instalment(["COMPRA 05/03 LIDL", "COMPRA 12/04 LIDL"]) == nil)
    }

    @Test func monthNamesAreNotPartOfThePayee() {
        #expect(RecurringDetector.payeeKey("\"RENDA, MARÇO\" SR. JOÃO") == RecurringDetector.payeeKey("\"RENDA, ABRIL\" SR. JOÃO"))
        #expect(RecurringDetector.payeeKey("QUOTA GINASIO JUNE") == RecurringDetector.payeeKey("QUOTA GINASIO JULY"))
        #expect(RecurringDetector.payeeKey("LLOGUER GENER") == RecurringDetector.payeeKey("LLOGUER FEBRER"))
        #expect(RecurringDetector.payeeKey("NETFLIX") != RecurringDetector.payeeKey("SPOTIFY"))
    }

    /// Issue 32: after a cash entry today, every bank item showed as missed (the ledger's
    /// latest day was today, the bank's last statement weeks ago). An item is judged by how
    /// far its own account is known.
    @Test func aCashEntryTodayDoesNotMakeTheBankItemsMissed() throws {
        let day = { (text: String) in LocalDate(iso: text)! }
        var payments = (1...4).map { m in
            Payment(date: day("2024-0\(m)-10"), amount: Self.eur(-999), description: "NETFLIX.COM", category: "expenses:leisure", account: "assets:bank:checking")
        }
        payments.append(Payment(date: day("2024-06-20"), amount: Self.eur(-250), description: "café", category: "expenses:food", account: "assets:cash"))
        let items = try RecurringDetector(asOf: day("2024-06-20")).detect(payments)
        let netflix = try #require(items.first { $0.payee == "NETFLIX.COM" })
        #expect(!netflix.flags.contains(.missed), "\(netflix.flags)")
        // The same item with the bank known through June is missed.
        payments.append(Payment(date: day("2024-06-15"), amount: Self.eur(-100), description: "SHOP", category: "expenses:x", account: "assets:bank:checking"))
        let later = try RecurringDetector(asOf: day("2024-06-20")).detect(payments)
        #expect(try #require(later.first { $0.payee == "NETFLIX.COM" }).flags.contains(.missed))
    }
}
