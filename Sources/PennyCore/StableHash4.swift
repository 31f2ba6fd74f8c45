/// Four `StableHash`es mixed in step, each to the same value as alone: one hash's bytes form
/// one chain of multiplications, each waiting for the last, so four rows' hashes side by side
/// keep the multiplier busy (`RowLookahead` hashes a batch's rows four at a time).
public struct StableHash4: Sendable {
    /// The four hashes so far.
    public private(set) var values: InlineArray<4, UInt64>

    /// Four hashes, each going on from its own start.
    public init(_ starts: InlineArray<4, StableHash>) {
        values = InlineArray { starts[$0].value }
    }

    /// Four fresh hashes.
    public init() {
        self.init(InlineArray(repeating: StableHash()))
    }

    /// Mixes one integer into each hash (`StableHash.combine(_: Int64)`).
    @inline(__always)
    public mutating func combine(_ numbers: InlineArray<4, Int64>) {
        for shift in stride(from: 0, to: 64, by: 8) {
            for lane in 0..<4 { mix(lane, UInt8(truncatingIfNeeded: numbers[lane] &>> Int64(shift))) }
        }
        separate()
    }

    /// Mixes the same bytes into each hash (`StableHash.combine(_: UnsafeBufferPointer)`).
    @inline(__always)
    public mutating func combine(each bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            for lane in 0..<4 { mix(lane, byte) }
        }
        separate()
    }

    /// Mixes each hash's own bytes (`StableHash.combine(_: UnsafeBufferPointer)`): in step
    /// for as long as the shortest, then each alone.
    @inline(__always)
    public mutating func combine(_ bytes: InlineArray<4, UnsafeBufferPointer<UInt8>>) {
        let shortest = min(bytes[0].count, bytes[1].count, bytes[2].count, bytes[3].count)
        var k = 0
        while k < shortest {
            for lane in 0..<4 { mix(lane, bytes[lane][k]) }
            k &+= 1
        }
        for lane in 0..<4 {
            var rest = k
            while rest < bytes[lane].count {
                mix(lane, bytes[lane][rest])
                rest &+= 1
            }
        }
        separate()
    }

    @inline(__always)
    private mutating func separate() {
        for lane in 0..<4 { mix(lane, StableHash.separator) }
    }

    @inline(__always)
    private mutating func mix(_ lane: Int, _ byte: UInt8) {
        values[lane] = StableHash.mixed(values[lane], byte)
    }
}
