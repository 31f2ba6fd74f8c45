import PennyCore
import PennyTestSupport
import Testing

@testable import PennyImport

/// The MT940 reader reads ASCII as bytes; these check each byte reading against the
/// character reading it stands in for (which still reads every text that is not ASCII),
/// on random text built of the pieces MT940 lines are made of.
struct MT940ByteReadingTests {
    static let linePieces = [
        ":", ":20:", ":61:", ":86:", ":60F:", ":62M:", ":NS:", ":2", ":6A:", "-", "-}", "-:", "{1:F01}", "{4:", "{2:{3:x}}", "{", "}", " ", "\t",
        "\u{0B}", "\u{0C}", "\u{00}", "/", "//", "NONREF", "a", "Z", "0", "7", "C", "D", "RC", "?", "166?00", "+",
    ]

    static func randomText(_ pieces: [String], _ generator: inout SeededGenerator, most: Int = 8) -> String {
        (0..<Int.random(in: 0...most, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// A reading as text, to compare.
    static func describe(_ reading: MT940Fields.Reading) -> String {
        func text(_ text: MT940Fields.Text) -> String {
            switch text {
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .text(let text): String(text)
            }
        }
        switch reading {
        case .skip: return "skip"
        case .tag(let tag, let rest): return "tag \(tag) [\(text(rest))]"
        case .continuation(let line): return "continuation [\(text(line))]"
        }
    }

    @Test func aLineReadsAsBytesAsItReadsAsText() {
        var generator = SeededGenerator(seed: 940)
        var kinds: Set<String> = []
        for _ in 0..<50_000 {
            let line = Self.randomText(Self.linePieces, &generator)
            let bytes = Array(line.utf8).withUnsafeBufferPointer { Self.describe(MT940FieldBytes.read($0)) }
            let text = Self.describe(MT940Fields.readText(line[...]))
            #expect(bytes == text, "\(line.debugDescription)")
            kinds.insert(String(text.prefix(4)))
        }
        #expect(kinds == ["skip", "tag ", "cont"])
    }

    /// A store holding one field of these lines.
    static func store(_ lines: [String], tag: String = "61") -> MT940FieldStore {
        var store = MT940FieldStore()
        store.start(tag: tag, line: 4)
        for line in lines { store.appendLine(.text(line[...])) }
        return store
    }

    /// A `:61:` line's parts, slot by slot, mostly as banks write them.
    static let statementLineSlots = [
        ["240102", "2401020102", "2312310102", "2401021231", "2402290229", "991231", "24013X", "2401021399", "2401"],
        ["C", "D", "RC", "RD", "R", "X", ""], ["", "", "", "R", "N"], ["1,00", "0,5", "000473,17", "15000,", "500", "1,005", ",5", "1,2,3", "", "12345678901234567,00"],
        ["NTRF", "NMSC", "FCHK", "S123", "N", "XTRF", ""], ["", "REF", "NONREF", " ref ", "\t"], ["", "//", "/", "//BANK1", "//nonref", "// B 2 \u{0B}", "/x//y"],
    ]

    @Test func aStatementLineReadsAsBytesAsItReadsAsText() {
        var generator = SeededGenerator(seed: 61)
        var read = 0
        for _ in 0..<50_000 {
            let first = Self.statementLineSlots.map { $0.randomElement(using: &generator)! }.joined()
            let lines = [first] + (0..<Int.random(in: 0...2, using: &generator)).map { _ in Self.randomText([" ", "\t", "ab", "C D", "x"], &generator, most: 4) }
            let store = Self.store(lines)
            let bytes = store.withText { text in MT940StatementLineBytes.read(text, store.fields[0], currency: .euro) }
            let at = SourceLocation(file: "x.sta", line: 4)
            guard let text = try? MT940StatementLine(lines: lines, currency: .euro, at: at) else {
                #expect(bytes == nil, "\(lines)")
                continue
            }
            guard let bytes else { continue }  // the text reading reads it, as the reader does then
            read += 1
            #expect(
                [bytes.valueDate, bytes.entryDate].map(\.?.description) == [text.valueDate, text.entryDate].map(\.?.description)
                    && bytes.minorUnits == text.minorUnits && bytes.typeCode == text.typeCode && bytes.customerReference == text.customerReference
                    && bytes.bankReference == text.bankReference && bytes.supplementary == text.supplementary, "\(lines)")
        }
        #expect(read > 5_000)
    }

    static let purposePieces = [
        "?", "?00", "?20", "?21", "?29", "?30", "?31", "?32", "?33", "?60", "?63", "?9", "GUTSCHRIFT", "DE89", "3704", "0044", "0532", "0130", "00", " ",
        "  ", "\t", "\u{0B}", "a", "Name", "+", "/", "ü", "\u{00A0}", "\u{0301}", "\u{2003}",
    ]

    @Test func aPurposeReadsAsBytesAsItReadsAsText() {
        var generator = SeededGenerator(seed: 86)
        var notASCII = 0
        for _ in 0..<50_000 {
            let fields = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { n in
                    (n == 0 && Bool.random(using: &generator) ? "166" : "") + Self.randomText(Self.purposePieces, &generator, most: 10)
                }
            }
            var store = MT940FieldStore()
            for (n, lines) in fields.enumerated() {
                store.start(tag: "86", line: n + 5)
                for line in lines { store.appendLine(.text(line[...])) }
            }
            let details = store.fields[...]
            let text = MT940Purpose(lines: MT940StatementBuilder.detailLines(store, details))
            guard let bytes = store.withText({ text in MT940PurposeBytes.read(text, details) }) else {
                // Only free text that is not ASCII is left to the text reading.
                #expect(fields.joined().flatMap(\.utf8).contains { $0 >= 0x80 }, "\(fields)")
                continue
            }
            if fields.joined().flatMap(\.utf8).contains(where: { $0 >= 0x80 }) { notASCII += 1 }
            #expect(
                bytes.text == text.text && bytes.postingText == text.postingText && bytes.counterpartyName == text.counterpartyName
                    && bytes.counterpartyIBAN == text.counterpartyIBAN, "\(fields)")
        }
        #expect(notASCII > 1_000)
    }

    @Test func theUTF8CheckAgreesWithStringValidationInAnyChunks() {
        var generator = SeededGenerator(seed: 8)
        let pieces: [[UInt8]] = [
            [0x41], [0x0A], [0xC3, 0xA9], [0xC3], [0xA9], [0xE2, 0x82, 0xAC], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xC0, 0xAF], [0xFF], [0x80], Array("0123456789abcdef".utf8),
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            var check = MT940UTF8Check()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...9, using: &generator))
                bytes[start..<end].withUnsafeBufferPointer { check.feed($0) }
                start = end
            }
            #expect(check.isValid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func linesAndTheEndingDoNotDependOnWhereChunksEnd() throws {
        var generator = SeededGenerator(seed: 13)
        let pieces = ["a", " ", "\t", "\u{03}", "\u{00}", "\n", "\r", "\r\n", "-", "}", "-}", "{4:", "{", "4", ":"]
        for _ in 0..<20_000 {
            let bytes = Array(Self.randomText(pieces, &generator, most: 12).utf8)
            let whole = try Self.split(bytes, chunks: [bytes.count])
            let reference = Self.referenceSplit(bytes)
            #expect(whole.lines == reference.lines && whole.ending == reference.ending, "\(bytes)")
            var cuts: [Int] = []
            var left = bytes.count
            while left > 0 {
                let size = Int.random(in: 1...4, using: &generator)
                cuts.append(min(size, left))
                left -= size
            }
            let chunked = try Self.split(bytes, chunks: cuts)
            #expect(chunked.lines == whole.lines && chunked.ending == whole.ending, "\(bytes) \(cuts)")
        }
    }

    typealias Split = (lines: [String], ending: [Int?])

    static func split(_ bytes: [UInt8], chunks: [Int]) throws(PennyError) -> Split {
        var splitter = MT940LineSplitter()
        var lines: [String] = []
        var start = 0
        for size in chunks where size > 0 {
            try bytes[start..<(start + size)].withUnsafeBufferPointer { (chunk) throws(PennyError) in
                try splitter.feed(chunk) { (line, number) throws(PennyError) in lines.append("\(number):\(Array(line))") }
            }
            start += size
        }
        try splitter.finish { (line, number) throws(PennyError) in lines.append("\(number):\(Array(line))") }
        return (lines, [splitter.ending.cutLine, splitter.ending.lineCount, splitter.ending.openBlocks])
    }

    /// The byte-at-a-time splitter the reader had before lines were handed on in place.
    static func referenceSplit(_ bytes: [UInt8]) -> Split {
        var lines: [String] = []
        var line: [UInt8] = []
        var number = 1, openBlocks = 0
        var afterCR = false
        var lastSignificant: (byte: UInt8, before: UInt8?, line: Int)?
        var previous: UInt8?
        func count(_ bytes: [UInt8]) {
            guard bytes.count >= 2 else { return }
            for i in 0..<(bytes.count - 1) {
                if bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "}") { openBlocks -= 1 }
                if i + 2 < bytes.count, bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "4"), bytes[i + 2] == UInt8(ascii: ":") { openBlocks += 1 }
            }
        }
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A {
                    previous = byte
                    continue
                }
            }
            if byte == 0x0A || byte == 0x0D {
                lines.append("\(number):\(line)")
                count(line)
                line.removeAll()
                number += 1
                afterCR = byte == 0x0D
            } else {
                line.append(byte)
            }
            if !(byte == 0x20 || byte == 0x09 || byte == 0x03 || byte == 0x00) {
                lastSignificant = (byte, previous, byte == 0x0A || byte == 0x0D ? number - 1 : number)
            }
            previous = byte
        }
        if !line.isEmpty { lines.append("\(number):\(line)") }
        count(line)
        var cutLine: Int?
        if let last = lastSignificant, last.byte != 0x0A, last.byte != 0x0D, last.byte != UInt8(ascii: "-"),
            !(last.byte == UInt8(ascii: "}") && last.before == UInt8(ascii: "-"))
        {
            cutLine = last.line
        }
        return (lines, [cutLine, number, openBlocks])
    }
}
