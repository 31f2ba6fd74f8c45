import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Penny's own JSON and Plaid, which the corpus has no files of.
struct JSONFormatTests {
    func read(_ name: String) throws -> Conformance.Outcome {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
        var outcome = Conformance.Outcome()
        try JSONReader().read(try FileProbe(url: url), displayName: name, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            switch event {
            case .statement(let h): outcome.headers.append(h)
            case .transaction(let t): outcome.transactions.append(t)
            case .rows(let rows): for i in 0..<rows.count { outcome.transactions.append(rows[i].transaction()) }
            case .closing(let balance): outcome.headers[outcome.headers.count - 1].closing = balance
            case .warning, .skippedRows: break
            }
        }
        return outcome
    }

    @Test func pennysOwnFormat() throws {
        let o = try read("penny-format.json")
        #expect(o.headers.map(\.accountIdentifier) == ["PT50003600000000000000000"])
        #expect(o.transactions.map(\.amount.minorUnits) == [-1250, 245_000, -99])
        #expect(o.transactions.map(\.bankID) == ["A1", "A2", ""])
        #expect(o.transactions[0].payee == "Pingo Doce" && o.transactions[1].memo == "March")
    }

    @Test func plaidAmountsArePositiveForMoneyOut() throws {
        let o = try read("plaid.json")
        #expect(o.headers.map(\.accountIdentifier) == ["BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp", "dVzbVMLjrxTnLjX4G66XUp5GLklm4oiZy88yK"])
        #expect(o.headers.map(\.currency.code) == ["USD", "USD"])
        #expect(o.transactions.map(\.amount.minorUnits) == [-230_721, 50_000, -633])
        #expect(o.transactions.map(\.isPending) == [false, false, true])
        #expect(o.transactions[0].description == "Apple Store" && o.transactions[0].payee == "Apple")
    }
}
