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
            let folded = (utf8 as? UnsafeBufferPointer<UInt8>).map { foldLatin($0, into: out.baseAddress!) } ?? foldLatinBytes(utf8, into: out.baseAddress!)
            guard let count = folded else {
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
    ///
    /// Text of 17 bytes or more that folding only lowers (most bank descriptions: ASCII,
    /// single spaces between words) goes sixteen bytes at a time (`foldedByLowering`).
    /// Otherwise eight bytes go at once when they are ASCII with single spaces between
    /// words: lower-cased in one word operation (`ByteLanes`).
    public static func foldLatin(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        if utf8.count >= 17, let base = utf8.baseAddress, base[0] != 0x20, let count = foldedByLowering(base, count: utf8.count, into: out) {
            return count
        }
        var state = FoldState()
        var i = 0
        let n = utf8.count
        if let base = utf8.baseAddress {
            while i < n {
                if i + 8 <= n && !state.afterC3 {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if let (lowered, endsWithSpace) = asciiWordLowered(word, wordStart: state.count == 0 || state.pendingSpace) {
                        if state.pendingSpace {
                            out[state.count] = 0x20
                            state.count += 1
                        }
                        // A space last is owed, as a space read byte by byte is (written
                        // only before the next byte that is not white space).
                        UnsafeMutableRawPointer(out + state.count).storeBytes(of: lowered, as: UInt64.self)
                        state.count += endsWithSpace ? 7 : 8
                        state.pendingSpace = endsWithSpace
                        i += 8
                        continue
                    }
                }
                guard state.take(base[i], into: out) else { return nil }
                i += 1
            }
        }
        return state.afterC3 ? nil : state.count
    }

    /// `foldLatin` of text (17 bytes or more, not starting with a space) that folding only
    /// lowers, sixteen bytes at a time (`ByteVectors`): every byte ASCII, no tab or line end,
    /// no two spaces side by side. A–Z are lowered and a space last is dropped. Nil (nothing
    /// written) for other text.
    @inline(__always)
    static func foldedByLowering(_ base: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard ByteVectors.isSingleSpaced(base, count: count, refusing: ByteVectors.nonASCII) else { return nil }
        _ = ByteVectors.forEachBlockStart(count: count) { at in
            ByteVectors.store(ByteVectors.loweredASCII(ByteVectors.load(base, at: at)), out, at: at)
            return true
        }
        return base[count - 1] == 0x20 ? count - 1 : count
    }

    /// `word` (eight bytes, the first in the low byte) lower-cased, when folding it byte by
    /// byte would copy it with only A–Z lowered (a space last then owed, `endsWithSpace`):
    /// every byte ASCII, no tab or line end, no two spaces side by side, and no space first
    /// where a word must start (`wordStart`: at the text's start or after a space); nil
    /// otherwise.
    @inline(__always)
    static func asciiWordLowered(_ word: UInt64, wordStart: Bool) -> (word: UInt64, endsWithSpace: Bool)? {
        let high: UInt64 = 0x8080_8080_8080_8080
        let spaces = ByteLanes.bytes(0x20, in: word)
        var refused = (word & high) | ByteLanes.bytes(0x09, in: word) | ByteLanes.bytes(0x0A, in: word) | ByteLanes.bytes(0x0D, in: word)
        refused |= spaces & (spaces >> 8)  // two spaces side by side
        if wordStart { refused |= spaces & 0x80 }
        guard refused == 0 else { return nil }
        // A byte (all below 0x80) is upper case when adding 0x3F carries into its high bit
        // (it is 0x41 or more) and adding 0x25 does not (it is below 0x5B).
        let upper = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & high
        return (word | (upper >> 2), spaces >> 63 != 0)
    }

    /// `foldLatin` byte by byte: what the word and vector paths are held to.
    @inline(__always)
    static func foldLatinBytes(_ utf8: some Collection<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        var state = FoldState()
        for b in utf8 {
            guard state.take(b, into: out) else { return nil }
        }
        return state.afterC3 ? nil : state.count
    }

    /// Folding's progress through the bytes: what is written, and what is pending.
    private struct FoldState {
        /// Bytes written.
        var count = 0
        /// A space is owed before the next byte written.
        var pendingSpace = false
        /// Inside a two-byte U+00C0–U+00FF sequence.
        var afterC3 = false

        /// Folds byte `b` into `out`; false when the text needs Foundation.
        @inline(__always)
        mutating func take(_ b: UInt8, into out: UnsafeMutablePointer<UInt8>) -> Bool {
            let folded: UInt8
            if afterC3 {
                folded = b & 0xC0 == 0x80 ? latinBase[Int(b & 0x3F)] : 0
                afterC3 = false
                if folded == 0 { return false }
            } else if b >= 0x80 {
                guard b == 0xC3 else { return false }
                afterC3 = true
                return true
            } else if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                pendingSpace = count > 0
                return true
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
            return true
        }
    }

    /// U+00C0–U+00FF (index: the code point − 0xC0) to the ASCII letter Foundation folds
    /// it to, or 0 where folding is not a single ASCII letter (`Æ`, `Ð`, `×`, `Ø`, `Þ`,
    /// `ß`, `æ`, `ð`, `÷`, `ø`, `þ`). A test checks every entry against Foundation.
    private static let latinBase: [UInt8] = {
        let letters = "aaaaaa_ceeeeiiii_nooooo__uuuuy__aaaaaa_ceeeeiiii_nooooo__uuuuy_y"
        return Array(letters.utf8).map { $0 == UInt8(ascii: "_") ? 0 : $0 }
    }()
}
