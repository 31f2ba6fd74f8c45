import Foundation
import PennyCore
import PennyPipeline
import Testing

/// The reader's thread and the importer's: every event in file order, rows lent with their
/// text (folded or not, as the threads share the work), errors where they happened.
@Suite struct EventPipeTests {
    /// Emits `count` plain rows of `file`, then throws at row `failAt` if given.
    static func produce(count: Int, failAt: Int? = nil) -> @Sendable ((StatementEvent) throws(PennyError) -> Void) throws(PennyError) -> Void {
        { (emit) throws(PennyError) in
            try emit(.statement(StatementHeader(accountIdentifier: nil, accountName: "assets:a", currency: .euro, location: SourceLocation(file: "f.csv", line: 1))))
            for line in 2..<(count + 2) {
                if line == failAt { throw PennyError.badInput("bad row", at: SourceLocation(file: "f.csv", line: line)) }
                var text = Array("Row  \(line) CAFÉ".utf8)
                try text.withUnsafeMutableBufferPointer { (bytes) throws(PennyError) in
                    try emit(
                        .row(
                            PlainRow(
                                date: LocalDate(dayNumber: 19_700 + line / 100), amount: Money(minorUnits: Int64(-line), currency: .euro),
                                description: UnsafeBufferPointer(bytes), file: "f.csv", line: line, balance: nil)))
                }
            }
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
