/// `RecapBuilder.commonName` of two ASCII names, on their bytes: the words (split at
/// spaces) both start with, joined by one space, without `,`, `;`, `-`, `:` or a space at
/// either end; nil when a name is not ASCII (the general path then compares characters).
/// `CommonNameBytesTests` checks it against the general path on random names.
enum CommonNameBytes {
    /// The common name of `a` and `b`, or nil when either is not ASCII.
    static func commonName(_ a: String, _ b: String) -> String? {
        var (x, y) = (a, b)
        return x.withUTF8 { first in
            y.withUTF8 { second in
                guard first.allSatisfy({ $0 < 0x80 }), second.allSatisfy({ $0 < 0x80 }) else { return nil }
                var out: [UInt8] = []
                var i = 0, j = 0
                while true {
                    while i < first.count, first[i] == 0x20 { i += 1 }
                    while j < second.count, second[j] == 0x20 { j += 1 }
                    let wordStart = i
                    while i < first.count, first[i] != 0x20 { i += 1 }
                    let word = UnsafeBufferPointer(rebasing: first[wordStart..<i])
                    let other = second[j..<min(j + word.count, second.count)]
                    guard !word.isEmpty, other.elementsEqual(word), j + word.count == second.count || second[j + word.count] == 0x20 else { break }
                    j += word.count
                    if !out.isEmpty { out.append(0x20) }
                    out.append(contentsOf: word)
                }
                guard !out.isEmpty else { return a }
                let kept = out.drop(while: isEdge).reversed().drop(while: isEdge).reversed()
                return String(decoding: kept, as: UTF8.self)
            }
        }
    }

    private static func isEdge(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: ";") || b == UInt8(ascii: "-") || b == UInt8(ascii: ":") || b == 0x20
    }
}
