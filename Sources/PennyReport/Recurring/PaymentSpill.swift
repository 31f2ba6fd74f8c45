import Foundation
import PennyLedger

/// Where payment groups put their packed payments once they hold more than their budget:
/// an unnamed scratch file (`ScratchFile`), each group's bytes appended as a segment and
/// read back, in order, when the group is judged. Used from one thread.
final class PaymentSpill: @unchecked Sendable {
    /// One stretch of a group's packed bytes in the file.
    struct Segment: Sendable {
        /// The first word.
        let word: Int
        /// How many bytes (the last word is padded).
        let bytes: Int
    }

    private let file: ScratchFile
    /// True once a segment could not be read back: the groups are then incomplete.
    private(set) var readFailed = false

    /// A spill in the temporary folder; nil when none can be made.
    init?() {
        guard let file = ScratchFile(near: (NSTemporaryDirectory() as NSString).appendingPathComponent("payments")) else { return nil }
        self.file = file
    }

    /// Appends `bytes`; nil when the disk refuses them.
    func write(_ bytes: [UInt8]) -> Segment? {
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        words.withUnsafeMutableBytes { raw in bytes.withUnsafeBytes { raw.copyMemory(from: $0) } }
        let segment = Segment(word: file.count, bytes: bytes.count)
        return words.withUnsafeBufferPointer { file.append($0) } ? segment : nil
    }

    /// Appends the bytes of `segment` to `out`; false (and `readFailed`) on a short read.
    func read(_ segment: Segment, into out: inout [UInt8]) -> Bool {
        var words = [UInt64](repeating: 0, count: (segment.bytes + 7) / 8)
        guard words.withUnsafeMutableBufferPointer({ file.read(at: segment.word, into: $0) }) else {
            readFailed = true
            return false
        }
        words.withUnsafeBytes { out.append(contentsOf: $0.prefix(segment.bytes)) }
        return true
    }
}
