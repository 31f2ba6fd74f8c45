import PennyCore

/// The UTF-8 text an `OFXTokenizer` reads, in a window that moves forward: bytes
/// `0..<end` of `bytes` are valid, `refill` moves what is still needed to the start and
/// adds more, `rewind` starts again from the beginning (for the normalizer's next pass).
/// Owns the window and frees it in `deinit`.
final class OFXInput {
    private let window: OFXByteBuffer
    /// True once the window holds the text up to its end.
    private(set) var isAtEnd: Bool

    /// The whole text, held.
    init(text: OFXByteBuffer) {
        window = text
        isAtEnd = true
    }

    /// The whole text, held.
    convenience init(text: [UInt8]) {
        let window = OFXByteBuffer(capacity: text.count)
        text.withUnsafeBufferPointer { window.append($0) }
        self.init(text: window)
    }

    /// The window; bytes `0..<end` are valid.
    var bytes: UnsafeMutablePointer<UInt8> { window.base }
    /// How many bytes of the window are valid.
    var end: Int { window.count }

    /// Reads more text, keeping the bytes from `keep` on (they move to the window's start).
    /// Returns `keep`, the distance every index into the window moved back, or nil at the end.
    func refill(keeping keep: Int) throws(PennyError) -> Int? {
        nil
    }

    /// Starts again from the text's first byte.
    func rewind() throws(PennyError) {}
}
