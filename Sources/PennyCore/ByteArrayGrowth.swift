/// Growing a byte array by bytes written in place: `appendWritten` lets a writer fill room
/// past the end that is not initialized first (`Array.append(addingCapacity:)`, which grows
/// the storage geometrically), and keeps what it wrote. Writers reserve room this way once
/// per row: filling the room with zeros first and cutting the rest off after cost a copy of
/// the whole reservation and two more array calls per row.
extension Array where Element == UInt8 {
    /// Appends what `body` writes at the given start, at most `bound` bytes: `body` returns
    /// how many it wrote (0 keeps nothing). The room is never empty, so `body` always has a
    /// start, even for a bound of 0.
    @inline(__always)
    public mutating func appendWritten(upTo bound: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        append(addingCapacity: Swift.max(bound, 1)) { span in
            span.withUnsafeMutableBufferPointer { room, initialized in
                let written = body(room.baseAddress! + initialized)
                precondition(written >= 0 && written <= room.count - initialized, "wrote past the room reserved")
                initialized += written
            }
        }
    }

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
