@testable import PennyLedger
import Testing

/// The `id` tag's byte-level hex reading agrees with `UInt64(_:radix:)`.
struct IDHexTests {
    @Test func bytesAgreeWithTheStandardLibrary() {
        let alphabet = Array("0123456789abcdefABCDEF+-xg ".utf8)
        var g = SystemRandomNumberGenerator()
        for round in 0..<20_000 {
            let bytes = (0..<16).map { _ in alphabet[Int.random(in: 0..<(round % 2 == 0 ? 16 : alphabet.count), using: &g)] }
            let expected = UInt64(String(decoding: bytes, as: UTF8.self), radix: 16)
            #expect(bytes.withUnsafeBufferPointer { JournalReader.hex16($0) } == expected)
        }
    }
}
