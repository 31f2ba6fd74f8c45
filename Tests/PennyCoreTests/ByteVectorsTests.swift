import PennyTestSupport
import Testing

@testable import PennyCore

/// The sixteen-bytes-at-a-time scans give what the byte-at-a-time ones give, wherever the
/// bytes that matter fall against the blocks' edges and in the last, overlapping block.
struct ByteVectorsTests {
    /// Random texts of 0 to 70 bytes over `alphabet`.
    private static func texts(_ alphabet: [UInt8], seed: UInt64, count: Int = 6_000) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...70, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
    }

    @Test func printableASCIIAgreesWithAByteTest() {
        let alphabet: [UInt8] = Array("Ab z~ 09".utf8) + [0x00, 0x09, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        var printable = 0
        for (round, text) in Self.texts(alphabet, seed: 31).enumerated() {
            // Every other text of printable bytes only, so both answers come up at every length.
            let bytes = round % 2 == 0 ? text.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x41 } : text
            let expected = bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
            #expect(bytes.withUnsafeBufferPointer { PrintableASCII.contains(only: $0) } == expected, "\(bytes)")
            if expected && bytes.count >= 16 { printable += 1 }
        }
        #expect(printable > 1_000)
    }

    /// `foldLatin` on a buffer (the vector path for 17 bytes or more) and on the same bytes as
    /// an array (byte by byte) write the same folded text.
    @Test func foldingSixteenAtATimeAgreesWithFoldingByteByByte() {
        let alphabets = [Array("ABCXYZabcxyz@[`{09 ".utf8), Array("Ab  Zz\t\n\r.-".utf8) + [0xC3, 0xA9, 0xC3, 0x87], Array("DD LDA PORTO 1143 Mb ".utf8)]
        var lowered = 0
        for (round, text) in Self.texts(alphabets[0] + alphabets[1] + alphabets[2], seed: 32).enumerated() {
            let bytes = round % 3 == 0 ? text : Self.texts(alphabets[round % 3], seed: UInt64(round), count: 1)[0]
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            let reference = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            defer {
                out.deallocate()
                reference.deallocate()
            }
            let length = bytes.withUnsafeBufferPointer { TextKey.foldLatin($0, into: out) }
            let expected = TextKey.foldLatinBytes(bytes, into: reference)
            #expect(length == expected, "\(bytes)")
            if let length, let expected, length == expected {
                #expect(Array(UnsafeBufferPointer(start: out, count: length)) == Array(UnsafeBufferPointer(start: reference, count: expected)), "\(bytes)")
            }
            if bytes.count >= 17, bytes.withUnsafeBufferPointer({ TextKey.foldedByLowering($0.baseAddress!, count: $0.count, into: out) }) != nil {
                lowered += 1
            }
        }
        #expect(lowered > 150)
    }

    @Test func everyASCIIByteIsLoweredAsItsCharacter() {
        let all = (0..<128).map(UInt8.init)
        for start in stride(from: 0, to: 128, by: 16) {
            let block = all.withUnsafeBufferPointer { ByteVectors.load($0.baseAddress!, at: start) }
            let lowered = ByteVectors.loweredASCII(block)
            for lane in 0..<16 {
                let byte = all[start + lane]
                #expect(lowered[lane] == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte), "\(byte)")
            }
        }
    }

    @Test func blocksCoverEveryByteOnce() {
        for count in 16...80 {
            for width in [16, 17] where count >= width {
                var seen = [Int](repeating: 0, count: count)
                _ = ByteVectors.forEachBlockStart(count: count, width: width) { at in
                    for i in at..<(at + width) { seen[i] += 1 }
                    return true
                }
                #expect(seen.allSatisfy { $0 >= 1 }, "count \(count), width \(width)")
            }
        }
    }
}
