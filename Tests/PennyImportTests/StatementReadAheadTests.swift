import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// The CAMT reader parses on a second thread (`StatementReadAhead`): events keep their
/// order, errors come in file order, and a failing import stops the reader.
struct StatementReadAheadTests {
    static func event(_ number: Int) -> StatementEvent {
        .transaction(
            Transaction(
                date: LocalDate(year: 2024, month: 3, day: 1)!, amount: Money(minorUnits: Int64(number), currency: .euro), description: "\(number)",
                location: SourceLocation(file: "x")))
    }

    static func number(_ event: StatementEvent) -> Int? {
        if case .transaction(let t) = event { return Int(t.amount.minorUnits) }
        return nil
    }

    @Test func everyEventArrivesInOrderThenTheReadersError() {
        var seen: [Int] = []
        var thrown: PennyError?
        do throws(PennyError) {
            try StatementReadAhead.run(
                produce: { (emit) throws(PennyError) in
                    for n in 0..<10_000 { try emit(Self.event(n)) }
                    throw .badInput("reader failed", at: SourceLocation(file: "x", line: 7))
                },
                consume: { event in seen.append(Self.number(event) ?? -1) })
        } catch {
            thrown = error
        }
        #expect(seen == Array(0..<10_000))
        #expect(thrown?.headline == "x:7: error: reader failed")
    }

    @Test func theImportsErrorStopsTheReader() {
        final class Flag: @unchecked Sendable { var stopped = false }
        let flag = Flag()
        var seen = 0
        var thrown: PennyError?
        do throws(PennyError) {
            try StatementReadAhead.run(
                produce: { (emit) throws(PennyError) in
                    var n = 0
                    do throws(PennyError) {
                        while true {
                            try emit(Self.event(n))
                            n += 1
                        }
                    } catch {
                        flag.stopped = true
                        throw error
                    }
                },
                consume: { (event) throws(PennyError) in
                    seen += 1
                    if Self.number(event) == 300 { throw .badInput("import failed") }
                })
        } catch {
            thrown = error
        }
        #expect(seen == 301)
        #expect(thrown?.headline == "error: import failed")
        // run returns only once the reader's thread has ended.
        #expect(flag.stopped)
    }

    /// libxml2 reports a start tag before it finds that nothing ends it; the tag's own
    /// error is the file's, not what the reader would say about the half tag.
    @Test func aCutStartTagIsMalformedXML() {
        let text = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<BkToCstmrSt"
        #expect(ReaderErrorTests.rejection(text, name: "x.xml", reader: CAMTReader()) == "x.xml:3: error: malformed XML: Couldn't find end of Start Tag BkToCstmrSt")
    }
}
