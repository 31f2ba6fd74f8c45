import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// A CSV tokenized on a thread of its own (`parsesAhead`) gives the consumer the same
/// events, in the same order, with the same error at the same place, as one read on one
/// thread: over several of the parse's batches, with a row the lane refuses, a bad row, a
/// malformed quote, an end pattern with malformed text after it, a file cut short, and a
/// consumer that stops.
struct CSVParseAheadTests {
    private static func write(_ lines: [String], finalLineEnd: Bool = true) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-ahead-\(UUID().uuidString).csv")
        try Data((lines.joined(separator: "\n") + (finalLineEnd ? "\n" : "")).utf8).write(to: url)
        return url
    }

    /// Every event as text (rows one per line, as the transactions they are), and the error.
    private static func read(_ url: URL, ahead: Bool, lending: Bool, profile: CSVProfile, stopAt: Int? = nil) -> (events: [String], error: String?) {
        var configuration = ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)
        configuration.lendsRows = lending
        configuration.parsesAhead = ahead
        var events: [String] = []
        func seen(_ text: String) throws(PennyError) {
            events.append(text)
            if let stopAt, events.count == stopAt { throw .badInput("the consumer stopped") }
        }
        func text(_ t: Transaction) -> String { "\(t.date) \(t.amount) \(t.description) \(t.location) \(t.balance.map(\.description) ?? "-")" }
        do throws(PennyError) {
            try CSVReader().read(url, profile: profile, displayName: "ahead.csv", configuration: configuration) { (event) throws(PennyError) in
                switch event {
                case .rows(let rows): for i in 0..<rows.count { try seen(text(rows[i].transaction())) }
                case .transaction(let t): try seen(text(t))
                case .statement(let header): try seen("statement \(header.location)")
                case .closing(let balance): try seen("closing \(balance.date) \(balance.amount)")
                case .warning(let message, let location): try seen("warning \(message) \(location)")
                case .skippedRows(let count, let pattern, let first): try seen("skipped \(count) \(pattern) \(first)")
                }
            }
        } catch { return (events, error.description) }
        return (events, nil)
    }

    /// The events both ways, lent as rows and not; checks they agree and returns them.
    private static func agree(_ lines: [String], finalLineEnd: Bool = true, profile: CSVProfile = profile(balance: .index(4)), stopAt: Int? = nil) throws -> (
        events: [String], error: String?
    ) {
        let url = try write(lines, finalLineEnd: finalLineEnd)
        defer { try? FileManager.default.removeItem(at: url) }
        let alone = read(url, ahead: false, lending: true, profile: profile, stopAt: stopAt)
        for lending in [true, false] {
            let ahead = read(url, ahead: true, lending: lending, profile: profile, stopAt: stopAt)
            #expect(ahead.events.count == alone.events.count, "lending \(lending)")
            if let first = ahead.events.indices.first(where: { $0 < alone.events.count && ahead.events[$0] != alone.events[$0] }) {
                Issue.record("lending \(lending): event \(first) is \(ahead.events[first]), alone \(alone.events[first])")
            }
            #expect(ahead.error == alone.error, "lending \(lending)")
        }
        return alone
    }

    /// `count` rows of one day each, one file line per row.
    private static func rows(_ count: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { i in "2024-\(String(format: "%02d", 1 + i / 28 % 12))-\(String(format: "%02d", 1 + i % 28)),SHOP \(i),-1.00,\(i).00" }
    }

    @Test func manyBatchesComeInOrder() throws {
        var lines = ["date,text,amount,balance"] + Self.rows(10_000)
        lines[5_001] = "2024-03-01,\"two\nlines\",-1.00,5000.00"
        let read = try Self.agree(lines)
        #expect(read.error == nil)
        #expect(read.events.count == 10_002)
        #expect(read.events.last?.hasPrefix("closing") == true)
    }

    @Test func aRecordLongerThanSixteenBitOffsetsIsKeptWhole() throws {
        var lines = ["date,text,amount,balance"] + Self.rows(6_000)
        lines[3_000] = "2024-03-01,\"" + String(repeating: "LONG TEXT ", count: 7_000) + "\nsecond line\",-1.00,1.00"
        lines[3_001] = "2024-03-01,\"" + String(repeating: ",", count: 70_000) + "\",-1.00,1.00"
        let read = try Self.agree(lines)
        #expect(read.events.count == 6_002)
        #expect(read.events.contains { $0.contains("LONG TEXT LONG TEXT") && $0.contains("ahead.csv:3001") })
        #expect(read.events.contains { $0.contains("ahead.csv:3003") })
    }

    @Test func aBadRowStopsBothAtTheSameRow() throws {
        var lines = ["date,text,amount,balance"] + Self.rows(9_000)
        lines[7_000] = "2024-03-01,SHOP,-1.0x0,1.00"
        let read = try Self.agree(lines)
        #expect(read.error?.contains("ahead.csv:7001") == true, "\(read.error ?? "no error")")
        #expect(read.events.count == 7_000)
    }

    @Test func aMalformedQuoteIsTheSameErrorAfterTheSameRows() throws {
        var lines = ["date,text,amount,balance"] + Self.rows(9_000)
        lines[8_500] = "2024-03-01,\"SHOP\"x,-1.00,1.00"
        let read = try Self.agree(lines)
        #expect(read.error?.contains("malformed CSV") == true, "\(read.error ?? "no error")")
        #expect(read.events.count == 8_500)
    }

    @Test func textAfterTheEndOfTheDataIsNotParsed() throws {
        var p = profile(balance: .index(4))
        p.endRows = [CSVProfile.RowPattern(column: nil, test: .startsWith, text: "TOTAL", location: SourceLocation(file: "test.rules", line: 1))]
        let lines = ["date,text,amount,balance"] + Self.rows(6_000) + ["TOTAL,,,", "\"never closed,x"] + Self.rows(5_000)
        let read = try Self.agree(lines, profile: p)
        #expect(read.error == nil)
        #expect(read.events.count == 6_002)
    }

    @Test func aFileCutShortIsNamedAlike() throws {
        let read = try Self.agree(["date,text,amount,balance"] + Self.rows(5_000), finalLineEnd: false)
        #expect(read.events.contains { $0.hasPrefix("warning the file does not end with a line end") })
    }

    @Test(arguments: [2, 3_000, 4_200, 9_999]) func aConsumerThatStopsStopsTheParse(at event: Int) throws {
        let read = try Self.agree(["date,text,amount,balance"] + Self.rows(12_000), stopAt: event)
        #expect(read.error?.contains("the consumer stopped") == true)
        #expect(read.events.count == event)
    }
}
