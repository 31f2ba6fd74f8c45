/// The tags from the document's root to the current element, in one allocation sized for
/// `XMLStream`'s deepest element (freed in `deinit`): no array to check or retain per element.
final class CAMTPath {
    /// A part of the path, indexed as in the whole path (`path.tail(from: 5)[5]` is `path[5]`).
    typealias Tail = Slice<UnsafeBufferPointer<CAMTTag>>

    /// `XMLStream` refuses an element deeper than its maximum before the parser sees it.
    private static let capacity = XMLStream.maximumDepth + 1
    private let tags: UnsafeMutablePointer<CAMTTag>
    /// How many elements are open.
    private(set) var count = 0

    init() { tags = .allocate(capacity: Self.capacity) }

    deinit { tags.deallocate() }

    /// An element starts.
    func append(_ tag: CAMTTag) {
        precondition(count < Self.capacity, "deeper than XMLStream lets through")
        tags[count] = tag
        count += 1
    }

    /// The innermost element ends.
    func removeLast() { count -= 1 }

    /// The tag at `index` (0: the root).
    subscript(index: Int) -> CAMTTag { tags[index] }

    /// The path from `start` on.
    func tail(from start: Int) -> Tail { UnsafeBufferPointer(start: tags, count: count)[start...] }
}
