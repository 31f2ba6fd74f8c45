import PennyCore

/// The UTF-8 text an `OFXTokenizer` reads, in a window that moves forward: bytes
/// `0..<end` of `bytes` are valid, `refill` moves what is still needed to the start and
/// adds more, `rewind` starts again from the beginning (for the normalizer's next pass).
/// Owns the window and frees it in `deinit`.
final class OFXInput {
    @exclusivity(unchecked) private var window: OFXByteBuffer
    /// True once the window holds the text up to its end.
    private(set) var isAtEnd: Bool
    /// The file read part by part (nil: the whole text is held), and how its bytes become text.
    private let file: OFXFile?
    private let charset: OFXCharset?
    private var isFirstRead = true
    /// The bytes read at least at a time.
    private let partSize: Int

    /// The whole text, held.
    init(text: [UInt8]) {
        window = OFXByteBuffer(copying: text)
        isAtEnd = true
        file = nil
        charset = nil
        partSize = 0
    }

    /// The text of `file`, decoded by `charset` a part at a time: the window holds one part
    /// and what the token being read still needs. `partSize`: the bytes read at least at a time.
    init(file: OFXFile, charset: OFXCharset, partSize: Int = OFXFile.chunkSize) {
        window = OFXByteBuffer(capacity: 2 * partSize)
        isAtEnd = false
        self.file = file
        self.charset = charset
        self.partSize = partSize
    }

    /// The window; bytes `0..<end` are valid.
    var bytes: UnsafeMutablePointer<UInt8> { window.base }
    /// How many bytes of the window are valid.
    var end: Int { window.count }

    /// Reads more text, keeping the bytes from `keep` on (they move to the window's start).
    /// Returns `keep`, the distance every index into the window moved back, or nil at the end.
    func refill(keeping keep: Int) throws(PennyError) -> Int? {
        guard let file, let charset, !isAtEnd else { return nil }
        window.removeFirst(keep)
        // A token longer than a part (a long comment) is read in parts of its size: each
        // refill at least doubles it, so reading it again stays linear.
        let wanted = max(partSize, window.count)
        var part = try file.read(wanted)
        isAtEnd = part.count < wanted
        if isFirstRead {
            isFirstRead = false
            if OFXCharset.hasByteOrderMark(part) { part = UnsafeBufferPointer(rebasing: part[3...]) }
        }
        charset.decode(part, to: &window)
        return keep
    }

    /// Starts again from the text's first byte.
    func rewind() throws(PennyError) {
        guard let file else { return }
        try file.rewind()
        window.removeAll()
        isAtEnd = false
        isFirstRead = true
    }
}
