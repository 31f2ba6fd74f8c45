import Testing

@testable import PennyCore

/// The one-loop reading of plain amounts gives what the full scanner gives, or leaves the
/// text to it.
struct PlainAmountTests {
    @Test func plainAgreesWithTheScannerOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789-.,' ".utf8) + [0xC2, 0xA0]
        let formats = [
            AmountFormat(decimalMark: ","), AmountFormat(decimalMark: "."), AmountFormat(decimalMark: ",", thousandsSeparator: .some(" ")),
            AmountFormat(decimalMark: ".", thousandsSeparator: .some("'")), AmountFormat.standard,
        ]
        var readByPlain = 0
        for _ in 0..<200_000 {
            let length = Int.random(in: 0...22, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let format = formats.randomElement(using: &generator)!
            let exponent = Int.random(in: 0...4, using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                guard let plain = AmountParser.plain(buffer, decimal: format.decimalByte, group: format.separatorByte, exponent: exponent) else { return }
                readByPlain += 1
                let full = try? AmountParser.scan(buffer, format: format, exponent: exponent)
                #expect(full == plain, "\(String(decoding: bytes, as: UTF8.self)) exponent \(exponent)")
            }
        }
        #expect(readByPlain > 1000)
    }

    @Test(arguments: ["-1.234,56", "1234,56", "0,00", "-0,01", "999.999.999.999.999,99", "12"])
    func plainReadsTheCommonShapes(_ text: String) throws {
        let format = AmountFormat(decimalMark: ",")
        let bytes = Array(text.utf8)
        let plain = bytes.withUnsafeBufferPointer { AmountParser.plain($0, decimal: format.decimalByte, group: format.separatorByte, exponent: 2) }
        let full = try bytes.withUnsafeBufferPointer { try AmountParser.scan($0, format: format, exponent: 2) }
        #expect(plain == full)
    }
}
