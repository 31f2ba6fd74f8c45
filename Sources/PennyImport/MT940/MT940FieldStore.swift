/// One `:TAG:` field of a SWIFT message and its continuation lines, held in a
/// `MT940FieldStore`.
struct MT940Field {
    /// The tag without colons: `20`, `25`, `60F`, `61`, `86`, ...
    let tag: String
    /// The line the tag was on.
    let line: Int
    /// The field's lines (the tag removed from the first): indices of its store's lines.
    var lines: Range<Int>
}

/// Fields with their lines' text (UTF-8) in one buffer, kept from statement to statement:
/// reading a field allocates nothing once the buffers have grown to a statement's size.
struct MT940FieldStore {
    /// The lines' text, one after the other.
    private(set) var bytes: [UInt8] = []
    /// Where each line ends in `bytes` (it starts where the one before ends).
    private(set) var lineEnds: [Int] = []
    /// The fields, in order.
    private(set) var fields: [MT940Field] = []

    /// True when no field is held.
    var isEmpty: Bool { fields.isEmpty }

    /// Opens a field; its first line comes next.
    mutating func start(tag: String, line: Int) {
        fields.append(MT940Field(tag: tag, line: line, lines: lineEnds.count..<lineEnds.count))
    }

    /// Adds a line to the last field.
    mutating func appendLine(_ text: MT940Fields.Text) {
        switch text {
        case .bytes(let line): bytes.append(contentsOf: line)
        case .text(let line): bytes.append(contentsOf: line.utf8)
        }
        lineEnds.append(bytes.count)
        fields[fields.count - 1].lines = fields[fields.count - 1].lines.lowerBound..<lineEnds.count
    }

    /// Adds another store's fields after these.
    mutating func append(_ other: MT940FieldStore) {
        let byteOffset = bytes.count, lineOffset = lineEnds.count
        bytes.append(contentsOf: other.bytes)
        lineEnds.append(contentsOf: other.lineEnds.lazy.map { $0 + byteOffset })
        fields.append(contentsOf: other.fields.lazy.map { MT940Field(tag: $0.tag, line: $0.line, lines: ($0.lines.lowerBound + lineOffset)..<($0.lines.upperBound + lineOffset)) })
    }

    /// Drops every field, keeping the buffers.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lineEnds.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
    }

    /// Where line `k` lies in `bytes`.
    func range(ofLine k: Int) -> Range<Int> { (k == 0 ? 0 : lineEnds[k - 1])..<lineEnds[k] }

    /// Line `k` as a string.
    func string(ofLine k: Int) -> String { String(decoding: bytes[range(ofLine: k)], as: UTF8.self) }

    /// The field's lines as strings (for the reading of a field that is not ASCII).
    func strings(_ field: MT940Field) -> [String] { field.lines.map { String(decoding: bytes[range(ofLine: $0)], as: UTF8.self) } }
}

extension MT940FieldStore {
    /// Calls `body` with the fields' text in reach.
    func withText<R, E: Error>(_ body: (MT940FieldText) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(MT940FieldText(store: self, bytes: buffer)) }
    }
}

/// A store's fields with their bytes in reach (during `MT940FieldStore.withText`).
struct MT940FieldText {
    /// The fields.
    let store: MT940FieldStore
    /// The store's bytes.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Line `k`'s bytes.
    func line(_ k: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[store.range(ofLine: k)]) }

    /// The field's lines joined without a separator (they lie one after another).
    func joined(_ field: MT940Field) -> UnsafeBufferPointer<UInt8> {
        guard !field.lines.isEmpty else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
        return UnsafeBufferPointer(rebasing: bytes[store.range(ofLine: field.lines.lowerBound).lowerBound..<store.range(ofLine: field.lines.upperBound - 1).upperBound])
    }

    /// True when every byte of the field's lines is ASCII.
    func isASCII(_ field: MT940Field) -> Bool { joined(field).allSatisfy { $0 < 0x80 } }
}
