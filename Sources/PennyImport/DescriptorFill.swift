import Foundation
import PennyCore

/// The one `read(2)` loop of the readers that read a file themselves (`ByteSource`,
/// `ChunkedInput`, `OFXFile`): until `count` bytes or the file's end, through interrupted
/// reads, a failure being the file's `cannot read file` error.
enum DescriptorFill {
    /// Reads up to `count` bytes of `descriptor` into `target`: how many, fewer only at
    /// the end of the file.
    static func fill(_ descriptor: Int32, into target: UnsafeMutableRawPointer, count: Int, displayName: String) throws(PennyError) -> Int {
        var filled = 0
        while filled < count {
            let n = read(descriptor, target + filled, count - filled)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .badInput("cannot read file: \(String(cString: strerror(errno)))", at: SourceLocation(file: displayName)) }
            if n == 0 { break }
            filled += n
        }
        return filled
    }
}
