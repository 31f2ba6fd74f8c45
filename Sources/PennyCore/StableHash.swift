/// A 64-bit FNV-1a hash that is the same on every run and machine (Swift's `Hasher` is not).
///
/// Penny's dedup ids are these hashes, printed as 16 hex digits.
public struct StableHash: Sendable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty hash.
    public init() {}

    /// Mixes in the UTF-8 bytes of `text`, then a separator so `"ab","c"` differs from `"a","bc"`.
    public mutating func combine(_ text: some StringProtocol) {
        for b in text.utf8 { mix(b) }
        mix(0x1F)
    }

    /// Mixes in an integer's decimal digits.
    public mutating func combine(_ number: Int64) { combine(String(number)) }

    private mutating func mix(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x100_0000_01b3
    }

    /// 16 lower-case hex digits.
    public var hex: String { Self.hex(value) }

    /// 16 lower-case hex digits of `value`.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
