/// The keys of several ascending streams in one ascending sequence (a k-way merge; the
/// index writer and the spilled runs' merge each hold a handful of streams). Keys in more
/// than one stream come once per stream.
///
/// Only streams with keys left are held, each with its next key beside it, so a step
/// compares plain words (no optionals) and a stream that ends leaves the scan.
struct KeyMerge {
    private var streams: [WordStream] = []
    /// The next key of each of `streams`.
    private var heads: [UInt64] = []
    /// True once a stream that ended could not be read.
    private var endedFailed = false

    /// Merges `streams`.
    init(_ streams: [WordStream]) {
        for var stream in streams {
            if let key = stream.pop() {
                self.streams.append(stream)
                heads.append(key)
            } else if stream.failed {
                endedFailed = true
            }
        }
    }

    /// The smallest key left, or nil when every stream is done.
    mutating func next() -> UInt64? {
        let count = heads.count
        guard count > 0 else { return nil }
        let (best, key) = heads.withUnsafeBufferPointer { heads in
            var best = 0
            var key = heads[0]
            for i in 1..<count where heads[i] < key {
                best = i
                key = heads[i]
            }
            return (best, key)
        }
        if let following = streams[best].pop() {
            heads[best] = following
        } else {
            if streams[best].failed { endedFailed = true }
            // Equal keys are equal words: which stream gives one first does not matter.
            streams.swapAt(best, count - 1)
            heads.swapAt(best, count - 1)
            streams.removeLast()
            heads.removeLast()
        }
        return key
    }

    /// True when a stream could not be read (its keys were cut short).
    var failed: Bool { endedFailed || streams.contains(where: \.failed) }
}
