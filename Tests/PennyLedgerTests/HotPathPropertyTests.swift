import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The import's hot-path pieces give what their plain versions give: occurrence counts as
/// a dictionary's, per-currency totals as a dictionary's (overflow refused and nothing
/// changed), line ends as a byte-by-byte count, and journal text as the reference rules.
struct HotPathPropertyTests {
    @Test func occurrenceCountsAgreeWithADictionary() {
        var generator = SeededGenerator(seed: 11)
        for round in 0..<30 {
            var counts = OccurrenceCounts()
            var reference: [UInt64: Int] = [:]
            let range: UInt64 = round % 2 == 0 ? 50 : 100_000
            for _ in 0..<20_000 {
                if Int.random(in: 0..<2_000, using: &generator) == 0 {
                    counts.removeAll()
                    reference.removeAll()
                }
                // Key 0 (an empty slot's mark) and crowded keys included.
                let key = UInt64.random(in: 0..<range, using: &generator) << (round % 3 == 0 ? 40 : 0)
                reference[key, default: 0] += 1
                #expect(counts.next(key) == reference[key])
            }
        }
    }

    /// A day of tens of thousands of rows (one day's export) grows the table past the size
    /// from which it goes straight to its last: the counts still agree with a dictionary,
    /// before and after the day ends.
    @Test func aDayOfTensOfThousandsOfKeysCountsAsADictionaryDoes() {
        var generator = SeededGenerator(seed: 12)
        var counts = OccurrenceCounts()
        for day in 0..<2 {
            var reference: [UInt64: Int] = [:]
            for _ in 0..<60_000 {
                let key = UInt64.random(in: 1..<(day == 0 ? 50_000 : 1_000), using: &generator) &* 0x9E37_79B9_7F4A_7C15
                reference[key, default: 0] += 1
                #expect(counts.next(key) == reference[key])
            }
            #expect(!counts.hasSpilled)
            counts.removeAll()
        }
    }

    /// Spilled counts (keys and markers in a scratch file, recent counts cached) agree with
    /// a dictionary too: keys seen hundreds of times, keys that come back after the cache
    /// lost them, a spill in the middle of repeats, and a reset (a date's end) after one.
    /// A table sized for every key from the first (an unordered file's) agrees the same way,
    /// its keys spilled straight as one sorted run.
    @Test(arguments: [false, true]) func spilledOccurrenceCountsAgreeWithADictionary(sizedForAll: Bool) {
        var generator = SeededGenerator(seed: 23)
        for round in 0..<12 {
            let limit = [2, 16, 300, 1_000][round % 4]
            var counts = OccurrenceCounts(spillsPast: limit, sizedForAll: sizedForAll)
            var reference: [UInt64: Int] = [:]
            let range: UInt64 = [40, 3_000, 200_000][round % 3]
            var spilled = false
            for _ in 0..<8_000 {
                if Int.random(in: 0..<3_000, using: &generator) == 0 {
                    counts.removeAll()
                    reference.removeAll()
                    #expect(!counts.hasSpilled)
                }
                let key = UInt64.random(in: 0..<range, using: &generator) &* 0x2545_F491_4F6C_DD1D
                reference[key, default: 0] += 1
                #expect(counts.next(key) == reference[key])
                spilled = spilled || counts.hasSpilled
            }
            // Every combination of limit and range comes up once in the 12 rounds.
            #expect(spilled == (Int(range) > limit))
            #expect(!counts.failed)
        }
    }

    @Test func currencyTotalsAgreeWithADictionaryAndRefuseOverflow() throws {
        var generator = SeededGenerator(seed: 12)
        let codes = try ["EUR", "USD", "JPY", "BHD", "GBP"].map { try #require(Currency(code: $0)) }
        var totals = CurrencyTotals()
        var reference: [Currency: Int64] = [:]
        for _ in 0..<10_000 {
            let currency = codes[Int.random(in: 0..<codes.count, using: &generator)]
            let amount = Int.random(in: 0..<10, using: &generator) == 0 ? Int64.max / 3 : Int64.random(in: 0...1_000_000, using: &generator)
            let (sum, overflow) = reference[currency, default: 0].addingReportingOverflow(amount)
            #expect(((try? totals.add(amount, to: currency)) != nil) == !overflow)
            if !overflow { reference[currency] = sum }
            #expect(totals.dictionary.filter { $0.value != 0 } == reference.filter { $0.value != 0 })
        }
        #expect(CurrencyTotals(reference).dictionary == reference)
    }

    @Test func tagValuesAreTrimmedAsFoundationTrimsThem() {
        var generator = SeededGenerator(seed: 17)
        let pieces = [" ", "\t", "\u{A0}", "\u{2003}", "x", "é", "\u{0B}", "rule-1", "\u{3000}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0..<8, using: &generator)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            let bytes = Array(text.utf8)
            let trimmed = bytes.withUnsafeBufferPointer { JournalReader.trimmedText($0) }
            #expect(trimmed == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func lineEndsCountedEightBytesAtATimeMatchAByteCount() {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0..<100, using: &generator)).map { _ in
                [0x0A, 0x0B, 0x09, 0x8A, 0x0A, 0x41, 0xFF, 0x00][Int.random(in: 0..<8, using: &generator)] as UInt8
            }
            #expect(bytes.withUnsafeBytes { LedgerUpdate.newlines(in: $0) } == bytes.filter { $0 == 0x0A }.count)
        }
    }

    /// `sanitized` as the journal's rules say: white space runs one space, no space at the
    /// ends, `;` a comma, a leading `(` a bracket, `no description` when nothing is left.
    private static func reference(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var pending = false
        for b in text {
            if [0x20, 0x09, 0x0A, 0x0D].contains(b) {
                pending = !out.isEmpty
                continue
            }
            if pending { out.append(0x20) }
            pending = false
            out.append(out.isEmpty && b == UInt8(ascii: "(") ? UInt8(ascii: "[") : b == UInt8(ascii: ";") ? UInt8(ascii: ",") : b)
        }
        return out.isEmpty ? Array("no description".utf8) : out
    }

    @Test func descriptionsAreWrittenByTheJournalsRulesWhetherCopiedOrRewritten() {
        var generator = SeededGenerator(seed: 14)
        let alphabet: [UInt8] = [0x41, 0x62, 0x20, 0x20, 0x3B, 0x28, 0x09, 0x0A, 0x0D, 0xC3, 0xA9, 0x7A]
        // Mostly letters and single spaces: long texts that are copied (sixteen bytes at a time).
        let letters: [UInt8] = [0x41, 0x62, 0x7A, 0x31, 0x2E, 0x41, 0x62, 0x20, 0x28, 0x3B]
        var copied = 0, longCopied = 0
        for round in 0..<20_000 {
            let letter = round % 2 == 0 ? alphabet : letters
            let text = (0..<Int.random(in: 0..<(round % 2 == 0 ? 24 : 56), using: &generator)).map { _ in letter[Int.random(in: 0..<letter.count, using: &generator)] }
            let asIs = text.withUnsafeBufferPointer { ByteWriter.isWrittenAsIs($0) }
            #expect(asIs == (!text.isEmpty && Self.reference(text) == text))
            if asIs { copied += 1 }
            if asIs && text.count >= 17 { longCopied += 1 }
            #expect(Array(JournalWriter.sanitize(String(decoding: text, as: UTF8.self)).utf8) == Self.reference(Array(String(decoding: text, as: UTF8.self).utf8)))
        }
        #expect(copied > 100)
        #expect(longCopied > 100)
    }

    /// Minor units as decimal text, built from `String(magnitude)`: the reference.
    private static func decimalText(_ minorUnits: Int64, exponent: Int) -> String {
        var digits = String(minorUnits.magnitude)
        if digits.count <= exponent { digits = String(repeating: "0", count: exponent + 1 - digits.count) + digits }
        if exponent > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent)) }
        return (minorUnits < 0 ? "-" : "") + digits
    }

    /// Line numbers counted up from the last (runs of consecutive lines across carries such
    /// as 99 → 100) or set anew (jumps either way) always spell `String(n)`.
    @Test func countedLineDigitsSpellTheNumber() {
        var generator = SeededGenerator(seed: 24)
        var digits = CountingDigits()
        var n = 0
        for step in 0..<20_000 {
            switch step % 97 {
            case 0: n = [0, 9, 98, 999, 9_999_998, 99_999_999_999][Int.random(in: 0..<6, using: &generator)]
            case 1: n = Int.random(in: 0...1_000_000, using: &generator)
            default: n += 1
            }
            digits.set(n)
            #expect(digits.withBytes { String(decoding: $0, as: UTF8.self) } == String(n), "\(n)")
        }
    }

    @Test func amountsDatesAndIDsAreWrittenAsTheirPlainForms() {
        var generator = SeededGenerator(seed: 15)
        for exponent in 0...4 {
            for i in 0..<5_000 {
                let minorUnits: Int64 =
                    i < 4 ? [Int64.min, Int64.max, 0, -1][i] : Int64.random(in: -10_000_000...10_000_000, using: &generator) * (i % 7 == 0 ? 1_000_000_000 : 1)
                var digits = DecimalDigits(minorUnits, exponent: exponent)
                var text: [UInt8] = []
                digits.withBytes { text = Array($0) }
                #expect(String(decoding: text, as: UTF8.self) == Self.decimalText(minorUnits, exponent: exponent))
                #expect(digits.count == text.count)
                // Written in place: with room for the two words' stores, and with room for the text only.
                for room in [max(16, text.count), text.count] {
                    var out = [UInt8](repeating: 0xFF, count: room)
                    out.withUnsafeMutableBufferPointer { digits.write(to: $0.baseAddress!, room: room) }
                    #expect(Array(out[..<text.count]) == text)
                }
                var written: [UInt8] = []
                JournalWriter.write(40, into: &written) { $0.decimal(minorUnits, exponent: exponent) }
                #expect(written == text)
            }
        }
        for _ in 0..<5_000 {
            let day = Int.random(in: -700_000...2_900_000, using: &generator)
            let date = LocalDate(dayNumber: day)
            var written: [UInt8] = []
            JournalWriter.write(16, into: &written) { $0.date(date) }
            let expected = String(format: "%04d-%02d-%02d", date.year % 10_000, date.month, date.day)
            #expect(String(decoding: written, as: UTF8.self) == expected)
            #expect(date.withISOBytes { String(decoding: $0, as: UTF8.self) } == expected)
            let id = UInt64.random(in: .min ... .max, using: &generator)
            var hex: [UInt8] = []
            JournalWriter.write(16, into: &hex) { $0.hex(id) }
            #expect(String(decoding: hex, as: UTF8.self) == StableHash.hex(id))
        }
    }
}
