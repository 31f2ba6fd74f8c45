/// The character data since the last tag, in one growing allocation reused for every
/// element (freed in `deinit`): no array uniqueness check or copy per text run.
final class XMLTextBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes gathered so far, valid until the next `append` or `removeAll`.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Adds `count` bytes.
    func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        if count + added > capacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + added))
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
            capacity = max(capacity * 2, count + added)
        }
        (base + count).update(from: bytes, count: added)
        count += added
    }

    /// Forgets the bytes, keeping the allocation.
    func removeAll() { count = 0 }
}
