import PennyCore
import PennyTestSupport
import Testing

@testable import PennyImport

/// A `skip-row`/`end-row` pattern tested on a field's bytes (`holdsFolded`) answers as the
/// `String` path does (the field decoded, folded and compared as text), for fields of
/// printable ASCII in any case and spacing, and leaves every other field to that path.
struct RowPatternBytesTests {
    private static let words = ["Data", "MOV.", "saldo", "Total", "pending", "  ", " ", "-", "x", "Descricao", "a b", "DATA MOV."]
    private static let tests: [CSVProfile.RowPattern.Test] = [.is, .contains, .startsWith]

    private func text(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.words.randomElement(using: &generator)! }.joined()
    }

    @Test func theBytesAnswerAsTheStringsDo() {
        var generator = SeededGenerator(seed: 48)
        var asked = 0
        for _ in 0..<20_000 {
            let pattern = CompiledRowPattern(column: nil, test: Self.tests.randomElement(using: &generator)!, text: text(&generator))
            var field = Array(text(&generator).utf8)
            let viaString = pattern.holds(TextKey.fold(String(decoding: field, as: UTF8.self)))
            let viaBytes = field.withUnsafeBufferPointer { pattern.holdsFolded($0) }
            if let viaBytes {
                #expect(viaBytes == viaString, "\(pattern.test) \(pattern.text) in \(String(decoding: field, as: UTF8.self))")
                asked += 1
            } else {
                #expect(pattern.keyBytes.isEmpty)
            }
            field.removeAll()
        }
        #expect(asked > 10_000)
    }

    @Test func otherBytesAndEmptyPatternsTakeTheStringPath() {
        let pattern = CompiledRowPattern(column: nil, test: .contains, text: "mov")
        for field in ["Data Mov\u{E9}", "Data\tMov", "Data\r\nMov"] {
            #expect(Array(field.utf8).withUnsafeBufferPointer { pattern.holdsFolded($0) } == nil)
        }
        // Windows-1252's é is one byte above 0x7F: decoded first, never read as ASCII.
        #expect([0x44, 0xE9].withUnsafeBufferPointer { pattern.holdsFolded($0) } == nil)
        let empty = CompiledRowPattern(column: nil, test: .is, text: "")
        #expect(Array("".utf8).withUnsafeBufferPointer { empty.holdsFolded($0) } == nil)
    }
}
