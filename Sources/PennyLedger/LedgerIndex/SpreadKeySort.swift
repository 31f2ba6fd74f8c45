import Synchronization

/// Sorts keys spread evenly over 64 bits, as id keys are (`IDKey`: an id times an odd
/// constant): each key is counted into a bucket by its top bits (about four keys a bucket),
/// the keys are placed bucket by bucket, and each bucket is put in order by insertion.
/// A bucket that holds many keys (keys not spread) is sorted whole instead, so any input
/// comes out sorted; spread keys take two passes and a few moves each.
enum SpreadKeySort {
    /// A bucket with more keys than this is sorted by the standard library.
    private static let insertionLimit = 32

    /// Buffers a sort reuses: kept from one spill to the next, their pages are not faulted
    /// in again (a million shuffled rows' spills made and dropped about 20,000 pages' worth,
    /// a twentieth of the importer's thread).
    struct Scratch: Sendable {
        fileprivate var placed: [UInt64] = []
        fileprivate var starts: [Int] = []
    }

    /// The buffers the spilling sets share: one spill at a time takes them (spills happen on
    /// the importer's thread, and the last on the index's after it); one made meanwhile
    /// makes its own. They hold the largest spill's keys: 10 bytes a key, 3.7 MB for an
    /// update's 367,000.
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

    /// Counts the keys into buckets, places them bucket by bucket into `scratch.placed` and
    /// puts each bucket in order.
    private static func sorted(
        count n: Int, _ forEach: ((UInt64) -> Void) -> Void, scratch: inout Scratch, _ body: (UnsafeBufferPointer<UInt64>) -> Void
    ) {
        // 2^bits buckets, about n / 4 of them.
        let bits = max(1, (n / 4).bitWidth - (n / 4).leadingZeroBitCount)
        let shift = UInt64(64 - bits)
        let bucketCount = 1 << bits
        scratch.starts.removeAll(keepingCapacity: true)
        scratch.starts.append(contentsOf: repeatElement(0, count: bucketCount + 1))
        scratch.placed.removeAll(keepingCapacity: true)
        scratch.placed.append(contentsOf: repeatElement(0, count: n))
        scratch.starts.withUnsafeMutableBufferPointer { starts in
            var counted = 0
            forEach { key in
                starts[Int(key >> shift) + 1] += 1
                counted += 1
            }
            precondition(counted == n, "the keys to sort changed")
            for b in 1..<starts.count { starts[b] += starts[b - 1] }
            // Each bucket's start is its cursor: after placing, `starts[b]` is where bucket b ends.
            scratch.placed.withUnsafeMutableBufferPointer { placed in
                forEach { key in
                    let b = Int(key >> shift)
                    placed[starts[b]] = key
                    starts[b] += 1
                }
                for b in 0..<bucketCount { insertionSort(placed, (b == 0 ? 0 : starts[b - 1])..<starts[b]) }
                body(UnsafeBufferPointer(placed))
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
