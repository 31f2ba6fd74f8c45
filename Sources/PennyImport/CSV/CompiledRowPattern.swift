import PennyCore

/// One `skip-row` or `end-row` pattern compiled against the header: its column (nil for
/// any), its test and its folded text.
struct CompiledRowPattern {
    let column: Int?
    let test: CSVProfile.RowPattern.Test
    /// The pattern's text folded (`TextKey.fold`).
    let key: String
    /// `key`'s UTF-8 bytes.
    let keyBytes: [UInt8]
    /// The pattern's text as written (for the import line).
    let text: String

    /// The pattern `text` tested so on `column` (0-based; nil for any).
    init(column: Int?, test: CSVProfile.RowPattern.Test, text: String) {
        self.column = column
        self.test = test
        self.text = text
        key = TextKey.fold(text)
        keyBytes = Array(key.utf8)
    }

    /// Whether the test holds for a folded field.
    func holds(_ folded: String) -> Bool {
        switch test {
        case .is: folded == key
        case .contains: folded.contains(key)
        case .startsWith: folded.hasPrefix(key)
        }
    }

    /// Whether the test holds for a field of printable ASCII, folded from its bytes (no
    /// `String`s: a pattern was asked of every row, and its strings were a tenth of a
    /// re-import's reading); nil for the `String` path (other bytes, or an empty key).
    /// Every encoding reads such bytes as they are, and their folded text is ASCII,
    /// one byte per character, so bytes compare as the strings do.
    func holdsFolded(_ field: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !keyBytes.isEmpty, PrintableASCII.contains(only: field) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(field.count, 1)) { out -> Bool? in
            guard let length = TextKey.foldLatin(field, into: out.baseAddress!) else { return nil }
            let folded = UnsafeBufferPointer(rebasing: out[0..<length])
            switch test {
            case .is: return folded.elementsEqual(keyBytes)
            case .startsWith: return folded.starts(with: keyBytes)
            case .contains: return keyBytes.withUnsafeBufferPointer { ByteSearch.contains(folded, $0) }
            }
        }
    }
}
