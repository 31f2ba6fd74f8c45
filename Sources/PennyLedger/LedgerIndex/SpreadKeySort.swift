/// Sorts keys spread evenly over 64 bits, as id keys are (`IDKey`: an id times an odd
/// constant): each key is counted into a bucket by its top bits (about four keys a bucket),
/// the keys are placed bucket by bucket, and each bucket is put in order by insertion.
/// A bucket that holds many keys (keys not spread) is sorted whole instead, so any input
/// comes out sorted; spread keys take two passes and a few moves each.
enum SpreadKeySort {
    /// A bucket with more keys than this is sorted by the standard library.
    private static let insertionLimit = 32

    /// Sorts `keys` ascending.
    static func sort(_ keys: inout [UInt64]) {
        let n = keys.count
        guard n > 64 else { return keys.sort() }
        // 2^bits buckets, about n / 4 of them.
        let bits = max(1, (n / 4).bitWidth - (n / 4).leadingZeroBitCount)
        let shift = UInt64(64 - bits)
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for key in keys { starts[Int(key >> shift) + 1] += 1 }
        for b in 1..<starts.count { starts[b] += starts[b - 1] }
        var placed = [UInt64](repeating: 0, count: n)
        var next = starts
        for key in keys {
            let b = Int(key >> shift)
            placed[next[b]] = key
            next[b] += 1
        }
        placed.withUnsafeMutableBufferPointer { out in
            for b in 0..<(1 << bits) {
                let range = starts[b]..<starts[b + 1]
                if range.count > insertionLimit {
                    out[range].sort()
                    continue
                }
                guard range.count > 1 else { continue }
                for i in (range.lowerBound + 1)..<range.upperBound {
                    let key = out[i]
                    var j = i
                    while j > range.lowerBound && out[j - 1] > key {
                        out[j] = out[j - 1]
                        j -= 1
                    }
                    out[j] = key
                }
            }
        }
        keys = placed
    }
}
