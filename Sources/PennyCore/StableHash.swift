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
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes { mix(b) }
        }
        if done == nil {
            for b in text.utf8 { mix(b) }
        }
        mix(Self.separator)
    }

    /// Mixes in raw bytes, then the separator.
    public mutating func combine(bytes: some Sequence<UInt8>) {
        for b in bytes { mix(b) }
        mix(Self.separator)
    }

    /// Mixes in a date as its `YYYY-MM-DD` text (the same as `combine(date.description)`).
    public mutating func combine(_ date: LocalDate) {
        guard date.hasFourDigitYear else { return combine(date.description) }
        date.withISOBytes { for b in $0 { mix(b) } }
        mix(Self.separator)
    }

    /// Mixes in bytes already in hand (the same as `combine` of their text).
    public mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes { mix(b) }
        mix(Self.separator)
    }

    /// Mixes in an integer's decimal digits.
    public mutating func combine(_ number: Int64) {
        var n = number
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: n))
            n >>= 8
        }
        mix(Self.separator)
    }

    private mutating func mix(_ byte: UInt8) { value = Self.mixed(value, byte) }

    /// The byte mixed in after each part, so that parts cannot run into each other
    /// (`StableHash4`'s lanes end their parts with it too).
    static let separator: UInt8 = 0x1F

    /// One FNV-1a step: `hash` with `byte` mixed in (`StableHash4`'s lanes take the same).
    @inline(__always)
    static func mixed(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// 16 lower-case hex digits.
    public var hex: String { Self.hex(value) }

    /// 16 lower-case hex digits of `value`.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
