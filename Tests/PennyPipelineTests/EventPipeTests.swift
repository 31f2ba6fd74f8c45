import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import Testing

/// The reader's thread and the importer's: every event in file order, rows lent with their
/// text (folded or not, as the threads share the work), errors where they happened.
@Suite struct EventPipeTests {
    /// Emits `count` plain rows of `file` in runs as a reader lends them (`PlainRowRun`),
    /// then throws at row `failAt` if given (after lending the rows before it).
    static func produce(count: Int, failAt: Int? = nil) -> @Sendable ((StatementEvent) throws(PennyError) -> Void) throws(PennyError) -> Void {
        { (emit) throws(PennyError) in
            try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: "assets:a", currency: .euro, location: SourceLocation(file: "f.csv", line: 1))))
            var run = PlainRowRun(file: "f.csv", currency: .euro)
            for line in 2..<(count + 2) {
                if line == failAt {
                    try run.lend { (rows) throws(PennyError) in try emit(.rows(rows)) }
                    throw PennyError.badInput("bad row", at: SourceLocation(file: "f.csv", line: line))
                }
                Array("Row  \(line) CAFÉ".utf8).withUnsafeBufferPointer { bytes in
                    run.append(date: LocalDate(dayNumber: 19_700 + line / 100), minorUnits: Int64(-line), balance: nil, description: bytes, line: line)
                }
                if run.isFull { try run.lend { (rows) throws(PennyError) in try emit(.rows(rows)) } }
            }
            try run.lend { (rows) throws(PennyError) in try emit(.rows(rows)) }
        }
    }

    @Test(arguments: [false, true]) func everyRowArrivesInOrderWithItsText(slowConsumer: Bool) throws {
        var lines: [Int] = []
        var statements = 0
        try EventPipe.run(produce: Self.produce(count: 50_000)) { (event) throws(PennyError) in
            switch event {
            case .statement: statements += 1
            case .rows(let rows):
                for index in 0..<rows.count {
                    let row = rows[index]
                    let text = String(decoding: row.description, as: UTF8.self)
                    #expect(text == "Row  \(row.line) CAFÉ")
                    #expect(row.amount.minorUnits == Int64(-row.line))
                    if let folded = row.foldedDescription { #expect(String(decoding: folded, as: UTF8.self) == TextKey.fold(text)) }
                    lines.append(row.line)
                }
                if slowConsumer && lines.count % 8192 < rows.count { usleep(2000) }
            default: break
            }
        }
        #expect(statements == 1)
        #expect(lines == Array(2..<50_002))
    }

    /// Rows the reader's thread hashed carry the content keys and first ids the importer
    /// would hash for the account published when they were read, also after it changes.
    @Test func keyedRowsCarryTheKeysOfTheAccountTheyWereHashedFor() throws {
        let filing = FilingAccount()
        filing.set("assets:a")
        var keyed = 0
        var runs = 0
        var accounts: Set<String> = []
        try EventPipe.run(produce: Self.produce(count: 60_000), filingAccount: filing) { (event) throws(PennyError) in
            guard case .rows(let rows) = event else { return }
            runs += 1
            if runs == 3 { filing.set("assets:b") }
            // A slow importer: the reader's thread helps.
            usleep(300)
            guard let account = rows.keyedAccount else { return }
            accounts.insert(account)
            for index in 0..<rows.count {
                let row = rows[index]
                guard let folded = row.foldedDescription else { continue }
                let key = DedupID.contentKey(account: account, date: row.date, amount: row.amount, foldedDescription: String(decoding: folded, as: UTF8.self))
                #expect(rows.keys[index] == RowContentKey(key: key, first: DedupID.content(key: key, occurrence: 1).value))
                keyed += 1
            }
        }
        // The reader runs at most six batches ahead, so rows read after the change are keyed
        // for the new account.
        #expect(keyed > 0)
        #expect(accounts == ["assets:a", "assets:b"])
    }

    @Test func aReadersErrorComesAfterEveryRowBeforeIt() {
        var count = 0
        #expect(throws: PennyError.self) {
            try EventPipe.run(produce: Self.produce(count: 20_000, failAt: 15_000)) { (event) throws(PennyError) in
                if case .rows(let rows) = event { count += rows.count }
            }
        }
        #expect(count == 15_000 - 2)
    }

    @Test func theImportersErrorStopsTheReader() {
        var seen = 0
        do throws(PennyError) {
            try EventPipe.run(produce: Self.produce(count: 200_000)) { (event) throws(PennyError) in
                if case .rows(let rows) = event { seen += rows.count }
                if seen > 5_000 { throw PennyError.badInput("stop", at: SourceLocation(file: "f.csv")) }
            }
            Issue.record("the importer's error was not thrown")
        } catch {
            #expect(error.message == "stop")
        }
        #expect(seen < 200_000)
    }
}
