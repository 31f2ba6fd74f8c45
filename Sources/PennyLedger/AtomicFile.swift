import Foundation
public import PennyCore

/// Replaces a file's content in one step: temporary file beside it, fsync, rename, fsync
/// of the directory. Readers see the old content or the new, never a mix.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, keeping an existing file's permissions.
    public static func write(_ text: String, to path: String) throws(PennyError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".penny-tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PennyError(.ledgerUnavailable, "cannot create \(temporary)", at: SourceLocation(file: path)) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n <= 0 {
                close(fd)
                unlink(temporary)
                throw PennyError(.ledgerUnavailable, "cannot write \(temporary)", at: SourceLocation(file: path))
            }
            written += n
        }
        bytes = []
        var status = stat()
        if stat(path, &status) == 0 { fchmod(fd, status.st_mode & 0o7777) }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw PennyError(.ledgerUnavailable, "cannot replace \(path)", at: SourceLocation(file: path))
        }
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
