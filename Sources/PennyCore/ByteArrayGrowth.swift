/// Growing a byte array by a run of bytes to be overwritten, copied from a block of zeros
/// (one `memcpy`) instead of `repeatElement`'s element-by-element append: writers reserve
/// room this way once per row.
extension Array where Element == UInt8 {
    /// Appends `count` zero bytes.
    public mutating func appendZeros(_ count: Int) {
        var left = count
        while left > 0 {
            let step = Swift.min(left, ZeroBlock.size)
            ZeroBlock.bytes.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<step])) }
            left -= step
        }
    }
}

/// The zeros `appendZeros` copies.
private enum ZeroBlock {
    static let size = 4096
    static let bytes = [UInt8](repeating: 0, count: size)
}
