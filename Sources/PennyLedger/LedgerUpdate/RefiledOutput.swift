import Foundation
import PennyCore

/// The lines of one transaction of a ledger being refiled (`LedgerRefilings.apply`), held
/// as bytes until the transaction ends: rewritten if its id is refiled, else copied.
struct RefiledBlock {
    /// The lines' bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each line ends in `bytes`.
    private var ends: [Int] = []

    /// True when no transaction is held.
    var isEmpty: Bool { ends.isEmpty }

    /// Starts a transaction at its first line.
    mutating func start(_ line: UnsafeBufferPointer<UInt8>) {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        add(line)
    }

    /// Adds a line of the transaction.
    mutating func add(_ line: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: line)
        ends.append(bytes.count)
    }

    /// Each line, in order.
    func forEachLine(_ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        for end in ends {
            body(bytes[start..<end])
            start = end
        }
    }

    /// The refiling of the first `; id:` line among `targets`, if any.
    func target(in targets: [UInt64: LedgerRefilings.Refiling]) -> LedgerRefilings.Refiling? {
        var found: LedgerRefilings.Refiling?
        forEachLine { line in
            guard found == nil else { return }
            if let id = line.withUnsafeBufferPointer({ IDTag.value($0) }) { found = targets[id] }
        }
        return found
    }
}

/// Writes a refiled ledger line by line through an `AtomicFileWriter`, with one line end
/// between lines (and after the last when the old file had one); recategorize's rewrite
/// writes its lines through it too.
struct RefiledOutput {
    let writer: AtomicFileWriter
    let separator: [UInt8]
    private var wroteLine = false
    /// The first write that failed; nothing is written after it.
    private(set) var failure: PennyError?

    init(writer: AtomicFileWriter, separator: [UInt8]) {
        self.writer = writer
        self.separator = separator
    }

    /// Copies one line.
    mutating func line(_ line: some Collection<UInt8>) {
        guard failure == nil else { return }
        let separator = wroteLine ? self.separator : []
        wroteLine = true
        do throws(PennyError) {
            try writer.withBuffer { buffer in
                buffer.append(contentsOf: separator)
                buffer.append(contentsOf: line)
            }
        } catch { failure = error }
    }

    /// Writes a held transaction: rewritten when its id is among `targets`, else as it was.
    mutating func block(_ block: RefiledBlock, _ targets: [UInt64: LedgerRefilings.Refiling]) {
        guard !block.isEmpty else { return }
        guard let target = block.target(in: targets) else { return block.forEachLine { line($0) } }
        var lines: [String] = []
        block.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
        _ = LedgerRefilings.rewrite(&lines, entryAt: 0, as: target)
        for text in lines { line(Array(text.utf8)) }
    }

    /// The old file's final line end.
    mutating func end() {
        guard failure == nil, wroteLine else { return }
        do throws(PennyError) { try writer.append(separator) } catch { failure = error }
    }
}
