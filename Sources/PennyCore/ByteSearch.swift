/// Byte-for-byte search in UTF-8 text (folded keys compare as bytes).
public enum ByteSearch {
    /// True when `part` occurs in `text` (an empty `part` occurs everywhere).
    @inlinable
    public static func contains(_ text: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = part.first else { return true }
        guard part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) where text[start] == first {
            if text[start..<start + part.count].elementsEqual(part) { return true }
        }
        return false
    }
}
