import PennyLedger
import PennyTestSupport
import Testing

/// The `; id:` tag line has one reading (`IDTag`): sixteen hex digits in either case, as
/// `UInt64(_:radix:)` reads them, and nothing else.
struct IDHexTests {
    @Test func theTagLineAgreesWithTheStandardLibrary() {
        let alphabet = Array("0123456789abcdefABCDEF+-xg ".utf8)
        var g = SeededGenerator(seed: 20_261_124)
        for round in 0..<20_000 {
            let digits = (0..<16).map { _ in alphabet[Int.random(in: 0..<(round % 2 == 0 ? 22 : alphabet.count), using: &g)] }
            let text = String(decoding: digits, as: UTF8.self)
            let expected = text.allSatisfy(\.isHexDigit) ? UInt64(text, radix: 16) : nil
            #expect(IDTag.value(["    ", "\t", "  \t"][round % 3] + "; id: " + text) == expected, "\(text)")
        }
    }

    @Test(arguments: ["; id: 0123456789abcdef", "    ; id: 0123456789abcde", "    ; idx: 0123456789abcdef", "    ; rule: 0123456789abcdef", "2024-03-01 ; id: 0123456789abcdef"])
    func otherLinesHaveNoID(line: String) {
        #expect(IDTag.value(line) == nil)
    }
}
