import PennyCore
import PennyLedger

/// `RecurringDetector.payeeKey` for a description of ASCII and Latin-1 letters (`ç`, `é`,
/// `ü`…), worked out on its bytes: the same folding (`TextKey.foldLatin`, which takes the
/// accents off), numbers masked, the longest run of words without one
/// (`UncategorizedReport.pattern`), instalment words and month names dropped. Nil when the
/// description holds another character or its folding a byte outside printable ASCII: the
/// caller then takes the general path. `PayeeKeyBytesTests` checks it against that path on
/// random text.
/// - Complexity: O(n), two scratch buffers of the description's length.
enum PayeeKeyBytes {
    /// The payee key of `description`, or nil when it is not ASCII and Latin-1 letters.
    static func key(_ description: String) -> String? {
        var text = description
        return text.withUTF8 { bytes -> String? in
            guard isLatin(bytes) else { return nil }
            let payee = UnsafeBufferPointer(rebasing: bytes[..<(JournalEntry.barOffset(in: bytes) ?? bytes.count)])
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(payee.count * 2, 1)) { scratch in
                let folded = scratch.baseAddress!, masked = scratch.baseAddress! + payee.count
                guard let count = TextKey.foldLatin(payee, into: folded) else { return nil }
                let words = UnsafeBufferPointer(start: folded, count: count)
                guard words.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else { return nil }
                let best = longestRun(words, maskedInto: masked)
                return kept(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(start: masked, count: best.upperBound)[best]))
            }
        }
    }

    /// True when every byte is ASCII or in a two-byte U+00C0–U+00FF letter: text with no
    /// combining mark, whose ` | ` is found on its bytes where Foundation finds it.
    private static func isLatin(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 {
                i += 1
            } else if bytes[i] == 0xC3, i + 1 < bytes.count, bytes[i + 1] & 0xC0 == 0x80 {
                i += 2
            } else {
                return false
            }
        }
        return true
    }

    /// Writes the folded words, numbers masked as `#`, to `out` separated by single spaces,
    /// and returns the byte range of the longest run of words holding no `#` (the text
    /// before a word's `#` ends the run); the first such run wins a tie.
    private static func longestRun(_ words: UnsafeBufferPointer<UInt8>, maskedInto out: UnsafeMutablePointer<UInt8>) -> Range<Int> {
        var written = 0
        var best = (start: 0, end: 0, count: 0), run = (start: 0, end: 0, count: 0)
        var i = 0
        while i < words.count {
            if words[i] == 0x20 {
                i += 1
                continue
            }
            var end = i
            while end < words.count, words[end] != 0x20 { end += 1 }
            if run.count > 0 {
                out[written] = 0x20
                written += 1
            } else {
                run.start = written
            }
            let wordStart = written
            written = mask(UnsafeBufferPointer(rebasing: words[i..<end]), into: out, at: written)
            if let hash = (wordStart..<written).first(where: { out[$0] == UInt8(ascii: "#") }) {
                if hash > wordStart { (run.end, run.count) = (hash, run.count + 1) }
                if run.count > best.count { best = run }
                run = (written, written, 0)
            } else {
                (run.end, run.count) = (written, run.count + 1)
            }
            i = end
        }
        if run.count > best.count { best = run }
        return best.start..<best.end
    }

    /// `UncategorizedReport.maskingNumbers` of one word: each run of letters and digits
    /// that holds a digit as `#`; returns the end of what it wrote.
    private static func mask(_ word: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, at start: Int) -> Int {
        var written = start, i = 0
        while i < word.count {
            guard isAlphanumeric(word[i]) else {
                out[written] = word[i]
                (written, i) = (written + 1, i + 1)
                continue
            }
            var end = i, digit = false
            while end < word.count, isAlphanumeric(word[end]) {
                digit = digit || isDigit(word[end])
                end += 1
            }
            if digit {
                out[written] = UInt8(ascii: "#")
                written += 1
            } else {
                for j in i..<end { out[written + j - i] = word[j] }
                written += end - i
            }
            i = end
        }
        return written
    }

    /// The run's words upper-cased, without instalment words and month names, joined by
    /// spaces; nil when none is left.
    private static func kept(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(run.count)
        for word in run.split(separator: 0x20) {
            let lower = String(decoding: word.map(lowered), as: UTF8.self)
            let letters = String(decoding: word.lazy.filter(isLetter).map(lowered), as: UTF8.self)
            if RecurringDetector.instalmentWords.contains(lower) || RecurringDetector.monthNames.contains(letters) { continue }
            if !out.isEmpty { out.append(0x20) }
            out.append(contentsOf: word.lazy.map(uppered))
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isAlphanumeric(_ b: UInt8) -> Bool { isDigit(b) || isLetter(b) }
    private static func lowered(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
    private static func uppered(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b & ~0x20 : b }
}
