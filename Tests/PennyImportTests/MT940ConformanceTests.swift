import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Every MT940 file of the corpus: statements, accounts, the number of `:61:` lines and
/// their signed sum, opening and closing balances, and the booking dates
/// (docs/conformance.md).
struct MT940ConformanceTests {
    /// The first and last booking date: the `:61:` entry date (MMDD) when given, else its
    /// value date. The corpus facts give value dates, which differ where a bank books later.
    static let bookingDates: [String: (String, String)] = [
        "mt940/actual/data.sta": ("2025-08-01", "2025-08-06"),
        "mt940/wolph-mt940/betterplace/sepa_snippet.sta": ("2007-09-04", "2007-09-04"),
        "mt940/wolph-mt940/jejik/abnamro.sta": ("2011-05-24", "2011-05-24"),
        "mt940/wolph-mt940/jejik/rabobank.sta": ("2011-05-27", "2012-08-29"),
        "mt940/wolph-mt940/mBank/mt940.sta": ("2017-01-19", "2017-01-19"),
    ]

    @Test(arguments: Conformance.files("mt940").filter { Conformance.expected[$0] != nil })
    func matchesTheCorpusFacts(file: String) throws {
        let facts = try #require(Conformance.expected[file], "no facts for \(file)")
        let outcome = try Conformance.read(file, with: MT940Reader())
        #expect(outcome.headers.count == facts["n_statements_20"] as? Int, "\(file): statements")
        #expect(Set(outcome.headers.compactMap(\.accountIdentifier)) == Set(facts["accounts_25"] as? [String] ?? []), "\(file): accounts")
        #expect(outcome.transactions.count == facts["n_61"] as? Int, "\(file): count")
        let sum = outcome.transactions.reduce(Int64(0)) { $0 + Conformance.tenThousandths($1.amount) }
        #expect(sum == Conformance.tenThousandths(facts["sum_61_signed"] as? String ?? "x"), "\(file): sum")
        let balances = facts["balances"] as? [[String: String]] ?? []
        func expected(_ prefix: String) -> [String] {
            balances.filter { $0["tag"]?.hasPrefix(prefix) == true }.map { "\($0["date"] ?? "") \(Conformance.tenThousandths($0["amount"] ?? "x") ?? 0) \($0["currency"] ?? "")" }
        }
        func mine(_ balance: StatementBalance?) -> String? {
            balance.map { "\($0.date.description.replacingOccurrences(of: "-", with: "")) \(Conformance.tenThousandths($0.amount)) \($0.amount.currency.code)" }
        }
        #expect(outcome.headers.compactMap { mine($0.opening) } == expected("60"), "\(file): opening balances")
        #expect(outcome.headers.compactMap { mine($0.closing) } == expected("62"), "\(file): closing balances")
        let dates = try #require(Self.bookingDates[file])
        #expect(outcome.transactions.first?.date.description == dates.0, "\(file): first date")
        #expect(outcome.transactions.last?.date.description == dates.1, "\(file): last date")
    }

    @Test func structuredGermanDetailsGiveTextNameAndIBAN() throws {
        let t = try Conformance.read("mt940/wolph-mt940/betterplace/sepa_snippet.sta", with: MT940Reader()).transactions
        #expect(t[0].description == "EREF+EndToEndId TFNR 22 004 00001SVWZ+Verw CTSc-01 BC-PPP TFNr 22 004")
        #expect(t[0].counterpartyName == "KARL KAUFMANN")
        #expect(t[0].counterpartyIBAN == "DE14508800500194785000")
        #expect(t[0].type == "GUTSCHRIFT")
        #expect(t[0].bankID == "0724710333343453")
        #expect(t[0].location.line == 5)
        #expect(t[10].bankID == nil)
    }

    @Test func envelopeAccentsAndFreeTextAreRead() throws {
        let outcome = try Conformance.read("mt940/actual/data.sta", with: MT940Reader())
        let t = outcome.transactions
        #expect(outcome.headers.first?.location.line == 4)
        #expect(t[2].description == "Rechnung 4711")
        #expect(t[2].counterpartyName == "MÜLLER GMBH")
        #expect(t[2].type == "SEPA ÜBERWEISUNG")
        #expect(t[4].description == "A44?Librairie Gibert Joseph Virement en ligne")
        #expect(t[5].memo == "Paiement mobile")
        #expect(t[0].bankID == "BANKREF001")
    }

    @Test func severalDetailFieldsOfOneLineAreJoined() throws {
        let t = try Conformance.read("mt940/wolph-mt940/jejik/rabobank.sta", with: MT940Reader()).transactions
        #expect(t[0].description == "Terugboeking NIET AKKOORD MET AFSCHRIJVING KOSTEN KINDEROPVANG JUNI 20095731")
        #expect(t.allSatisfy { $0.bankID == nil })
    }
}
