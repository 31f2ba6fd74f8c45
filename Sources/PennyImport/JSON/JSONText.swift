import Foundation
import PennyCore

/// A JSON text read in passes (a file, or a body held in memory inside a recorded
/// exchange): once whole, to check it and learn its outline (`outline`), then once per list
/// of entries the reader emits (`forEach`), each pass stopping at that list's end. Memory
/// is the outline (the document without its entries) and one entry.
struct JSONText {
    private let url: URL?
    private let bytes: [UInt8]
    let fileName: String
    /// What the first pass learnt of each streamed array, by ordinal.
    private(set) var lists: [Int: JSONListFacts] = [:]

    /// A file.
    init(url: URL, fileName: String) {
        self.url = url
        bytes = []
        self.fileName = fileName
    }

    /// Text held in memory.
    init(bytes: [UInt8], fileName: String) {
        url = nil
        self.bytes = bytes
        self.fileName = fileName
    }

    private func input() throws(PennyError) -> ChunkedInput {
        if let url { return try ChunkedInput(url: url, displayName: fileName) }
        return ChunkedInput(bytes: bytes, displayName: fileName)
    }

    /// Parses the whole text (every syntax error is found here, before any entry is read)
    /// and returns the document with each list of entries as `.streamed`; of the entries it
    /// keeps only what `JSONListFacts` holds.
    mutating func outline() throws(PennyError) -> ExactJSON {
        var parser = ExactJSONParser(input: try input(), fileName: fileName)
        let document = try parser.parse()
        lists = parser.lists
        return document
    }

    /// The list `value` is, if it is an array.
    func list(_ value: ExactJSON?) -> JSONList? {
        switch value {
        case .array(let values): .inline(values)
        case .streamed(let ordinal): .streamed(ordinal)
        default: nil
        }
    }

    /// The list's first entry.
    func first(_ list: JSONList?) -> ExactJSON? {
        switch list {
        case .inline(let values): values.first
        case .streamed(let ordinal): lists[ordinal]?.first
        case nil: nil
        }
    }

    /// What the first pass learnt of a list (computed for one held in memory).
    func facts(_ list: JSONList) -> JSONListFacts {
        switch list {
        case .inline(let values):
            var facts = JSONListFacts()
            for value in values { facts.add(first: value) }
            return facts
        case .streamed(let ordinal): return lists[ordinal] ?? JSONListFacts()
        }
    }

    /// Each entry of the list, in order: a pass over the text up to the list's end.
    func forEach(_ list: JSONList, _ body: (ExactJSON) throws(PennyError) -> Void) throws(PennyError) {
        guard case .streamed(let target) = list else {
            if case .inline(let values) = list { for value in values { try body(value) } }
            return
        }
        try withoutActuallyEscaping(body) { (body) throws(PennyError) in
            var parser = ExactJSONParser(input: try input(), fileName: fileName, mode: .entries(of: target), onElement: body)
            _ = try parser.parse()
        }
    }
}

/// An array of entries: held (a value not at an entry path) or streamed by ordinal.
enum JSONList {
    case inline([ExactJSON])
    case streamed(Int)
}
