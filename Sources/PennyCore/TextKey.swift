import Foundation

/// Text folded for comparison: lower case, no accents, runs of white space as one space.
///
/// `"  Descrição   Lda "` and `"DESCRICAO LDA"` have the same key. Rules, dedup hashes
/// and the uncategorized report all compare keys, never raw text.
public enum TextKey {
    /// The folded form of `text`.
    ///
    /// - Complexity: O(n); ASCII and the accented Latin-1 letters (`ç`, `é`, `ñ`, `ü`…)
    ///   take a fast path without Foundation.
    public static func fold(_ text: some StringProtocol) -> String {
        if let contiguous = text.utf8.withContiguousStorageIfAvailable({ foldLatin($0) }) {
            if let result = contiguous { return result }
        } else if let result = foldLatin(text.utf8) {
            return result
        }
        return foldWithFoundation(text)
    }

    /// The general path: Foundation's case and diacritic folding, white space collapsed.
    static func foldWithFoundation(_ text: some StringProtocol) -> String {
        let folded = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The fast path for ASCII and `latinBase`'s letters; nil when the text has others.
    private static func foldLatin(_ utf8: some Collection<UInt8>) -> String? {
        // Folded straight into the new string's storage (never longer than the input).
        var isLatin = true
        let result = String(unsafeUninitializedCapacity: max(utf8.count, 1)) { out in
            guard let count = foldLatinBytes(utf8, into: out.baseAddress!) else {
                isLatin = false
                return 0
            }
            return count
        }
        return isLatin ? result : nil
    }

    /// `fold` of UTF-8 bytes written to `out` (room for `utf8.count` bytes): the folded
    /// length, or nil when the text has letters only Foundation folds (the caller then
    /// folds the `String`).
    /// - Complexity: O(n), no allocation.
    public static func foldLatin(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        foldLatinBytes(utf8, into: out)
    }

    @inline(__always)
    private static func foldLatinBytes(_ utf8: some Collection<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        var count = 0
        var pendingSpace = false
        var afterC3 = false  // inside a two-byte U+00C0–U+00FF sequence
        for b in utf8 {
            let folded: UInt8
            if afterC3 {
                folded = b & 0xC0 == 0x80 ? latinBase[Int(b & 0x3F)] : 0
                afterC3 = false
                if folded == 0 { return nil }
            } else if b >= 0x80 {
                guard b == 0xC3 else { return nil }
                afterC3 = true
                continue
            } else if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                pendingSpace = count > 0
                continue
            } else {
                folded = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            }
            if pendingSpace {
                out[count] = 0x20
                count += 1
                pendingSpace = false
            }
            out[count] = folded
            count += 1
        }
        return afterC3 ? nil : count
    }

    /// U+00C0–U+00FF (index: the code point − 0xC0) to the ASCII letter Foundation folds
    /// it to, or 0 where folding is not a single ASCII letter (`Æ`, `Ð`, `×`, `Ø`, `Þ`,
    /// `ß`, `æ`, `ð`, `÷`, `ø`, `þ`). A test checks every entry against Foundation.
    private static let latinBase: [UInt8] = {
        let letters = "aaaaaa_ceeeeiiii_nooooo__uuuuy__aaaaaa_ceeeeiiii_nooooo__uuuuy_y"
        return Array(letters.utf8).map { $0 == UInt8(ascii: "_") ? 0 : $0 }
    }()
}
