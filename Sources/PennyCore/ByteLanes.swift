/// Eight bytes at a time: a word's bytes as lanes, for scans of text that most bytes pass.
public enum ByteLanes {
    /// The high bit of each byte of the result is set exactly where that byte of `x` is zero
    /// (no carries between bytes: each byte's sum stays below 0x100).
    @inlinable @inline(__always)
    public static func zeroBytes(_ x: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low) &+ low) | x | low)
    }

    /// The high bit of each byte of the result is set where that byte of `word` is `byte`.
    @inlinable @inline(__always)
    public static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
        zeroBytes(word ^ (UInt64(byte) &* 0x0101_0101_0101_0101))
    }
}
