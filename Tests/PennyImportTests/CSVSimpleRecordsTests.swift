import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// The simple records read without libcsv give the collector what libcsv alone gives: the
/// same records, fields, lines and errors, however the input is cut into chunks.
struct CSVSimpleRecordsTests {
    /// What a parse handed on: each record's fields and lines, then the error if any.
    struct Outcome: Equatable {
        var records: [[String]] = []
        var lines: [[Int]] = []
        var error: String?
    }

    static func parse(_ input: [UInt8], delimiter: UInt8, strict: Bool, chunks: [Int], stopAfter: Int?, simple: Bool) -> Outcome {
        var outcome = Outcome()
        let collector = CSVRecordCollector(fileName: "t.csv") { (record) throws(PennyError) in
            outcome.records.append((0..<record.count).map { String(decoding: record.field($0), as: UTF8.self) })
            outcome.lines.append([record.line, record.lineCount])
            if outcome.records.count == 7 && stopAfter == -1 { throw PennyError.badInput("refused", at: SourceLocation(file: "t.csv", line: record.line)) }
            return outcome.records.count != stopAfter
        }
        do throws(PennyError) {
            let parser = try LibCSVParser(delimiter: delimiter, collector: collector, strict: strict, readsSimpleRecords: simple)
            var offset = 0
            for size in chunks where offset < input.count {
                let end = min(input.count, offset + size)
                try ByteSource.withRawBytes(Array(input[offset..<end])) { (bytes) throws(PennyError) in try parser.feed(bytes) }
                offset = end
            }
            try ByteSource.withRawBytes(Array(input[offset...])) { (bytes) throws(PennyError) in try parser.feed(bytes) }
            try parser.finish()
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// Random CSV built from pieces that exercise every state of libcsv's parser.
    static func randomInput(delimiter: UInt8, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        let d = String(UnicodeScalar(delimiter))
        let pieces = [
            "a", "bc", "1,5", " ", "  ", "\t", d, d, d, "\"", "\"x\"", "\"\"", "\"y z\"", "\r", "\n", "\n", "\r\n", "\r\n",
            "q\"r", "\" \"", "\"a\(d)b\"", "\"l\nm\"", "ü", "\0",
        ]
        let count = Int.random(in: 0...60, using: &generator)
        return Array((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
    }

    @Test func simpleRecordsAgreeWithLibCSVOnRandomInput() {
        var generator = SystemRandomNumberGenerator()
        var recordsSeen = 0
        var errorsSeen = 0
        for round in 0..<60_000 {
            let delimiter = Array(",;\t |".utf8).randomElement(using: &generator)!
            let input = Self.randomInput(delimiter: delimiter, using: &generator)
            let chunks = (0..<4).map { _ in Int.random(in: 1...24, using: &generator) }
            let strict = round % 3 != 0
            let stopAfter: Int? = round % 5 == 0 ? Int.random(in: -1...4, using: &generator) : nil
            let libcsv = Self.parse(input, delimiter: delimiter, strict: strict, chunks: chunks, stopAfter: stopAfter, simple: false)
            let simple = Self.parse(input, delimiter: delimiter, strict: strict, chunks: chunks, stopAfter: stopAfter, simple: true)
            #expect(simple == libcsv, "\(String(decoding: input, as: UTF8.self).debugDescription) delimiter \(delimiter) strict \(strict) chunks \(chunks)")
            recordsSeen += libcsv.records.count
            if libcsv.error != nil { errorsSeen += 1 }
        }
        // The input reaches both the records and the errors.
        #expect(recordsSeen > 100_000)
        #expect(errorsSeen > 1_000)
    }

    /// Every CSV in the repository: the conformance sets' bank exports, the fixtures, the samples.
    @Test func everyCSVFileReadsTheSameAsWithLibCSVInAnyChunks() throws {
        let root = TruncationTests.root
        let files = try ["conformance", "Tests", "samples"].flatMap { folder in
            try #require(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "csv" }
        }
        #expect(files.count > 150)
        var records = 0
        for file in files {
            let input = try [UInt8](Data(contentsOf: file))
            for delimiter in Array(",;\t|".utf8) {
                for size in [7, 4096, input.count + 1] {
                    let chunks = Array(repeating: size, count: input.count / size + 1)
                    let libcsv = Self.parse(input, delimiter: delimiter, strict: true, chunks: chunks, stopAfter: nil, simple: false)
                    records += libcsv.records.count
                    #expect(Self.parse(input, delimiter: delimiter, strict: true, chunks: chunks, stopAfter: nil, simple: true) == libcsv, "\(file.lastPathComponent)")
                }
            }
        }
        #expect(records > 10_000)
    }

    @Test func theSimpleReaderTakesPlainAndQuotedFieldsAndLeavesTheRest() {
        let collector = CSVRecordCollector(fileName: "t.csv") { _ in true }
        let reader = CSVSimpleRecords(delimiter: 0x2C)
        func taken(_ text: String) -> Int {
            Array(text.utf8).withUnsafeBytes { reader.take($0, from: 0, into: collector) }
        }
        #expect(taken(" a , \"b c\" ,\r\n") == 14)
        #expect(taken("a,b\nc,\"d\"\"e\"\n") == 4)
        #expect(taken("a,b\nc,d\"e\n") == 4)
        #expect(taken("a,\"b\" x\n") == 0)
        #expect(taken("a,b\nc,d") == 4)
        #expect(collector.fieldsInRecord == 0)
    }
}
