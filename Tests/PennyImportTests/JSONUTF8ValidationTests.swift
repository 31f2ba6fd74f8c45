import PennyTestSupport
import Testing

@testable import PennyImport

/// `UTF8Validation`, which the JSON reader's checking pass uses instead of making strings,
/// agrees with `String(validating:as:)` (the building pass's check) on every input.
struct JSONUTF8ValidationTests {
    @Test func agreesWithStringValidationOnEdges() {
        let edges: [[UInt8]] = [
            [], [0x41], [0x7F], [0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xC3], [0xE2, 0x82], [0xC3, 0x41],
        ]
        for bytes in edges { #expect(UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)") }
    }

    @Test func agreesWithStringValidationOnRandomBytes() {
        var generator = SeededGenerator(seed: 30)
        let pool: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            #expect(UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
