import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// Penny's comment lines parse back to exactly what was rendered, and the ids the ledger's
/// scanners read are the ones rendered.
struct PennyCommentPropertyTests {
    static let currencies = [Currency.euro, Currency(code: "USD")!, Currency(code: "JPY")!, Currency(code: "BHD")!]

    static func account(_ g: inout SeededGenerator) -> String {
        let roots = ["assets:bank", "liabilities:card", "assets:savings:goal"]
        return roots.randomElement(using: &g)! + ":" + String((0..<Int.random(in: 1...8, using: &g)).map { _ in Array("abcxyzéç-_1").randomElement(using: &g)! })
    }

    static func date(_ g: inout SeededGenerator) -> LocalDate {
        LocalDate(dayNumber: Int.random(in: 0...40_000, using: &g))
    }

    static func money(_ g: inout SeededGenerator) -> Money {
        Money(minorUnits: Int64.random(in: -10_000_000_000...10_000_000_000, using: &g), currency: currencies.randomElement(using: &g)!)
    }

    static func source(_ g: inout SeededGenerator) -> String {
        ["inbox/extrato março.csv:12", "samples/visa-2024-03.ofx:40", "a b c.json:1", "x.xml:9"].randomElement(using: &g)!
    }

    @Test func parsingWhatWasRenderedGivesTheSameValue() {
        var g = SeededGenerator(seed: 20_261_123)
        for _ in 0..<2_000 {
            let comment: PennyComment
            switch Int.random(in: 0..<3, using: &g) {
            case 0:
                comment = .statementBalance(
                    account: Self.account(&g), kind: Bool.random(using: &g) ? "opening" : "closing",
                    balance: StatementBalance(date: Self.date(&g), amount: Self.money(&g)), source: Self.source(&g))
            case 1:
                comment = .transferLeg(
                    account: Self.account(&g), date: Self.date(&g), amount: Self.money(&g), pairs: UInt64.random(in: 0...UInt64.max, using: &g),
                    source: Self.source(&g), id: UInt64.random(in: 0...UInt64.max, using: &g))
            default:
                comment = .roundUpApply(program: "spare-change-\(Int.random(in: 0...99, using: &g))", date: Self.date(&g))
            }
            #expect(PennyComment.parse(comment.line) == comment, "\(comment.line)")
        }
    }

    @Test func theLinesPennyHasAlwaysWrittenStillParse() {
        let balance = "; statement-balance: assets:bank:savings closing 2024-03-31 5453.25 EUR id 9f3a0c55d1e2b7a4 source samples/montepio-savings-2024-03.camt.xml:5"
        guard case .statementBalance(let account, let kind, let value, let id, let source) = PennyComment.parse(balance) else {
            Issue.record("not parsed")
            return
        }
        #expect(account == "assets:bank:savings" && kind == "closing" && value.amount.minorUnits == 545_325 && id == 0x9f3a_0c55_d1e2_b7a4)
        #expect(source == "samples/montepio-savings-2024-03.camt.xml:5")
        #expect(PennyComment.parse("; statement-balance: assets:bank:savings closing 2024-03-31") == nil)
        #expect(PennyComment.parse("; a person's own comment") == nil)
    }
}
