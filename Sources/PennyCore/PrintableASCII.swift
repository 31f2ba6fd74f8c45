/// Whether bytes are all printable ASCII (0x20 through 0x7E), sixteen or eight at a time: most bank
/// descriptions are, and such text needs no decoding, no line-end handling and no
/// sanitizing (`TextSanitizer.mayChange` is false for it).
public enum PrintableASCII {
    /// True when every byte is in 0x20...0x7E (also for no bytes).
    @inline(__always)
    public static func contains(only bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.count >= 16, let base = bytes.baseAddress {
            // Sixteen at a time, the last block overlapping the one before.
            return ByteVectors.forEachBlockStart(count: bytes.count) { !ByteVectors.isAnyFlagged(ByteVectors.unprintable(ByteVectors.load(base, at: $0))) }
        }
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        var bad: UInt64 = 0
        while i + 8 <= raw.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // A high bit, a byte below 0x20 (its top three bits zero), or DEL.
            bad |= (w & 0x8080_8080_8080_8080) | ByteLanes.zeroBytes(w & 0xE0E0_E0E0_E0E0_E0E0) | ByteLanes.bytes(0x7F, in: w)
            i += 8
        }
        while i < raw.count {
            let b = raw[i]
            if b < 0x20 || b >= 0x7F { return false }
            i += 1
        }
        return bad == 0
    }
}
