/// The keys of several ascending streams in one ascending sequence (a k-way merge; the
/// index writer and the spilled runs' merge each hold a handful of streams). Keys in more
/// than one stream come once per stream.
struct KeyMerge {
    private var streams: [WordStream]
    private var heads: [UInt64?]

    /// Merges `streams`.
    init(_ streams: [WordStream]) {
        var streams = streams
        heads = streams.indices.map { streams[$0].pop() }
        self.streams = streams
    }

    /// The smallest key left, or nil when every stream is done.
    mutating func next() -> UInt64? {
        var best = -1
        for i in heads.indices {
            guard let k = heads[i] else { continue }
            if best < 0 || k < heads[best]! { best = i }
        }
        guard best >= 0, let key = heads[best] else { return nil }
        heads[best] = streams[best].pop()
        return key
    }

    /// True when a stream could not be read (its keys were cut short).
    var failed: Bool { streams.contains(where: \.failed) }
}
