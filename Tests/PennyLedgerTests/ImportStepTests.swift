import Foundation
import PennyCore
import Testing

@testable import PennyLedger

/// The import's steps taken alone: the repeated-statement guard, the rows' lookahead, and
/// the entry, warning and decision `place` and `fileRow` make.
@Suite struct ImportStepTests {
    @Test func aRepeatedBankIDInALaterStatementIsRefused() throws {
        let key = DedupIDAssigner.bankKey(account: "assets:a", bankID: "T1")
        var guardian = RepeatedStatementGuard(knownRepeats: [key])
        let first = transaction("2024-03-01", -100, "FEE", id: "T1", line: 4)
        try guardian.check(first, own: "assets:a", statement: 1)
        // Twice in one statement: the assigner tells them apart; no refusal.
        try guardian.check(transaction("2024-03-01", -100, "FEE", id: "T1", line: 5), own: "assets:a", statement: 1)
        // Another id, or the same id on another account, is not a repeat.
        try guardian.check(transaction("2024-03-01", -100, "FEE", id: "T2", line: 9), own: "assets:a", statement: 2)
        try guardian.check(transaction("2024-03-01", -100, "FEE", id: "T1", line: 9), own: "assets:b", statement: 2)
        #expect(throws: PennyError.self) { try guardian.check(transaction("2024-03-01", -100, "FEE", id: "T1", line: 9), own: "assets:a", statement: 2) }
        do {
            try guardian.check(transaction("2024-03-01", -100, "FEE", id: "T1", line: 9), own: "assets:a", statement: 2)
        } catch {
            #expect(error.message.contains("(line 4)"))
            #expect(error.location?.line == 9)
        }
    }

    /// Past the sightings kept in memory (the log goes to a scratch file), a repeat in a
    /// later statement is still refused with the line of its first sighting.
    @Test func aRepeatPastTheSightingsInMemoryIsRefusedWithItsFirstLine() throws {
        let ids = (0..<20_000).map { "T\($0)" }
        let known: ScratchIDSet = []
        for id in ids { known.insert(DedupIDAssigner.bankKey(account: "assets:a", bankID: id)) }
        var guardian = RepeatedStatementGuard(knownRepeats: known)
        for (index, id) in ids.enumerated() {
            try guardian.check(transaction("2024-03-01", -1, "X", id: id, line: 10 + index), own: "assets:a", statement: 1)
            try guardian.check(transaction("2024-03-01", -1, "X", id: id, line: 50_000 + index), own: "assets:a", statement: 1)
        }
        func refusal(_ id: String, statement: Int, line: Int) -> String? {
            do {
                try guardian.check(transaction("2024-03-02", -1, "X", id: id, line: line), own: "assets:a", statement: statement)
            } catch { return error.message }
            return nil
        }
        #expect(refusal("T12345", statement: 2, line: 90_000)?.contains("(line 12355)") == true)
        #expect(refusal("T19999", statement: 2, line: 90_001)?.contains("(line 20009)") == true)
        #expect(refusal("NEW", statement: 2, line: 90_002) == nil)
        #expect(!guardian.failed)
    }

    @Test func noKnownRepeatsNeverRefuses() throws {
        var guardian = RepeatedStatementGuard(knownRepeats: [])
        for statement in 1...3 { try guardian.check(transaction("2024-03-01", -1, "X", id: "SAME"), own: "assets:a", statement: statement) }
    }

    /// Each prepared row has the content key and first id the assigner gives its folded
    /// description; a description only Foundation folds is left to the `Transaction` path.
    @Test func theLookaheadPreparesWhatTheAssignerWouldFind() throws {
        let descriptions = ["COMPRA  Café Lisboa", "ДОМ 12", "pingo doce", "Pingo  DOCE"]
        var run = PlainRowRun(file: "f.csv", currency: .euro)
        for (index, text) in descriptions.enumerated() {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                run.append(date: LocalDate(dayNumber: 19_800 + index / 2), minorUnits: Int64(-100 - index % 2), balance: nil, description: bytes, line: index + 2)
            }
        }
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let update = try LedgerUpdate(ledgerPath: path, dryRun: true)
        try run.lend { (rows) throws(PennyError) in
            var lookahead = RowLookahead()
            var assigner = DedupIDAssigner()
            lookahead.prepare(rows, 0..<rows.count, own: "assets:a", assigner: &assigner, update: update)
            #expect(lookahead.prepared.count == descriptions.count)
            #expect(lookahead.prepared[1] == nil)
            for index in [0, 2, 3] {
                let plain = rows[index]
                let folded = TextKey.fold(descriptions[index])
                guard let prepared = lookahead.prepared[index], let range = prepared.folded else {
                    Issue.record("row \(index) not prepared from its bytes")
                    continue
                }
                #expect(String(decoding: lookahead.folded[range], as: UTF8.self) == folded)
                let key = DedupID.contentKey(account: "assets:a", date: plain.date, amount: plain.amount, foldedDescription: folded)
                #expect(prepared.key == key)
                #expect(prepared.first == DedupID.content(key: key, occurrence: 1))
            }
        }
    }

    /// Keys the reader's thread hashed are taken for the account they were hashed for, and
    /// only for it: another account's rows are hashed here (marker keys stand in for the
    /// reader's, so whichever path a row took shows).
    @Test(arguments: ["assets:a", "assets:b"]) func theLookaheadTakesTheReadersKeysOnlyForTheirAccount(own: String) throws {
        let descriptions = ["cafe lisboa", "pingo doce", "renda", "luz", "agua"]
        var text: [UInt8] = []
        var items: [PlainRows.Item] = []
        for (index, description) in descriptions.enumerated() {
            let start = text.count
            text += Array(description.utf8)
            let folded = text.count..<text.count + description.utf8.count
            text += Array(description.utf8)
            items.append(.init(date: LocalDate(dayNumber: 19_800 + index), minorUnits: -100, balance: nil, description: start..<folded.lowerBound, folded: folded, line: index + 2))
        }
        let markers = (0..<descriptions.count).map { RowContentKey(key: UInt64(1_000 + $0), first: UInt64(2_000 + $0)) }
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let update = try LedgerUpdate(ledgerPath: path, dryRun: true)
        try items.withUnsafeBufferPointer { items in
            try text.withUnsafeBufferPointer { text in
                try markers.withUnsafeBufferPointer { keys in
                    let rows = PlainRows(file: "f.csv", currency: .euro, items: items, text: text, keyedAccount: "assets:a", keys: keys)
                    var lookahead = RowLookahead()
                    var assigner = DedupIDAssigner()
                    lookahead.prepare(rows, 0..<rows.count, own: own, assigner: &assigner, update: update)
                    for index in 0..<rows.count {
                        let prepared = try #require(lookahead.prepared[index])
                        if own == "assets:a" {
                            #expect(prepared.key == markers[index].key && prepared.first.value == markers[index].first)
                        } else {
                            let plain = rows[index]
                            let key = DedupID.contentKey(account: own, date: plain.date, amount: plain.amount, foldedDescription: descriptions[index])
                            #expect(prepared.key == key && prepared.first == DedupID.content(key: key, occurrence: 1))
                        }
                    }
                }
            }
        }
    }

    /// A run's fields read where they lie are the loaded row's: description, folded text
    /// (none here) and bank id, with details of every length before it or none at all.
    @Test func aRunsFieldsReadInPlaceAreTheLoadedRows() throws {
        var run = PlainRowRun(file: "f.csv", currency: .euro)
        let ids = ["", "R1", "", "REF-000123", "X"]
        for (index, id) in ids.enumerated() {
            let memo = String(repeating: "m", count: index)
            let details = Array((memo + id).utf8)
            let lengths = RowDetailLengths(payee: 0, memo: UInt16(memo.utf8.count), counterparty: 0, iban: 0, type: 0, bankID: UInt16(id.utf8.count))
            Array("ROW \(index)".utf8).withUnsafeBufferPointer { description in
                details.withUnsafeBufferPointer { bytes in
                    if lengths.isEmpty {
                        run.append(date: LocalDate(dayNumber: 19_800), minorUnits: -1, balance: nil, description: description, line: index + 2)
                    } else {
                        run.append(date: LocalDate(dayNumber: 19_800), minorUnits: -1, balance: nil, description: description, details: (bytes, lengths), line: index + 2)
                    }
                }
            }
        }
        try run.lend { (rows) throws(PennyError) in
            for index in 0..<rows.count {
                let row = rows[index]
                #expect(Array(rows.description(index)) == Array(row.description))
                #expect(rows.foldedDescription(index) == nil)
                #expect(String(decoding: rows.bankID(index), as: UTF8.self) == ids[index])
                #expect(Array(rows.bankID(index)) == (row.detailLengths.bankID > 0 ? Array(row.bankID) : []))
            }
        }
    }

    @Test func theEntryKeepsTheStatementsDetailsBeforeTheRulesTags() {
        var t = transaction("2024-03-02", -450, "COMPRA 123")
        t.memo = "card 1234"
        t.payee = "Shop"
        var decision = Categorization(category: "expenses:food", ruleName: "food")
        decision.tags = [Tag(name: "trip", value: "lisbon")]
        decision.payee = "Grocer"
        let entry = StatementImporter.entry(t, id: DedupID(value: 7), own: "assets:a", decision: decision)
        #expect(entry.description == "Grocer | COMPRA 123")
        #expect(entry.tags.map(\.name) == ["memo", "bank-payee", "trip"])
        #expect(entry.rule == "food")
        #expect(entry.sourceLine == t.location.line)
        let byDefault = StatementImporter.entry(t, id: DedupID(value: 7), own: "assets:a", decision: Categorization(category: "expenses:other"))
        #expect(byDefault.rule == JournalEntry.defaultRule)
    }

    @Test func aForeignTransactionIsNamedInTheWarning() {
        var t = transaction("2024-03-02", -450, "X")
        t.amount = Money(minorUnits: -450, currency: Currency(code: "USD")!)
        let warning = StatementImporter.currencyWarning(t, statement: .euro, own: "assets:a")
        #expect(warning.message.hasPrefix("a USD transaction in a EUR statement of assets:a"))
        #expect(warning.location == t.location)
    }

    /// A decision whose rule gave up stops the file after the event it came in (the file
    /// rolled back), and stays set: a later file stops after its first event.
    @Test func aRuleThatGaveUpStopsTheFileAndStaysSet() throws {
        let path = temporaryDirectory().appendingPathComponent("l.journal").path
        let update = try LedgerUpdate(ledgerPath: path, dryRun: false)
        let gaveUp = PennyError.configuration("rule 'slow' gave up", at: SourceLocation(file: "r.rules", line: 3))
        let importer = StatementImporter(
            update: update, resolveAccount: { _ in "assets:a" },
            categorize: { t, _, _ in
                var decision = Categorization(category: "expenses:other")
                if t.description == "SLOW" { decision.matchFailure = gaveUp }
                return decision
            })
        var failure: PennyError?
        var filed: [String] = []
        func file(_ descriptions: [String]) throws(PennyError) -> FileOutcome {
            try importer.importFile(source: "s.csv", ruleFailure: &failure) { (emit) throws(PennyError) in
                try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: "assets:a", currency: .euro, location: SourceLocation(file: "s.csv"))))
                for (line, text) in descriptions.enumerated() {
                    filed.append(text)
                    try emit(.transaction(transaction("2024-03-01", -100, text, line: line + 2)))
                }
            }
        }
        #expect(try file(["A", "B"]).new == 2)
        #expect(throws: gaveUp) { try file(["C", "SLOW", "D"]) }
        #expect(failure == gaveUp)
        #expect(filed == ["A", "B", "C", "SLOW"])
        #expect(throws: gaveUp) { try file(["E", "F"]) }
        // Stopped after the statement header, its first event: none of its transactions read.
        #expect(filed.count == 4)
        try update.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "; id: ").count == 3)
    }
}
