import Foundation

/// Text folded for comparison: lower case, no accents, runs of white space as one space.
///
/// `"  Descrição   Lda "` and `"DESCRICAO LDA"` have the same key. Rules, dedup hashes
/// and the uncategorized report all compare keys, never raw text.
public enum TextKey {
    /// The folded form of `text`.
    ///
    /// - Complexity: O(n); ASCII text takes a fast path without Foundation.
    public static func fold(_ text: some StringProtocol) -> String {
        if let contiguous = text.utf8.withContiguousStorageIfAvailable({ foldASCII($0) }) {
            if let result = contiguous { return result }
        } else if let result = foldASCII(text.utf8) {
            return result
        }
        let folded = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The fast path for pure ASCII; nil when the text has other characters.
    private static func foldASCII(_ utf8: some Collection<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var pendingSpace = false
        for b in utf8 {
            if b >= 0x80 { return nil }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
