import Foundation

/// Creates the temporary file Penny writes a new version into (`.ledger.journal.penny-tmp`,
/// the index's, a page's): whatever is at that path is removed first — a stale file of a
/// run that was cut off, or a symbolic link planted there — and the file is created
/// exclusively, never through a link, so a write can never reach another file.
enum TemporaryFile {
    /// A new file at `path` opened with `flags` (plus create-exclusive, no-follow and
    /// close-on-exec), or -1 with `errno` set.
    static func create(_ path: String, flags: Int32) -> Int32 {
        if unlink(path) != 0 && errno != ENOENT { return -1 }
        return open(path, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }
}
