import Foundation
@testable import PennyReport
import PennyTestSupport
import Testing

/// The byte path of `payeeKey` must say what the general path (Foundation's folding,
/// `normalize`, `pattern`, the word filters) says, on random descriptions built from bank
/// words, numbers, punctuation, month names, instalment marks, `PAYEE | NOTE` bars, runs of
/// spaces and tabs, and now and then a letter only the general path reads.
struct PayeeKeyBytesTests {
    private static let pieces = [
        "LIDL", "Pingo Doce", "COMPRA", "uber", "RENDA", "Março", "MARCO", "abril", "de", "PARC", "03/10", "1234", "PAS7476", "LIDL,PAS7476",
        "#", "##12", "a1b", "-", ",", ";", ":", "|", " | ", "  ", "\t", "'", "\"", "SEPA-DD", "N26", "x", "Ü", "ø", "0", "of", "Instalment",
        "september", "Prest.", "quota", "PT50", "*", "Lda.", "(", ")", "&", "~", "é", "\u{7F}", "\u{01}", "MARÇO", "Agôsto", "×", "÷", "ß",
        "e\u{301}", " |\u{301} ", "☕", "PRESTAÇÃO", "Dezembro",
    ]

    @Test(arguments: 1...40) func theBytePathSaysWhatTheGeneralPathSays(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var fast = 0
        for _ in 0..<500 {
            let count = Int.random(in: 0...7, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            if PayeeKeyBytes.key(text) != nil { fast += 1 }
            #expect(RecurringDetector.payeeKey(text) == RecurringDetector.generalPayeeKey(text), "\(text.debugDescription)")
        }
        // Most of the texts are ASCII: the byte path must have been taken.
        #expect(fast > 100)
    }

    @Test func bankDescriptionsTakeTheBytePath() {
        let cases = [
            ("DD TELEPIZZA 3286 PORTO", "DD TELEPIZZA"), ("RENDA MARCO", "RENDA"), ("LIDL,PAS7476 LISBOA", "LIDL,"),
            ("Netflix | monthly plan", "NETFLIX"), ("PARC 03/10 LOJA X", "LOJA X"),
        ]
        for (text, key) in cases {
            #expect(PayeeKeyBytes.key(text) == key, "\(text)")
            #expect(RecurringDetector.generalPayeeKey(text) == key, "\(text)")
        }
        #expect(PayeeKeyBytes.key("Café Central") == "CAFE CENTRAL")
        #expect(PayeeKeyBytes.key("Café ☕") == nil)
        #expect(PayeeKeyBytes.key("12345") == nil)
    }
}
