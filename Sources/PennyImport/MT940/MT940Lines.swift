import Foundation
import PennyCore

/// An MT940 file's lines, streamed a chunk at a time (memory: one chunk and one line),
/// with what the end of the file says: whether it was cut in the middle of a line, and
/// whether a SWIFT text block `{4:` was left open.
///
/// Lines end with LF, CRLF or a lone CR. The text is UTF-8 when every line is valid
/// UTF-8 (a first pass checks), else windows-1252, as `TextEncodings.decode` decides for a
/// whole file; a UTF-8 byte-order mark is dropped.
struct MT940Lines {
    /// What the whole text's end says, known after the last line.
    struct Ending {
        /// The line of the last character that is not padding (space, tab, ETX, NUL), when
        /// that character is not a line end and the text does not end with `-}` or `-`:
        /// the file stopped in the middle of a line.
        var cutLine: Int?
        /// The number of lines, counted as a split at every line end (a text ending with a
        /// line end has an empty last line).
        var lineCount = 1
        /// `{4:` blocks opened minus `-}` ends seen.
        var openBlocks = 0
    }

    /// The lines of a file, each with its 1-based number.
    static func forEach(url: URL, displayName: String, _ body: (Substring, Int) throws(PennyError) -> Void) throws(PennyError) -> Ending {
        let source = ByteSource(url: url, displayName: displayName, encoding: .utf8)
        var valid = true
        let check = { (bytes: [UInt8], _: Int) throws(PennyError) in
            if valid, TextDecoder(encoding: .utf8).decode(bytes) == nil { valid = false }
        }
        var probe = Splitter()
        try source.forEachChunk { (chunk) throws(PennyError) in try probe.feed(chunk, check) }
        try probe.finish(check)
        let decoder = TextDecoder(encoding: valid ? .utf8 : .windows1252)
        var splitter = Splitter()
        try withoutActuallyEscaping(body) { (body) throws(PennyError) in
            let line = { (bytes: [UInt8], number: Int) throws(PennyError) in
                try body((decoder.decode(bytes) ?? "")[...], number)
            }
            try source.forEachChunk { (chunk) throws(PennyError) in try splitter.feed(chunk, line) }
            try splitter.finish(line)
        }
        return splitter.ending
    }

    /// The lines of text held in memory (an MT940 body inside a JSON recording).
    static func forEach(text: String, _ body: (Substring, Int) throws(PennyError) -> Void) throws(PennyError) -> Ending {
        var splitter = Splitter()
        try withoutActuallyEscaping(body) { (body) throws(PennyError) in
            let line = { (bytes: [UInt8], number: Int) throws(PennyError) in try body(String(decoding: bytes, as: UTF8.self)[...], number) }
            try ByteSource.withRawBytes(Array(text.utf8)) { (raw) throws(PennyError) in try splitter.feed(raw, line) }
            try splitter.finish(line)
        }
        return splitter.ending
    }

    /// Cuts bytes into lines and watches the end of the text.
    struct Splitter {
        /// What is done with each line: its bytes (no line end) and number.
        typealias Emit = ([UInt8], Int) throws(PennyError) -> Void
        private(set) var ending = Ending()
        private var line: [UInt8] = []
        private var number = 1
        private var afterCR = false
        /// The last byte that is not padding, the byte before it, and its line.
        private var lastSignificant: (byte: UInt8, before: UInt8?, line: Int)?
        private var previous: UInt8?

        mutating func feed(_ chunk: UnsafeRawBufferPointer, _ emit: Emit) throws(PennyError) {
            for byte in chunk {
                if afterCR {
                    afterCR = false
                    // CRLF is one line end.
                    if byte == 0x0A {
                        previous = byte
                        continue
                    }
                }
                if byte == 0x0A || byte == 0x0D {
                    try endLine(emit)
                    afterCR = byte == 0x0D
                } else {
                    line.append(byte)
                }
                if !Self.isPadding(byte) { lastSignificant = (byte, previous, byte == 0x0A || byte == 0x0D ? number - 1 : number) }
                previous = byte
            }
        }

        mutating func finish(_ emit: Emit) throws(PennyError) {
            if !line.isEmpty { try emit(line, number) }
            count(line)
            ending.lineCount = number
            if let last = lastSignificant, last.byte != 0x0A, last.byte != 0x0D, last.byte != UInt8(ascii: "-"),
                !(last.byte == UInt8(ascii: "}") && last.before == UInt8(ascii: "-"))
            {
                ending.cutLine = last.line
            }
        }

        private mutating func endLine(_ emit: Emit) throws(PennyError) {
            try emit(line, number)
            count(line)
            line.removeAll(keepingCapacity: true)
            number += 1
        }

        /// Counts the line's `{4:` openings and `-}` ends.
        private mutating func count(_ bytes: [UInt8]) {
            guard bytes.count >= 2 else { return }
            for i in 0..<(bytes.count - 1) {
                if bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "}") { ending.openBlocks -= 1 }
                if i + 2 < bytes.count, bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "4"), bytes[i + 2] == UInt8(ascii: ":") { ending.openBlocks += 1 }
            }
        }

        private static func isPadding(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x03 || byte == 0x00 }
    }
}
