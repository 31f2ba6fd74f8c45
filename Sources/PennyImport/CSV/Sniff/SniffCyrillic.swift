import PennyCore

/// Whether bytes that are not UTF-8 are Cyrillic text in Windows-1251 rather than Western
/// text in Windows-1252, told by the shape of their words.
///
/// In Windows-1251 Cyrillic letters are the high bytes (А...я at 0xC0...0xFF), so Russian
/// words are runs of high bytes with no ASCII letter in them: `Дата` is `C4 E0 F2 E0`. In
/// Western text a high byte is an accented letter inside an ASCII word (`Caf\u{E9}`,
/// `Descri\u{E7}\u{E3}o`). Read as Windows-1251, a word counts as Cyrillic when it has
/// three letters or more, all Cyrillic, in small letters or starting with a capital.
/// Windows-1251 is chosen only when the evidence is clear: at least `minimumWords` such
/// words, at most one other word with high bytes (beside ASCII letters, or in another
/// shape) for nine of them, and vowels making up `minimumVowelShare` of their letters, as
/// in Russian, Ukrainian, Bulgarian or Serbian. KOI8-R or Greek text read as Windows-1251
/// has few vowels and capitals inside small letters.
enum SniffCyrillic {
    /// The evidence for Windows-1251: how many words read as Cyrillic, and the first of them.
    struct Evidence {
        var words: Int
        var example: ArraySlice<UInt8>
        var line: Int

        /// The reason given with the decision.
        var reason: String {
            let cyrillic = TextDecoder(encoding: .windows1251).decode(example) ?? ""
            let western = TextDecoder(encoding: .windows1252).decode(example) ?? ""
            return "\(words) words are Cyrillic letters throughout in Windows-1251, such as '\(cyrillic)' on line \(line) (in Windows-1252 '\(western)')"
        }
    }

    /// How many Cyrillic words make the evidence.
    static let minimumWords = 3
    /// The least share of vowels among the Cyrillic words' letters (Russian has about 42%).
    static let minimumVowelShare = 0.3

    /// The evidence when `bytes` are clearly Cyrillic in Windows-1251, else nil.
    ///
    /// - Complexity: O(n).
    static func evidence(_ bytes: [UInt8]) -> Evidence? {
        guard !bytes.contains(0x98) else { return nil }  // no character in Windows-1251
        var tally = Tally()
        var start = 0
        while start < bytes.count {
            guard isLetter(bytes[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count, isLetter(bytes[end]) { end += 1 }
            tally.add(bytes[start..<end], line: bytes[..<start].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
            start = end
        }
        return tally.evidence
    }

    /// The words seen, by shape.
    private struct Tally {
        var cyrillic = 0
        var other = 0
        var letters = 0
        var vowels = 0
        var first: (word: ArraySlice<UInt8>, line: Int)?

        mutating func add(_ word: ArraySlice<UInt8>, line: @autoclosure () -> Int) {
            let high = word.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
            guard high > 0 else { return }
            guard high == word.count else {
                other += 1
                return
            }
            guard word.count >= 3 else { return }
            guard let vowelCount = SniffCyrillic.vowels(word) else {
                other += 1
                return
            }
            cyrillic += 1
            letters += word.count
            vowels += vowelCount
            if first == nil { first = (word, line()) }
        }

        var evidence: Evidence? {
            guard cyrillic >= SniffCyrillic.minimumWords, cyrillic >= 9 * other, let first,
                Double(vowels) >= SniffCyrillic.minimumVowelShare * Double(letters)
            else { return nil }
            return Evidence(words: cyrillic, example: first.word, line: first.line)
        }
    }

    /// The vowels of a word of high bytes that reads as a Cyrillic word (in small letters, or
    /// starting with a capital: `Дата`, `ИнтернетБанк`), nil when it does not. Only a word in
    /// capitals may have none (`НДС`). KOI8-R's capitalized words read as `дБФБ`.
    private static func vowels(_ word: ArraySlice<UInt8>) -> Int? {
        let scalars = word.map { Unicode.Scalar(TextDecoder.scalar($0, .windows1251)) ?? "?" }
        guard scalars.allSatisfy({ (0x0400...0x04FF).contains($0.value) }) else { return nil }
        let upper = scalars.map(\.properties.isUppercase)
        guard upper[0] || !upper.contains(true) else { return nil }
        let count = scalars.filter { cyrillicVowels.contains($0) }.count
        return count > 0 || !upper.contains(false) ? count : nil
    }

    /// Vowels of the languages written in Windows-1251, both cases.
    private static let cyrillicVowels: Set<Unicode.Scalar> = Set("аеёиоуыэюяіїєАЕЁИОУЫЭЮЯІЇЄ".unicodeScalars)

    /// An ASCII letter, or a byte that is a letter in Windows-1251 or Windows-1252.
    private static func isLetter(_ byte: UInt8) -> Bool {
        if byte < 0x80 { return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        return highLetters[Int(byte - 0x80)]
    }

    /// For 0x80...0xFF: a letter in either code page.
    private static let highLetters: [Bool] = (UInt8(0x80)...0xFF).map { byte in
        [CSVProfile.Encoding.windows1251, .windows1252].contains { Unicode.Scalar(TextDecoder.scalar(byte, $0))?.properties.isAlphabetic ?? false }
    }
}
