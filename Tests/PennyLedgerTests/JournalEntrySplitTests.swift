import Foundation
@testable import PennyLedger
import PennyTestSupport
import Testing

/// `JournalEntry.split` finds ` | ` on the bytes of an ASCII description; it must split
/// where Foundation's `range(of:)` does, on random text of spaces, bars and words.
struct JournalEntrySplitTests {
    @Test(arguments: 1...20) func theByteSearchSplitsWhereFoundationDoes(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = [" ", "|", " | ", "||", "a", "NOTE", "é", "\t", "  |  "]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = text.range(of: " | ").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) } ?? (text, text)
            let split = JournalEntry.split(description: text)
            #expect(split.payee == expected.0 && split.bankText == expected.1, "\(text.debugDescription)")
        }
    }

    @Test func aPayeeAndANote() {
        #expect(JournalEntry.split(description: "Netflix | NETFLIX.COM 123").payee == "Netflix")
        #expect(JournalEntry.split(description: "Netflix | NETFLIX.COM 123").bankText == "NETFLIX.COM 123")
        #expect(JournalEntry.split(description: "A |B").payee == "A |B")
    }
}
