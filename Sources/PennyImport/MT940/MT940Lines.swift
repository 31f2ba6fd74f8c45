import Foundation
import PennyCore

/// One line of an MT940 text: its bytes as the file has them (no line end), its 1-based
/// number, and the decoder of the file's encoding (for a line that is not ASCII).
struct MT940Line {
    /// The line's bytes, valid only during the call that is given the line.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The 1-based line number.
    let number: Int
    /// The file's encoding.
    let decoder: TextDecoder

    /// The line as text.
    var text: String { decoder.decode(bytes) ?? "" }
}

/// An MT940 file's lines, streamed a chunk at a time (memory: one chunk and one line),
/// with what the end of the file says: whether it was cut in the middle of a line, and
/// whether a SWIFT text block `{4:` was left open.
///
/// Lines end with LF, CRLF or a lone CR. The text is UTF-8 when every line is valid
/// UTF-8 (a first pass checks, `MT940UTF8Check`), else windows-1252, as
/// `TextEncodings.decode` decides for a whole file; a UTF-8 byte-order mark is dropped.
/// Lines are handed on as bytes: only a line that is not ASCII is ever decoded.
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
    static func forEach(url: URL, displayName: String, _ body: (MT940Line) throws(PennyError) -> Void) throws(PennyError) -> Ending {
        let source = ByteSource(url: url, displayName: displayName, encoding: .utf8)
        var check = MT940UTF8Check()
        try source.forEachChunk { (chunk) throws(PennyError) in check.feed(chunk.bindMemory(to: UInt8.self)) }
        let decoder = TextDecoder(encoding: check.isValid ? .utf8 : .windows1252)
        var splitter = MT940LineSplitter()
        try source.forEachChunk { (chunk) throws(PennyError) in
            try splitter.feed(chunk.bindMemory(to: UInt8.self)) { (bytes, number) throws(PennyError) in
                try body(MT940Line(bytes: bytes, number: number, decoder: decoder))
            }
        }
        try splitter.finish { (bytes, number) throws(PennyError) in try body(MT940Line(bytes: bytes, number: number, decoder: decoder)) }
        return splitter.ending
    }

    /// The lines of text held in memory (an MT940 body inside a JSON recording).
    static func forEach(text: String, _ body: (MT940Line) throws(PennyError) -> Void) throws(PennyError) -> Ending {
        let decoder = TextDecoder(encoding: .utf8)
        var splitter = MT940LineSplitter()
        try Array(text.utf8).withUnsafeBufferPointer { (bytes) throws(PennyError) in
            try splitter.feed(bytes) { (line, number) throws(PennyError) in try body(MT940Line(bytes: line, number: number, decoder: decoder)) }
        }
        try splitter.finish { (line, number) throws(PennyError) in try body(MT940Line(bytes: line, number: number, decoder: decoder)) }
        return splitter.ending
    }
}
