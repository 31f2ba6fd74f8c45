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

    private static func read(_ url: URL, lending: Bool) -> (seen: [Seen], transactions: [Transaction], error: PennyError?) {
        var configuration = ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)
        configuration.lendsRows = lending
        var seen: [Seen] = []
        var transactions: [Transaction] = []
        do throws(PennyError) {
            try CSVReader().read(url, profile: profile(balance: .index(4)), displayName: "runs.csv", configuration: configuration) { (event) throws(PennyError) in
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

    @Test func rowsBeforeABadRowReachTheConsumerBeforeItsError() throws {
        let url = try Self.write(["date,text,amount,balance", "2024-03-01,A,-1.00,1.00", "2024-03-02,B,-2.00,2.00", "2024-13-40,C,-3.00,3.00"])
        defer { try? FileManager.default.removeItem(at: url) }
        let lent = Self.read(url, lending: true)
        #expect(lent.seen == [.statement, .rows(2)])
        #expect(lent.error?.headline.hasPrefix("runs.csv:4:1: error: cannot read date '2024-13-40'") == true)
    }
}
