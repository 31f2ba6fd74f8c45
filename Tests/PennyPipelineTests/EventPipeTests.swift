import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import PennyRules
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
    /// would hash for the account published when they were read, whichever account that
    /// was: the first batch is always helped, so it is keyed for the account published
    /// before the file (`first`); later ones, while the reader helps, for the account
    /// published since (a change after the third run).
    @Test(arguments: ["assets:a", "assets:bank:checking:main"]) func keyedRowsCarryTheKeysOfTheAccountTheyWereHashedFor(first: String) throws {
        let filing = FilingAccount()
        filing.set(first)
        var keyed = 0
        var runs = 0
        var accounts: Set<String> = []
        try EventPipe.run(produce: Self.produce(count: 60_000), filingAccount: filing) { (event) throws(PennyError) in
            guard case .rows(let rows) = event else { return }
            runs += 1
            if runs == 3 { filing.set("assets:b") }
            // A slow importer: the reader's thread helps (when it is not ahead, it does not,
            // and those rows carry no keys).
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
        #expect(keyed > 0)
        #expect(accounts.contains(first))
        #expect(accounts.isSubset(of: [first, "assets:b"]))
    }

    /// Rows the reader's thread gives verdicts carry whether the journal writes their
    /// description as it is, as the writer would find it.
    @Test func rowsGivenVerdictsKnowWhetherTheirDescriptionIsWrittenAsIs() throws {
        let descriptions = ["CAFE LISBOA", "Row  two", "a;b", "(x) y", " lead", "trail ", "tab\there", "ok", "PINGO DOCE 12"]
        let rules = try RulesLoader.load(
            text: "default expense-category expenses:unknown\n\nrule cafe\n  if description contains \"cafe\"\n  category expenses:cafe\n", file: "p.rules")
        let produce: @Sendable ((StatementEvent) throws(PennyError) -> Void) throws(PennyError) -> Void = { (emit) throws(PennyError) in
            try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: "assets:a", currency: .euro, location: SourceLocation(file: "f.csv", line: 1))))
            var run = PlainRowRun(file: "f.csv", currency: .euro)
            for line in 2..<20_002 {
                Array(descriptions[line % descriptions.count].utf8).withUnsafeBufferPointer { bytes in
                    run.append(date: LocalDate(dayNumber: 19_700), minorUnits: -1, balance: nil, description: bytes, line: line)
                }
                if run.isFull { try run.lend { (rows) throws(PennyError) in try emit(.rows(rows)) } }
            }
            try run.lend { (rows) throws(PennyError) in try emit(.rows(rows)) }
        }
        var known = 0
        try EventPipe.run(produce: produce, categorizer: Categorizer(rules)) { (event) throws(PennyError) in
            guard case .rows(let rows) = event else { return }
            usleep(300)
            for index in 0..<rows.count {
                let row = rows[index]
                guard let asIs = row.descriptionAsIs else { continue }
                #expect(asIs == JournalWriter.writesAsIs(row.description))
                #expect(asIs == ["CAFE LISBOA", "ok", "PINGO DOCE 12"].contains(descriptions[row.line % descriptions.count]))
                known += 1
            }
        }
        #expect(known > 0)
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
