import Synchronization

/// Sorts keys spread evenly over 64 bits, as id keys are (`IDKey`: an id times an odd
/// constant), in two levels that each work within the cache: the keys are counted and placed
/// by their top byte (256 buckets, so the placing writes 256 streams), then each bucket's
/// keys, copied aside, are counted and placed by their next bits (about four keys a small
/// bucket) and each small bucket is put in order by insertion. A small bucket that holds
/// many keys (keys not spread) is sorted whole instead, so any input comes out sorted.
///
/// One level over the whole input (a bucket per four keys, placed straight) wrote each key
/// to a random place in megabytes of memory: a cache miss a key, a twentieth of the
/// importer's thread on a shuffled or one-day million rows.
enum SpreadKeySort {
    /// A small bucket with more keys than this is sorted by the standard library.
    private static let insertionLimit = 32
    /// The first level's buckets: by the keys' top byte.
    private static let topBuckets = 256

    /// Buffers a sort reuses: kept from one spill to the next, their pages are not faulted
    /// in again (a million shuffled rows' spills made and dropped about 20,000 pages' worth,
    /// a twentieth of the importer's thread).
    struct Scratch: Sendable {
        fileprivate var placed: [UInt64] = []
        /// One top bucket's keys, copied aside while they are placed back in order.
        fileprivate var bucket: [UInt64] = []
        fileprivate var starts: [Int] = []
    }

    /// The buffers the spilling sets share: one spill at a time takes them (spills happen on
    /// the importer's thread, and the last on the index's after it); one made meanwhile
    /// makes its own. They hold the largest spill's keys: 8 bytes a key and a bucket's
    /// worth more, 3 MB for an update's 367,000.
    private static let shared = Mutex<Scratch?>(Scratch())

    /// Calls `body` with the `count` keys `forEach` gives (it is asked twice), sorted
    /// ascending in the shared buffers.
    static func withSorted(count n: Int, _ forEach: ((UInt64) -> Void) -> Void, _ body: (UnsafeBufferPointer<UInt64>) -> Void) {
        var scratch = shared.withLock { taken -> Scratch in
            defer { taken = nil }
            return taken ?? Scratch()
        }
        sorted(count: n, forEach, scratch: &scratch, body)
        shared.withLock { $0 = scratch }
    }

    /// Counts the keys into the top buckets, places them bucket by bucket into
    /// `scratch.placed`, and puts each top bucket in order.
    private static func sorted(
        count n: Int, _ forEach: ((UInt64) -> Void) -> Void, scratch: inout Scratch, _ body: (UnsafeBufferPointer<UInt64>) -> Void
    ) {
        var tops = [Int](repeating: 0, count: topBuckets + 1)
        scratch.placed.removeAll(keepingCapacity: true)
        scratch.placed.append(contentsOf: repeatElement(0, count: n))
        tops.withUnsafeMutableBufferPointer { tops in
            var counted = 0
            forEach { key in
                tops[Int(key >> 56) + 1] += 1
                counted += 1
            }
            precondition(counted == n, "the keys to sort changed")
            for b in 1..<tops.count { tops[b] += tops[b - 1] }
            scratch.placed.withUnsafeMutableBufferPointer { placed in
                // Each bucket's start is its cursor: after placing, `tops[b]` is where bucket b ends.
                forEach { key in
                    let b = Int(key >> 56)
                    placed[tops[b]] = key
                    tops[b] += 1
                }
            }
            var start = 0
            for b in 0..<topBuckets {
                sortBucket(start..<tops[b], scratch: &scratch)
                start = tops[b]
            }
        }
        scratch.placed.withUnsafeBufferPointer { body($0) }
    }

    /// Puts `scratch.placed[range]`, keys of one top byte, in order: copied aside, counted
    /// and placed back by their next bits (about four keys a small bucket), each small
    /// bucket then sorted.
    private static func sortBucket(_ range: Range<Int>, scratch: inout Scratch) {
        let m = range.count
        if m <= insertionLimit {
            scratch.placed.withUnsafeMutableBufferPointer { insertionSort($0, range) }
            return
        }
        // 2^bits small buckets, about m / 4 of them, by the bits below the top byte.
        let bits = max(1, (m / 4).bitWidth - (m / 4).leadingZeroBitCount)
        let shift = UInt64(64 - bits)
        scratch.bucket.removeAll(keepingCapacity: true)
        scratch.bucket.append(contentsOf: scratch.placed[range])
        scratch.starts.removeAll(keepingCapacity: true)
        scratch.starts.append(contentsOf: repeatElement(0, count: (1 << bits) + 1))
        scratch.starts.withUnsafeMutableBufferPointer { starts in
            scratch.bucket.withUnsafeBufferPointer { keys in
                for key in keys { starts[Int((key << 8) >> shift) + 1] += 1 }
                for b in 1..<starts.count { starts[b] += starts[b - 1] }
                scratch.placed.withUnsafeMutableBufferPointer { placed in
                    let base = range.lowerBound
                    for key in keys {
                        let b = Int((key << 8) >> shift)
                        placed[base + starts[b]] = key
                        starts[b] += 1
                    }
                    var from = base
                    for b in 0..<(starts.count - 1) {
                        insertionSort(placed, from..<(base + starts[b]))
                        from = base + starts[b]
                    }
                }
            }
        }
    }

    /// Puts one bucket in order: by insertion when it is small, whole otherwise.
    @inline(__always)
    private static func insertionSort(_ out: UnsafeMutableBufferPointer<UInt64>, _ range: Range<Int>) {
        if range.count > insertionLimit {
            out[range].sort()
            return
        }
        guard range.count > 1 else { return }
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
