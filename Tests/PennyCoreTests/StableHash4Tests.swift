import Testing

@testable import PennyCore

/// Four hashes mixed in step are the four hashes mixed alone: integers, the same bytes for
/// all, and bytes of four different lengths (each one the shortest in turn).
struct StableHash4Tests {
    @Test func fourInStepAreFourAlone() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let starts = (0..<4).map { _ in
                var start = StableHash()
                start.combine(Int64.random(in: .min ... .max, using: &generator))
                return start
            }
            let numbers = (0..<4).map { _ in Int64.random(in: .min ... .max, using: &generator) }
            let shared = (0..<Int.random(in: 0...4, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let texts = (0..<4).map { _ in (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) } }
            var alone = starts
            for lane in 0..<4 {
                alone[lane].combine(numbers[lane])
                shared.withUnsafeBufferPointer { alone[lane].combine($0) }
                texts[lane].withUnsafeBufferPointer { alone[lane].combine($0) }
            }
            var four = StableHash4(InlineArray { starts[$0] })
            four.combine(InlineArray { numbers[$0] })
            shared.withUnsafeBufferPointer { four.combine(each: $0) }
            texts[0].withUnsafeBufferPointer { a in
                texts[1].withUnsafeBufferPointer { b in
                    texts[2].withUnsafeBufferPointer { c in
                        texts[3].withUnsafeBufferPointer { d in four.combine([a, b, c, d]) }
                    }
                }
            }
            for lane in 0..<4 { #expect(four.values[lane] == alone[lane].value, "lane \(lane) of \(texts.map(\.count))") }
        }
    }

    @Test func freshFourAreFreshHashes() {
        var alone = StableHash()
        alone.combine(Int64(7))
        var four = StableHash4()
        four.combine(InlineArray(repeating: 7))
        #expect(four.values[0] == alone.value && four.values[3] == alone.value)
    }
}
