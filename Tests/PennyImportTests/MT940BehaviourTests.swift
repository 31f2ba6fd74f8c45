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

    @Test func freeTextBeforeTheFirstStatementIsDropped() throws {
        // Danske Bank's exports open with lines of text before the first :20:.
        let text = "Danske Bank A/S\nKontoudtog MT940\nUdskrevet 02.01.2024\n" + Self.head + ":61:2401020102D1,00NTRF//A\n:62F:C240102EUR99,00\n"
        let read = try Self.read(text)
        #expect(read.headers.map(\.location.line) == [4])
        #expect(read.transactions.map(\.amount.minorUnits) == [-100])
    }

    @Test func severalAccountsInOneFileAreSeveralStatements() throws {
        let second = ":20:S2\n:25:DE02120300000000202051\n:60F:C231229USD50,00\n:61:2401020102C5,00NTRF//B\n:62F:C240102USD55,00\n"
        let read = try Self.read(Self.head + ":61:2401020102D1,00NTRF//A\n:62F:C240102EUR99,00\n-\n" + second)
        #expect(read.headers.map(\.accountIdentifier) == ["DE89370400440532013000", "DE02120300000000202051"])
        #expect(read.headers.map(\.currency.code) == ["EUR", "USD"])
        #expect(read.transactions.map(\.amount.currency.code) == ["EUR", "USD"])
    }

    @Test func aStatementThatLeavesOutItsReferenceStartsAfterTheClosingBalance() throws {
        // The second statement has no :20:: its :25: after the first's :62F: opens it.
        let text =
            Self.head + ":61:2401020102D1,00NTRF//A\n:62F:C240102EUR99,00\n:25:DE89370400440532013000\n:60F:C240102EUR99,00\n:61:2401030103D2,00NTRF//B\n:62F:C240103EUR97,00\n"
        let read = try Self.read(text)
        #expect(read.headers.map(\.location.line) == [1, 6])
        #expect(read.headers.map { $0.closing?.amount.minorUnits } == [9900, 9700])
        #expect(read.transactions.map(\.amount.minorUnits) == [-100, -200])
    }

    @Test func nonrefIsNoReferenceInAnyStatement() throws {
        // The same NONREF in two statements is not one transaction id twice.
        let line = ":61:2401020102D1,00NTRFNONREF//NONREF\n"
        let text = Self.head + line + ":62F:C240102EUR99,00\n:20:S2\n:25:DE89370400440532013000\n:60F:C240102EUR99,00\n" + line + ":62F:C240102EUR98,00\n"
        let t = try Self.read(text).transactions
        #expect(t.count == 2)
        #expect(t.allSatisfy { $0.bankID == nil })
    }

    @Test func crlfAndCRLineEndsAreLineEnds() throws {
        let lf = Self.head + ":61:2401020102D1,00NTRF//A\n:86:Coffee\n:62F:C240102EUR99,00\n"
        for ending in ["\r\n", "\r"] {
            let read = try Self.read(lf.replacingOccurrences(of: "\n", with: ending))
            #expect(read.transactions.map(\.description) == ["Coffee"])
            #expect(read.transactions.map(\.location.line) == [4])
        }
    }

    @Test func aStatementLineAmountWithoutItsCommaIsWholeUnits() throws {
        // Knab writes `C500NTRF`: the type code ends the amount, so nothing was cut.
        let t = try Self.read(Self.head + ":61:2401020102C500NTRF//A\n:62F:C240102EUR600,00\n").transactions
        #expect(t.map(\.amount.minorUnits) == [50000])
    }

    @Test func theEntryDateIsTheLedgerDateAndTheValueDateIsKept() throws {
        let t = try Self.read(Self.head + ":61:2401050102D1,00NTRF//A\n:61:2401020102D1,00NTRF//B\n:61:240102D1,00NTRF//C\n:62F:C240102EUR97,00\n").transactions
        #expect(t.map(\.date.description) == ["2024-01-02", "2024-01-02", "2024-01-02"])
        #expect(t.map { $0.valueDate?.description } == ["2024-01-05", nil, nil])
    }

    @Test func nonSwiftFieldsAreNotDetails() throws {
        // A German bank's :NS: lines after a :61: are not its supplementary details.
        let t = try Self.read(Self.head + ":61:2401020102D1,00S051\n:NS:01Verwendungszweck\n02Zeile\n:62F:C240102EUR99,00\n").transactions
        #expect(t.map(\.memo) == [nil])
    }

    @Test func aMessageEndBeforeATagIsDropped() throws {
        // hbci4java's TestBrokenMT940: `-:61:` and `-:25:`; the :61: was a continuation of :60F:, lost.
        let text = ":20:S1\n-:25:DE89370400440532013000\n:60F:C231229EUR100,00\n-:61:2401020102D1,00NTRF//A\n:62F:C240102EUR99,00\n"
        let read = try Self.read(text)
        #expect(read.headers.map(\.accountIdentifier) == ["DE89370400440532013000"])
        #expect(read.transactions.map(\.amount.minorUnits) == [-100])
    }

    @Test func anIndentedStatementLineIsStillOne() throws {
        // As a continuation of the :86: before it, the second line's money was dropped.
        let text = Self.head + ":61:2401020102D1,00NTRF//A\n:86:Coffee\n  :61:2401020102D2,00NTRF//B\n:62F:C240102EUR97,00\n"
        #expect(try Self.read(text).transactions.map(\.amount.minorUnits) == [-100, -200])
    }

    @Test func linesAfterAClosingBalanceAreTheNextStatementOfTheSameAccount() throws {
        // A bank that writes the next day's lines and closing balance alone: the statement
        // takes the account, and the closing balance before as its opening.
        let text = Self.head + ":61:2401020102D1,00NTRF//A\n:62F:C240102EUR99,00\n-\n:61:2401030103D2,00NTRF//B\n:62F:C240103EUR97,00\n-\n"
        let read = try Self.read(text)
        #expect(read.headers.map(\.location.line) == [1, 7])
        #expect(read.headers.map(\.accountIdentifier) == ["DE89370400440532013000", "DE89370400440532013000"])
        #expect(read.headers.map { $0.opening?.amount.minorUnits } == [10000, 9900])
        #expect(read.transactions.map(\.amount.minorUnits) == [-100, -200])
        // Without a closing balance after them, such lines are refused as a statement cut off.
        let cut = Self.head + ":62F:C240102EUR100,00\n:61:2401020102D1,00NTRF\n"
        #expect(
            ReaderErrorTests.rejection(cut, name: "x.sta", reader: MT940Reader())
                == "x.sta:5: error: the statement that starts here has no closing balance (:62F: or :62M:): the file may be cut off")
    }
}
