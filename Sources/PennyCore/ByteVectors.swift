/// Sixteen bytes at a time: vector compares (SSE2 on x86-64) for scans of text that most
/// bytes pass. A text of `count` ≥ 16 bytes is covered by blocks at 0, 16, 32… and a last
/// block ending at its end, which may overlap the one before (`forEachBlockStart`): a scan
/// that only asks whether any byte fails may read a byte twice.
///
/// Answers are blocks whose lanes are flagged in their high bit. Every operation takes two
/// vectors and none is an order compare: comparing a vector with a scalar
/// (`block .== 0x20`), the standard library's `any`, lane conversions and `.<` on bytes
/// each compiled to a loop over the lanes or to a call.
public enum ByteVectors {
    /// Sixteen bytes as lanes.
    public typealias Block = SIMD16<UInt8>

    /// The sixteen bytes at `base + offset`, unaligned.
    @inlinable @inline(__always)
    public static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> Block {
        UnsafeRawPointer(base + offset).loadUnaligned(as: Block.self)
    }

    /// Stores `block` at `base + offset`, unaligned.
    @inlinable @inline(__always)
    public static func store(_ block: Block, _ base: UnsafeMutablePointer<UInt8>, at offset: Int) {
        UnsafeMutableRawPointer(base + offset).storeBytes(of: block, as: Block.self)
    }

    /// Calls `body` with the start of each block covering `count` (≥ `width`) bytes:
    /// 0, 16, 32… below `count - width`, then `count - width`. `width` is 16 for one block
    /// per call, 17 for a block and the block one byte after it (pairs of neighbours).
    @inlinable @inline(__always)
    public static func forEachBlockStart(count: Int, width: Int = 16, _ body: (Int) -> Bool) -> Bool {
        var at = 0
        let last = count - width
        while at < last {
            guard body(at) else { return false }
            at &+= 16
        }
        return body(last)
    }

    /// True when the `count` bytes (17 or more) at `base` have no tab or line end, no two
    /// spaces side by side, and no byte `refused` flags: each block and the block one byte
    /// after it are read, so every byte and every pair of neighbours is seen. The scan
    /// behind folding (`TextKey`) and the journal's written-as-is test.
    @inlinable @inline(__always)
    public static func isSingleSpaced(_ base: UnsafePointer<UInt8>, count: Int, refusing refused: (Block) -> Block) -> Bool {
        forEachBlockStart(count: count, width: 17) { at in
            let block = load(base, at: at)
            let next = load(base, at: at + 1)
            let doubleSpaces = lanes(block, equalTo: 0x20) & lanes(next, equalTo: 0x20)
            return !isAnyFlagged(doubleSpaces | tabsAndLineEnds(block) | tabsAndLineEnds(next) | refused(block) | refused(next))
        }
    }

    /// The lanes of `block` that are not printable ASCII (below 0x20, or 0x7F and above),
    /// flagged in their high bit: `block − 0x20` is 0x80 or more, or reaches 0x80 when 0x21
    /// is added (it was 0x5F or more).
    @inlinable @inline(__always)
    public static func unprintable(_ block: Block) -> Block {
        let shifted = block &- Block(repeating: 0x20)
        return shifted | (shifted &+ Block(repeating: 0x21))
    }

    /// The lanes of `block` at or above 0x80 (not ASCII), flagged in their high bit: the
    /// block itself.
    @inlinable @inline(__always)
    public static func nonASCII(_ block: Block) -> Block { block }

    /// The lanes of `block` holding `byte`, flagged (all bits set).
    @inlinable @inline(__always)
    public static func lanes(_ block: Block, equalTo byte: UInt8) -> Block {
        unsafeBitCast(block .== Block(repeating: byte), to: Block.self)
    }

    /// The lanes of `block` holding a tab, a line feed or a carriage return, flagged.
    @inlinable @inline(__always)
    public static func tabsAndLineEnds(_ block: Block) -> Block {
        lanes(block, equalTo: 0x09) | lanes(block, equalTo: 0x0A) | lanes(block, equalTo: 0x0D)
    }

    /// True when any lane of `flags` has its high bit set.
    @inlinable @inline(__always)
    public static func isAnyFlagged(_ flags: Block) -> Bool {
        let (low, high) = unsafeBitCast(flags, to: (UInt64, UInt64).self)
        return (low | high) & 0x8080_8080_8080_8080 != 0
    }

    /// `block` of ASCII bytes with A–Z lowered: a byte is upper case when adding 0x3F
    /// carries into its high bit (it is 0x41 or more) and adding 0x25 does not (it is below
    /// 0x5B); that bit, moved down two places, is the 0x20 that lowers it.
    @inlinable @inline(__always)
    public static func loweredASCII(_ block: Block) -> Block {
        let upper = (block &+ Block(repeating: 0x3F)) & ~(block &+ Block(repeating: 0x25)) & Block(repeating: 0x80)
        // Shifted in sixteen-bit lanes (SSE2 has no byte shift): each byte's only set bit is
        // its high one, so nothing crosses into the byte below.
        let moved = unsafeBitCast(unsafeBitCast(upper, to: SIMD8<UInt16>.self) &>> SIMD8(repeating: 2), to: Block.self)
        return block | moved
    }
}
