import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// With `lendsRows`, a CSV's plain rows come as runs (`.rows`, at most `PlainRowRun.capacity`
/// each) in file order with everything else; the same transactions as without; and the
/// rows before a bad one reach the consumer before its error does.
struct CSVRowRunTests {
    private static func write(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-runs-\(UUID().uuidString).csv")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    private enum Seen: Equatable {
        case statement, rows(Int), transaction(Int), closing
    }

    private static func read(_ url: URL, lending: Bool, profile: CSVProfile = profile(balance: .index(4))) -> (
        seen: [Seen], transactions: [Transaction], error: PennyError?
    ) {
        var configuration = ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)
        configuration.lendsRows = lending
        var seen: [Seen] = []
        var transactions: [Transaction] = []
        do throws(PennyError) {
            try CSVReader().read(url, profile: profile, displayName: "runs.csv", configuration: configuration) { (event) throws(PennyError) in
                switch event {
                case .statement: seen.append(.statement)
                case .rows(let rows):
                    seen.append(.rows(rows.count))
                    for i in 0..<rows.count { transactions.append(rows[i].transaction()) }
                case .transaction(let t):
                    seen.append(.transaction(t.location.line))
                    transactions.append(t)
                case .closing: seen.append(.closing)
                default: break
                }
            }
        } catch { return (seen, transactions, error) }
        return (seen, transactions, nil)
    }

    @Test func plainRowsComeInRunsInFileOrderWithTheSameTransactions() throws {
        var lines = ["date,text,amount,balance"]
        for i in 0..<1_200 {
            // Row 700 has a description with a line end inside quotes: not plain, a transaction.
            lines.append(i == 700 ? "2024-03-01,\"two\nlines\",-1.00,\(i).00" : "2024-03-01,SHOP \(i),-1.00,\(i).00")
        }
        let url = try Self.write(lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let lent = Self.read(url, lending: true)
        let plain = Self.read(url, lending: false)
        #expect(lent.error == nil && plain.error == nil)
        #expect(lent.seen == [.statement, .rows(512), .rows(188), .transaction(702), .rows(499), .closing])
        let fields: (Transaction) -> String = { "\($0.date) \($0.amount) \($0.description) \($0.location) \($0.balance.map(\.description) ?? "-")" }
        #expect(lent.transactions.map(fields) == plain.transactions.map(fields))
        #expect(lent.transactions.count == 1_200)
    }

    /// Profiles whose rows are plain only since the lane reads amounts and details from
    /// bytes: debit and credit columns, an indicator column (marks in any case), an indicator
    /// after the number, and payee, memo, type, counterparty, IBAN and id columns.
    static var lentShapes: [(profile: CSVProfile, lines: [String])] {
        var debitCredit = profile(amount: .debitCredit(debit: .index(3), credit: .index(4)))
        debitCredit.memoColumn = .index(5)
        var column = profile()
        column.indicator = .column(.index(4))
        var after = profile()
        after.indicator = .afterAmount
        var details = profile(id: .index(9))
        (details.payeeColumn, details.memoColumn, details.typeColumn, details.counterpartyColumn, details.ibanColumn) = (
            .index(4), .index(5), .index(6), .index(7), .index(8)
        )
        return [
            (debitCredit, ["date,text,debit,credit,memo", "2024-03-01,A,12.00,,m", "2024-03-01,B,,3.50,", "2024-03-02,C,-1.00, ,x", "2024-03-02,D,2.00,1.00,"]),
            (column, ["date,text,amount,dc", "2024-03-01,A,12.00,D", "2024-03-01,B,3.50,c", "2024-03-02,C,-1.00, Af ", "2024-03-02,D,2.00,+"]),
            (after, ["date,text,amount", "2024-03-01,A,12.00 CR", "2024-03-01,B,3.50d", "2024-03-02,C,-1.00 Soll", "2024-03-02,D, 2.00 h "]),
            (details, ["date,text,amount,payee,memo,type,who,iban,id", "2024-03-01,A,-1.00,P, m ,DD,W,PT50,ID1", "2024-03-01,B,2.00,,,,,,", "2024-03-02,C,3.00,Q,,,,,ID1"]),
        ]
    }

    @Test(arguments: 0..<4) func aProfilesRowsAreLentAsPlainRowsWithTheSameTransactions(shape: Int) throws {
        let (profile, lines) = Self.lentShapes[shape]
        let url = try Self.write(lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let lent = Self.read(url, lending: true, profile: profile)
        let plain = Self.read(url, lending: false, profile: profile)
        #expect(lent.error == nil && plain.error == nil)
        #expect(lent.seen == [.statement, .rows(lines.count - 1)])
        let fields: (Transaction) -> String = {
            "\($0.date) \($0.amount) \($0.description) \($0.location) \([$0.payee, $0.memo, $0.type, $0.counterpartyName, $0.counterpartyIBAN, $0.bankID])"
        }
        #expect(lent.transactions.map(fields) == plain.transactions.map(fields))
    }

    /// A UTF-8 file's accented descriptions are lent as they are when they are valid UTF-8
    /// (a `Transaction` each made a shuffled million rows a third slower); the readings agree
    /// on every row, and on the error of bytes that are not UTF-8.
    @Test func validUTF8DescriptionsAreLentAsTheyAre() throws {
        let accented = ["Café Lisboa", "São João da Madeira", "Zürich 東京 😀", "e\u{301}clair", "Pingo Doce\u{A0}", "Ação\tX"]
        let lines = ["date,text,amount,balance"] + accented.enumerated().map { "2024-03-01,\($1),-1.00,\($0).00" }
        let url = try Self.write(lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let lent = Self.read(url, lending: true)
        let plain = Self.read(url, lending: false)
        #expect(lent.error == nil && plain.error == nil)
        let fields: (Transaction) -> String = { "\($0.date) \($0.amount) \($0.description) \($0.location)" }
        #expect(lent.transactions.map(fields) == plain.transactions.map(fields))
        // Lines 2, 3 and 5 are lent; an emoji line, a no-break space at an end and a tab go the
        // String path, as they did.
        #expect(lent.seen == [.statement, .rows(2), .transaction(4), .rows(1), .transaction(6), .transaction(7), .closing])

        var invalid = Data((lines[0] + "\n2024-03-01,Caf").utf8)
        invalid.append(contentsOf: [0xE9, 0xFF])
        invalid.append(contentsOf: Array(" Lisboa,-1.00,0.00\n".utf8))
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("penny-runs-\(UUID().uuidString).csv")
        try invalid.write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let lentError = Self.read(bad, lending: true).error
        #expect(lentError != nil)
        #expect(lentError?.headline == Self.read(bad, lending: false).error?.headline)
    }

    @Test func anAmountTheLaneCannotReadIsRefusedAsWithoutIt() throws {
        var column = profile()
        column.indicator = .column(.index(4))
        let cases: [(CSVProfile, [String], String)] = [
            (
                profile(amount: .debitCredit(debit: .index(3), credit: .index(4))), ["date,text,debit,credit", "2024-03-01,A,1.00,", "2024-03-01,B, ,"],
                "runs.csv:3:3: error: both debit and credit are empty"
            ),
            (column, ["date,text,amount,dc", "2024-03-01,A,1.00,D", "2024-03-01,B,1.00,X"], "runs.csv:3:4: error: cannot tell money in from money out: indicator 'X'"),
        ]
        for (profile, lines, headline) in cases {
            let url = try Self.write(lines)
            defer { try? FileManager.default.removeItem(at: url) }
            let lent = Self.read(url, lending: true, profile: profile)
            #expect(lent.seen == [.statement, .rows(1)])
            #expect(lent.error?.headline.hasPrefix(headline) == true, "\(lent.error?.headline ?? "no error")")
            #expect(Self.read(url, lending: false, profile: profile).error?.headline == lent.error?.headline)
        }
    }

    @Test func rowsBeforeABadRowReachTheConsumerBeforeItsError() throws {
        let url = try Self.write(["date,text,amount,balance", "2024-03-01,A,-1.00,1.00", "2024-03-02,B,-2.00,2.00", "2024-13-40,C,-3.00,3.00"])
        defer { try? FileManager.default.removeItem(at: url) }
        let lent = Self.read(url, lending: true)
        #expect(lent.seen == [.statement, .rows(2)])
        #expect(lent.error?.headline.hasPrefix("runs.csv:4:1: error: cannot read date '2024-13-40'") == true)
    }
}
