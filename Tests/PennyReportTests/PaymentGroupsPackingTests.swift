import Foundation
import PennyCore
@testable import PennyReport
import PennyTestSupport
import Testing

/// The recurring detector's payment groups pack each payment into zigzag varints; they must
/// give the groups the earlier fixed-width groups gave (`ReferencePaymentGroups`, kept
/// here): the same payments, in the same order, with the same two latest texts.
struct PaymentGroupsPackingTests {
    static func signature(_ payments: [Payment]) -> String {
        payments.map { "\($0.date) \($0.amount.minorUnits) \($0.amount.currency.code) \($0.description)|\($0.category)|\($0.account)" }.joined(separator: ";")
    }

    @Test(arguments: 1...60) func packedGroupsGiveTheFixedWidthGroups(seed: UInt64) {
        check(seed: seed, spillBudget: 16 << 20)
    }

    /// Past a budget of a few bytes, the groups go to a scratch file and come back the same.
    @Test(arguments: 1...60) func spilledGroupsGiveTheFixedWidthGroups(seed: UInt64) {
        let spilled = check(seed: seed, spillBudget: Int(seed % 7) * 6)
        #expect(spilled || seed % 7 == 0)
    }

    /// Compares packed groups (spilling past `spillBudget`) with the reference; true when
    /// they spilled.
    @discardableResult
    func check(seed: UInt64, spillBudget: Int) -> Bool {
        var random = SeededGenerator(seed: seed)
        let payees = ["NETFLIX", "GYM 123", "EDP", "RENT", "SPOTIFY AB", "LIDL 44"]
        var packed = PaymentGroups(spillBudget: spillBudget)
        var reference = ReferencePaymentGroups()
        for _ in 0..<Int.random(in: 40...300, using: &random) {
            let units: Int64 = [Int64.min + 1, Int64.max, -999, -1, 1, 1250, 0, -Int64(Int.random(in: 1...1_000_000_000, using: &random))]
                .randomElement(using: &random)!
            let day = Int.random(in: -800...80_000, using: &random)
            let payment = Payment(
                date: LocalDate(dayNumber: day), amount: Money(minorUnits: units, currency: Bool.random(using: &random) ? .euro : Currency(code: "USD")!),
                description: payees.randomElement(using: &random)!, category: "expenses:c\(Int.random(in: 0...3, using: &random))",
                account: Bool.random(using: &random) ? "assets:a" : "assets:b")
            packed.add(payment)
            reference.add(payment)
        }
        #expect(packed.count == reference.count)
        #expect(packed.latestByAccount == reference.latestByAccount)
        let new = packed.compactMapGroups { Self.signature($0) }.sorted()
        let old = reference.compactMapGroups { Self.signature($0) }.sorted()
        #expect(new == old)
        #expect(!packed.lostPayments)
        return packed.hasSpilled
    }
}

struct ReferencePaymentGroups {
    /// One group's payments.
    struct Group: Sendable {
        let account: String
        let currency: Currency
        var entries: [(day: Int32, order: Int32, units: Int64)] = []
        /// The latest two payments' texts, oldest first, by day then arrival.
        var latest: [(day: Int32, order: Int32, description: String, category: String)] = []
    }

    private(set) var groups: [String: Group] = [:]
    /// Each own account's latest payment.
    private(set) var latestByAccount: [String: LocalDate] = [:]
    private var arrivals: Int32 = 0

    /// No payments yet.
    init() {}

    /// How many payments were added.
    var count: Int { Int(arrivals) }

    /// Adds one payment (a zero amount moves nothing and is left out).
    mutating func add(_ p: Payment) {
        guard p.amount.minorUnits != 0 else { return }
        if latestByAccount[p.account].map({ p.date > $0 }) ?? true { latestByAccount[p.account] = p.date }
        let key = "\(p.account)|\(p.amount.isNegative)|\(p.amount.currency.code)|\(RecurringDetector.payeeKey(p.description))"
        let day = Int32(clamping: p.date.dayNumber), order = arrivals
        arrivals += 1
        if groups[key] == nil { groups[key] = Group(account: p.account, currency: p.amount.currency) }
        groups[key]!.entries.append((day, order, p.amount.minorUnits))
        var latest = groups[key]!.latest
        latest.append((day, order, p.description, p.category))
        if latest.count > 2 {
            latest.sort { ($0.day, $0.order) < ($1.day, $1.order) }
            latest.removeFirst()
        }
        groups[key]!.latest = latest
    }

    /// Each group's payments by date (arrival order within a day), as `Payment`s, made one
    /// group at a time; only the two latest carry their description and category.
    func compactMapGroups<T, E: Error>(_ body: ([Payment]) throws(E) -> T?) throws(E) -> [T] {
        var results: [T] = []
        for group in groups.values {
            let texts = Dictionary(uniqueKeysWithValues: group.latest.map { ($0.order, ($0.description, $0.category)) })
            let payments = group.entries.sorted { ($0.day, $0.order) < ($1.day, $1.order) }.map { entry in
                let text = texts[entry.order] ?? ("", "")
                return Payment(
                    date: LocalDate(dayNumber: Int(entry.day)), amount: Money(minorUnits: entry.units, currency: group.currency), description: text.0,
                    category: text.1, account: group.account)
            }
            if let result = try body(payments) { results.append(result) }
        }
        return results
    }
}
