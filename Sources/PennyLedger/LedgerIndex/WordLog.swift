/// 64-bit words appended in order: in memory up to `memoryLimit`, then in a scratch file
/// (`ScratchFile`), so memory stays flat however many there are.
struct WordLog {
    private let nearPath: String
    private let memoryLimit: Int
    private var tail: [UInt64] = []
    private var file: ScratchFile?
    /// True once the scratch file could not be made or written.
    private(set) var failed = false

    /// An empty log whose scratch file goes beside `nearPath`; `memoryLimit` words in memory.
    init(near nearPath: String, memoryLimit: Int = 1 << 15) {
        self.nearPath = nearPath
        self.memoryLimit = max(1, memoryLimit)
    }

    /// Words in the log.
    var count: Int { (file?.count ?? 0) + tail.count }

    /// Appends `word`.
    mutating func append(_ word: UInt64) {
        tail.append(word)
        guard tail.count >= memoryLimit else { return }
        if file == nil { file = ScratchFile(near: nearPath) }
        guard let file, tail.withUnsafeBufferPointer({ file.append($0) }) else {
            failed = true
            return
        }
        tail.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the words at `range`, in order, until it returns false; false when
    /// the scratch file could not be read.
    func forEach(in range: Range<Int>, _ body: (UInt64) -> Bool) -> Bool {
        let onFile = file?.count ?? 0
        if range.lowerBound < onFile, let file {
            var stream = WordStream(range: range.lowerBound..<min(range.upperBound, onFile)) { file.read(at: $1, into: $0) }
            while let word = stream.pop() {
                if !body(word) { return true }
            }
            if stream.failed { return false }
        }
        for i in max(range.lowerBound, onFile)..<max(range.upperBound, onFile) where i - onFile < tail.count {
            if !body(tail[i - onFile]) { return true }
        }
        return true
    }

    /// Forgets the words from `newCount` on.
    mutating func truncate(to newCount: Int) {
        let onFile = file?.count ?? 0
        if newCount < onFile {
            file?.truncate(to: newCount)
            tail.removeAll()
        } else {
            tail.removeSubrange(min(newCount - onFile, tail.count)...)
        }
    }
}
