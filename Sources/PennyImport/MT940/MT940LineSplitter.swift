import PennyCore

/// Cuts bytes into lines and watches the end of the text (`MT940Lines.Ending`).
///
/// A line that lies inside one chunk is handed on in place; only a line cut by a chunk's
/// end is copied (into `carry`, held until its end comes).
struct MT940LineSplitter {
    /// What is done with each line: its bytes (no line end, valid during the call) and number.
    typealias Emit = (UnsafeBufferPointer<UInt8>, Int) throws(PennyError) -> Void
    private(set) var ending = MT940Lines.Ending()
    /// The start of a line whose end has not come yet.
    private var carry: [UInt8] = []
    private var number = 1
    /// The last chunk ended with CR: an LF opening the next is the same line end.
    private var afterCR = false

    /// Takes the next bytes of the text.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ emit: Emit) throws(PennyError) {
        let n = chunk.count
        var i = 0
        if afterCR, n > 0 {
            afterCR = false
            if chunk[0] == 0x0A { i = 1 }
        }
        var start = i
        while i < n {
            let byte = chunk[i]
            i += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            try endLine(UnsafeBufferPointer(rebasing: chunk[start..<(i - 1)]), emit)
            if byte == 0x0D {
                // CRLF is one line end.
                if i == n {
                    afterCR = true
                } else if chunk[i] == 0x0A {
                    i += 1
                }
            }
            start = i
        }
        carry.append(contentsOf: chunk[start..<n])
    }

    /// Hands on the last line, when it is not empty, and settles `ending`.
    mutating func finish(_ emit: Emit) throws(PennyError) {
        let last = carry
        try last.withUnsafeBufferPointer { (line) throws(PennyError) in
            if !line.isEmpty { try emit(line, number) }
            count(line)
            ending.lineCount = number
            ending.cutLine = Self.isCut(line) ? number : nil
        }
    }

    private mutating func endLine(_ piece: UnsafeBufferPointer<UInt8>, _ emit: Emit) throws(PennyError) {
        if carry.isEmpty {
            try emit(piece, number)
            count(piece)
        } else {
            carry.append(contentsOf: piece)
            let line = carry
            try line.withUnsafeBufferPointer { (line) throws(PennyError) in
                try emit(line, number)
                count(line)
            }
            carry.removeAll(keepingCapacity: true)
        }
        number += 1
    }

    /// True when the text's last byte that is not padding lies on its last line (after
    /// every line end) and is not the `-` or `-}` that ends a message: the file stopped in
    /// the middle of a line. (A line end is itself such a byte: one after it is no cut.)
    static func isCut(_ lastLine: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let k = lastLine.lastIndex(where: { !isPadding($0) }) else { return false }
        let byte = lastLine[k]
        if byte == UInt8(ascii: "-") { return false }
        // The byte before the first of the line is a line end, never `-`.
        return !(byte == UInt8(ascii: "}") && k > 0 && lastLine[k - 1] == UInt8(ascii: "-"))
    }

    /// Counts the line's `{4:` openings and `-}` ends.
    private mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 2 else { return }
        for i in 0..<(bytes.count - 1) {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "{") else { continue }
            if byte == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "}") { ending.openBlocks -= 1 }
            if i + 2 < bytes.count, byte == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "4"), bytes[i + 2] == UInt8(ascii: ":") { ending.openBlocks += 1 }
        }
    }

    private static func isPadding(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x03 || byte == 0x00 }
}
