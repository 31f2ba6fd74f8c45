import Testing

@testable import PennyCore

/// The one-scan check of `TextSanitizer.clean` gives what the scalar path gives, on text
/// mixing ASCII, accented letters, controls and the characters it removes.
struct TextSanitizerFastPathTests {
    @Test func cleanAgreesWithTheScalarPathOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = [
            "a", "Z", " ", "7", ";", "ç", "Ú", "é", "ñ", "€", "\u{00A0}", "\u{0085}", "\u{009F}", "\u{0080}", "\u{202A}", "\u{202E}",
            "\u{2066}", "\u{2069}", "\u{2028}", "\u{FEFF}", "\u{FFFD}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{0}", "😀", "ő",
        ]
        var changed = 0
        for _ in 0..<100_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for keeping in [false, true] {
                let fast = TextSanitizer.clean(text, keepingLineBreaks: keeping)
                let slow = TextSanitizer.cleanScalars(text, keepingLineBreaks: keeping)
                #expect(fast == slow, "\(Array(text.unicodeScalars.map(\.value)))")
                if slow != text { changed += 1 }
            }
        }
        #expect(changed > 1000)
    }

    @Test(arguments: ["SETÚBAL", "Descrição Lda", "plain", ""])
    func cleanKeepsTextWithoutControls(_ text: String) {
        #expect(TextSanitizer.clean(text) == text)
    }
}
