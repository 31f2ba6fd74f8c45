import Foundation
import PennyTestSupport
import PennyCore
@testable import PennyImport
import Testing

/// How the MT940 reader settles dates, signs and ids.
struct MT940BehaviourTests {
    static func read(_ text: String) throws(PennyError) -> (headers: [StatementHeader], transactions: [Transaction]) {
        let url = TestScratch.root.appendingPathComponent("penny-mt940-\(UUID().uuidString).sta")
        try! Data(text.utf8).write(to: url)
        var headers: [StatementHeader] = []
        var out: [Transaction] = []
        try MT940Reader().read(try FileProbe(url: url), displayName: "x.sta", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            if case .statement(let h) = event { headers.append(h) }
            if case .transaction(let t) = event { out.append(t) }
        }
        return (headers, out)
    }

    static let head = ":20:S1\n:25:DE89370400440532013000\n:60F:C231229EUR100,00\n"

    @Test func anEntryDateAcrossTheYearEndBelongsToTheNearestYear() throws {
        let t = try Self.read(Self.head + ":61:2312310102D1,00NTRF//A\n:61:2401021229D1,00NTRF//B\n:62F:C240102EUR98,00\n").transactions
        #expect(t.map(\.date.description) == ["2024-01-02", "2023-12-29"])
    }

    @Test func reversalsFlipAndFundsCodesAreSkipped() throws {
        let t = try Self.read(Self.head + ":61:231229RC5,00NTRF\n:61:231229RD2,00NTRF\n:61:231229CR3,NTRF\n:61:231229DN1,5NTRF\n:62F:C231229EUR98,50\n").transactions
        #expect(t.map(\.amount.minorUnits) == [-500, 200, 300, -150])
    }

    @Test func onlyTheBankReferenceIsAnID() throws {
        let t = try Self.read(Self.head + ":61:231229D1,00NTRFKREF+//BANK1\n:61:231229D1,00NTRF0121470966\n:62F:C231229EUR98,00\n").transactions
        #expect(t.map(\.bankID) == ["BANK1", nil])
        #expect(t[1].description == "0121470966")
    }

    @Test func anMT942ReportWithoutBalancesEndsAtTheNextStatement() throws {
        let text =
            ":20:R1\n:25:DE89370400440532013000\n:13D:2401021200+0100\n:34F:USD0,\n:61:2401020102D1,00NTRF\n:20:R2\n:25:DE89370400440532013000\n:13D:2401031200+0100\n:34F:USD0,\n"
        let read = try Self.read(text)
        #expect(read.headers.map(\.currency.code) == ["USD", "USD"])
        #expect(read.transactions.count == 1)
    }
}
