import Foundation
import PennyTestSupport
@testable import PennyLedger
import Testing

/// `trimmingBlanks` is Foundation's `trimmingCharacters(in: .whitespaces)` without the
/// bridging: the same text for random strings of blanks, Unicode spaces, line ends, combining
/// marks and letters.
struct BlankTrimmingTests {
    @Test(arguments: 1...200) func trimsWhatFoundationTrims(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = [" ", "\t", "\u{A0}", "\u{3000}", "\u{2003}", "\u{200B}", "\n", "\r", "\u{301}", "a", "é", ";", "x y", "\u{1F600}", "\u{85}"]
        let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        #expect(text.trimmingBlanks == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        #expect(text.dropFirst().trimmingBlanks == String(text.dropFirst()).trimmingCharacters(in: .whitespaces))
    }
}

extension BlankTrimmingTests {
    /// Every scalar of the basic plane and the next: blank for one exactly when for the other.
    @Test func everyScalarIsBlankExactlyWhenFoundationTrimsIt() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar)
            if (text.trimmingBlanks == "a") != (text.trimmingCharacters(in: .whitespaces) == "a") { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.map { String($0, radix: 16) })")
    }
}
