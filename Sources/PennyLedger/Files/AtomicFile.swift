import Foundation
public import PennyCore

/// Replaces a file's content in one step: temporary file beside it, fsync, rename, fsync
/// of the directory. Readers see the old content or the new, never a mix.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, keeping an existing file's permissions.
    public static func write(_ text: String, to path: String) throws(PennyError) {
        let writer = try AtomicFileWriter(path: path)
        try writer.append(Array(text.utf8))
        try writer.commit()
    }
}

/// Writes a new version of a file in chunks, then replaces the old one in one step
/// (a `FileReplacement`: temporary file beside it, fsync, rename, directory fsync).
/// Dropped without `commit`, it removes its temporary file and the old file stays.
public final class AtomicFileWriter {
    private let replacement: FileReplacement
    private var buffer: [UInt8] = []

    /// Starts a new version of `path`.
    public init(path: String) throws(PennyError) {
        replacement = try FileReplacement(replacing: path) { failure in
            let unchanged = Self.unchanged(path)
            let message =
                switch failure.step {
                case .create: "cannot create \(FileReplacement.temporaryPath(for: path)): \(failure.reason); \(unchanged)"
                case .sync: "cannot sync \(FileReplacement.temporaryPath(for: path)): \(failure.reason); \(unchanged)"
                case .rename: "cannot replace \(path): \(failure.reason); \(unchanged)"
                case .folderSync: "the file was written, but its folder could not be synced (\(failure.reason)): a power cut now could undo the change"
                }
            return PennyError(.ledgerUnavailable, message, at: SourceLocation(file: path))
        }
    }

    /// Appends bytes (buffered).
    public func append(_ bytes: [UInt8]) throws(PennyError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// The buffer to render into directly; call `flushIfFull` after.
    public func withBuffer(_ body: (inout [UInt8]) -> Void) throws(PennyError) {
        body(&buffer)
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(PennyError) {
        let path = replacement.path, descriptor = replacement.descriptor
        var written = 0
        while written < buffer.count {
            if let simulated = FaultInjection.writeError(for: path) { throw PennyError(.ledgerUnavailable, "cannot write \(path): \(simulated)", at: SourceLocation(file: path)) }
            let n =
                FaultInjection.fails(.write) ? -1 : buffer.withUnsafeBytes { raw in raw.baseAddress.map { Foundation.write(descriptor, $0 + written, raw.count - written) } ?? 0 }
            if n <= 0 {
                throw PennyError(.ledgerUnavailable, "cannot write \(path): \(String(cString: strerror(errno))); \(Self.unchanged(path))", at: SourceLocation(file: path))
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Makes the new version durable and visible.
    public func commit() throws(PennyError) {
        try flush()
        try replacement.commit()
    }

    /// What a failure before the rename left of `path`.
    private static func unchanged(_ path: String) -> String { FileManager.default.fileExists(atPath: path) ? "the file was not changed" : "the file was not written" }
}
