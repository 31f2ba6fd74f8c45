import Testing

@testable import PennyImport

/// Field bytes appended by word loads and stores (up to 16 bytes) or `memmove` (longer)
/// land as they were, one after another, across the buffer's growth.
struct GrowingBufferTests {
    @Test func fieldsOfEveryLengthAreCopiedExactly() {
        var buffer = GrowingBuffer<UInt8>()
        defer { buffer.deallocate() }
        var expected: [UInt8] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            let length = round % 41
            let field = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            field.withUnsafeBytes { buffer.appendBytes($0) }
            expected += field
            #expect(buffer.count == expected.count)
        }
        #expect(Array(buffer.contents) == expected)
    }
}
