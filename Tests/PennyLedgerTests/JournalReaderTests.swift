import Foundation
import PennyCore
import PennyLedger
import Testing

struct JournalReaderTests {
    /// The transaction scanner reads lines as the check does: a line of spaces ends a
    /// transaction (what follows belongs to none) and an indented `#` line is a comment.
    @Test func theScannerEndsATransactionAtALineOfSpacesAndSkipsHashComments() throws {
        let path = temporaryDirectory().appendingPathComponent("j.journal").path
        try "2024-01-01 a\n    # note\n    x  1.00 EUR\n    y\n   \n    z  2.00 EUR\n".write(toFile: path, atomically: true, encoding: .utf8)
        var read: [[String]] = []
        try JournalReader(defaultCurrency: .euro).forEachTransaction(
            path: path, tagNames: [], wantsDescription: false, commentPrefix: "; ", requiresID: false, comment: { _ in }
        ) { read.append($0.postings.map(\.account)) }
        #expect(read == [["x", "y"]])
    }

    func postings(_ text: String, extra: [String: String] = [:]) throws -> [String] {
        let directory = temporaryDirectory()
        for (name, content) in extra { try content.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let path = directory.appendingPathComponent("main.journal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var out: [String] = []
        try JournalReader(defaultCurrency: .euro).forEachPosting(path: path) { out.append("\($0.date) \($0.account) \($0.amount)") }
        return out
    }

    @Test func readsPennyAndHandWrittenEntries() throws {
        let text = """
            ; comment
            2024-03-01 * Supermarket | PINGO DOCE
                ; id: 0123456789abcdef
                expenses:food:groceries                    23.47 EUR
                assets:bank:checking                      -23.47 EUR

            2024/03/05 hand written  ; note
                expenses:rent    EUR 850.00
                assets:bank:checking

            include other.journal
            """
        let other = "2024-03-06 x\n    expenses:a  1,000.00 EUR @ 1 USD\n    assets:b  -1000.00 EUR\n"
        #expect(
            try postings(text, extra: ["other.journal": other]) == [
                "2024-03-01 expenses:food:groceries 23.47 EUR",
                "2024-03-01 assets:bank:checking -23.47 EUR",
                "2024-03-05 expenses:rent 850.00 EUR",
                "2024-03-05 assets:bank:checking -850.00 EUR",
                "2024-03-06 expenses:a 1000.00 EUR",
                "2024-03-06 assets:b -1000.00 EUR",
            ])
    }

    @Test func errorsNameTheLedgerLine() {
        #expect(throws: PennyError.self) { try postings("2024-03-01 x\n    a:b  12,3 EUR\n    c:d\n") }
        do {
            _ = try postings("2024-13-01 x\n    a:b  1 EUR\n")
        } catch let error as PennyError {
            #expect(error.message == "cannot read the transaction date: expected YYYY-MM-DD")
            #expect(error.location?.line == 1)
        } catch { Issue.record("\(error)") }
        do {
            _ = try postings("2024-03-01 x\n    a:b\n    c:d\n")
        } catch let error as PennyError {
            #expect(error.message == "two postings without an amount in one transaction")
            #expect(error.location?.line == 3)
        } catch { Issue.record("\(error)") }
    }
}
