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
/// (temporary file beside it, fsync, rename, directory fsync). Dropped without `commit`,
/// it removes its temporary file and the old file stays.
public final class AtomicFileWriter {
    private let path: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var committed = false

    /// Starts a new version of `path`.
    public init(path: String) throws(PennyError) {
        if let reason = LedgerPath.readOnlyReason(path) { throw PennyError(.ledgerUnavailable, reason, at: SourceLocation(file: path)) }
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".penny-tmp").path
        descriptor = FaultInjection.fails(.create) ? -1 : TemporaryFile.create(temporary, flags: O_WRONLY)
        guard descriptor >= 0 else {
            throw PennyError(.ledgerUnavailable, "cannot create \(temporary): \(String(cString: strerror(errno))); \(unchanged)", at: SourceLocation(file: path))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed { unlink(temporary) }
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
        var written = 0
        while written < buffer.count {
            if let simulated = FaultInjection.writeError(for: path) { throw PennyError(.ledgerUnavailable, "cannot write \(path): \(simulated)", at: SourceLocation(file: path)) }
            let n =
                FaultInjection.fails(.write) ? -1 : buffer.withUnsafeBytes { raw in raw.baseAddress.map { Foundation.write(descriptor, $0 + written, raw.count - written) } ?? 0 }
            if n <= 0 { throw PennyError(.ledgerUnavailable, "cannot write \(path): \(String(cString: strerror(errno))); \(unchanged)", at: SourceLocation(file: path)) }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Makes the new version durable and visible.
    public func commit() throws(PennyError) {
        try flush()
        var status = stat()
        if stat(path, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
        let synced = !FaultInjection.fails(.fsync) && fsync(descriptor) == 0
        let syncError = errno
        close(descriptor)
        descriptor = -1
        guard synced else {
            throw PennyError(.ledgerUnavailable, "cannot sync \(temporary): \(String(cString: strerror(syncError))); \(unchanged)", at: SourceLocation(file: path))
        }
        guard !FaultInjection.fails(.rename), rename(temporary, path) == 0 else {
            throw PennyError(.ledgerUnavailable, "cannot replace \(path): \(String(cString: strerror(errno))); \(unchanged)", at: SourceLocation(file: path))
        }
        committed = true
        if let reason = FolderSync.sync(containing: path) {
            throw PennyError(
                .ledgerUnavailable, "the file was written, but its folder could not be synced (\(reason)): a power cut now could undo the change",
                at: SourceLocation(file: path))
        }
    }

    private var unchanged: String { FileManager.default.fileExists(atPath: path) ? "the file was not changed" : "the file was not written" }
}

/// Makes a rename durable: syncs the folder that holds a file.
enum FolderSync {
    /// Syncs the folder of `path`; the error's text when that fails.
    static func sync(containing path: String) -> String? {
        let directory = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // A folder that cannot be opened (no read permission) cannot be synced either: as before.
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        guard !FaultInjection.fails(.dirsync), fsync(directory) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }
}
