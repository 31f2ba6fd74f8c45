import Foundation
public import PennyCore

/// A journal's transaction blocks, read one at a time: what `JournalBlocks` gives, in
/// memory bounded by the longest transaction instead of the file.
///
/// A block is a transaction head and the posting and indented comment lines after it (a
/// blank line, even of spaces, ends it, as in hledger), split exactly as `JournalBlocks`
/// splits; every other line comes as itself. The file's includes are not followed.
public enum JournalBlockStream {
    /// One piece of the file in order: a line outside any transaction (its bytes without
    /// the line end, valid only during the call) or a whole transaction.
    public enum Piece {
        /// A line outside any transaction.
        case line(UnsafeBufferPointer<UInt8>)
        /// A transaction, with its lines.
        case block(JournalBlock)
    }

    /// Calls `body` with each piece of the journal at `path`, in file order; the first error
    /// `body` throws stops the read.
    public static func forEach(path: String, _ body: (Piece) throws(PennyError) -> Void) throws(PennyError) {
        var open: (lines: [String], first: Int, date: LocalDate)?
        func close() throws(PennyError) {
            guard let block = open else { return }
            open = nil
            try body(.block(JournalBlocks.block(block.lines, firstLine: block.first, date: block.date)))
        }
        _ = try JournalLines.read(path: path) { (line) throws(PennyError) in
            if line.kind.continuesTransaction, open != nil {
                open?.lines.append(String(decoding: line.bytes, as: UTF8.self))
                return
            }
            try close()
            if case .transactionHead(let date) = line.kind {
                open = ([String(decoding: line.bytes, as: UTF8.self)], line.number - 1, date)
            } else {
                try body(.line(line.bytes))
            }
        }
        try close()
    }

    /// Calls `body` with each transaction block of the journal at `path`, in file order.
    public static func forEachBlock(path: String, _ body: (JournalBlock) throws(PennyError) -> Void) throws(PennyError) {
        try forEach(path: path) { (piece) throws(PennyError) in
            if case .block(let block) = piece { try body(block) }
        }
    }
}
