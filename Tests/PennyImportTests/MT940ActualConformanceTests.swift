import Foundation
import PennyTestSupport
import PennyCore
@testable import PennyImport
import Testing

/// Actual Budget's `mt9402json.test.ts` cases, built the way its `statement()` helper
/// builds them (`:20:`, `:25:`, `:28C:`, opening balance 10000,00, the lines, a closing
/// balance that adds up), with Actual's expected amounts, dates and ids: debits negative,
/// `RD` positive and `RC` negative, `NONREF` no id, one statement repeated gives two lines.
struct MT940ActualConformanceTests {
    static func statement(_ lines: [String], closing: String) -> String {
        ([":20:1234567890ABCDEF", ":25:IBAN123456789012345678", ":28C:001/001", ":60F:C250802EUR10000,00"] + lines + [":62F:C250802EUR\(closing)"])
            .joined(separator: "\n")
    }

    static let cases: [(lines: [String], closing: String, cents: [Int64], ids: [String?])] = [
        ([":61:2508020802D150,00NTRFNONREF//BANKREF1", ":86:Payment to Vendor"], "9850,00", [-15000], ["BANKREF1"]),
        ([":61:2508030803C50,00NTRFNONREF//BANKREF2", ":86:Salary"], "10050,00", [5000], ["BANKREF2"]),
        ([":61:2508020802D150,00NTRFNONREF", ":86:Vendor A", ":61:2508030803D75,00NTRFNONREF", ":86:Vendor B"], "9775,00", [-15000, -7500], [nil, nil]),
        ([":61:2508020802RD25,00NTRFNONREF//BANKREF_RD", ":86:Refund"], "10025,00", [2500], ["BANKREF_RD"]),
        ([":61:2508020802RC25,00NTRFNONREF//BANKREF_RC", ":86:Chargeback"], "9975,00", [-2500], ["BANKREF_RC"]),
    ]

    @Test(arguments: cases.indices)
    func amountsAndIdsAsActualExpects(index: Int) throws {
        let c = Self.cases[index]
        let t = try MT940BehaviourTests.read(Self.statement(c.lines, closing: c.closing) + "\n").transactions
        #expect(t.map(\.amount.minorUnits) == c.cents)
        #expect(t.map(\.bankID) == c.ids)
        #expect(t.first?.date.description == (index == 1 ? "2025-08-03" : "2025-08-02"))
    }

    @Test func aStatementRepeatedGivesTwoLines() throws {
        let single = Self.statement([":61:2508020802D150,00NTRFNONREF//BANKREF1", ":86:Vendor A"], closing: "9850,00")
        #expect(try MT940BehaviourTests.read(single + "\n-\n" + single + "\n").transactions.count == 2)
    }

    @Test func westernEuropeanBytesAreWindows1252() throws {
        let text = Self.statement([":61:2508020802D150,00NTRFNONREF//BANKREF1", ":86:A44?L'\u{9C}il de Paris"], closing: "9850,00") + "\n"
        let url = TestScratch.root.appendingPathComponent("penny-mt940-\(UUID().uuidString).sta")
        try Data(text.unicodeScalars.map { UInt8($0.value) }).write(to: url)
        var descriptions: [String] = []
        try MT940Reader().read(try FileProbe(url: url), displayName: "x.sta", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            if case .transaction(let t) = event { descriptions.append(t.description) }
        }
        #expect(descriptions == ["A44?L'œil de Paris"])
    }
}
