import Foundation

/// Where the ledger really is: a `--ledger` that is a symbolic link names its target, so
/// the lock is taken beside the real file and the new version renamed over it (never over
/// the link, which would leave the real ledger without the import).
public enum LedgerPath {
    /// The path itself, or, for a symbolic link (even one whose target does not exist
    /// yet), the file it points to, followed through further links.
    public static func resolve(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, Int(PATH_MAX))
            guard length > 0 else { return current }
            let destination = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL.path
        }
        return current
    }

    /// The hidden file beside `path` that Penny keeps for it: `.NAME.SUFFIX` in the same
    /// folder (its temporary copy, index, transfer sidecar, kept base).
    static func hiddenSibling(of path: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + "." + suffix).path
    }

    /// True when a file (or anything) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// A reason to refuse writing `path`: it exists and its owner may not write it (checked on
    /// the mode bits, since root could write it anyway and would silently replace a file
    /// someone made read-only); nil when writing is fine.
    public static func readOnlyReason(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IWUSR == 0 else { return readOnlyFolderReason(path) }
        return "the file is read-only (mode \(String(status.st_mode & 0o777, radix: 8))); Penny will not replace it: make it writable (chmod u+w) to change it"
    }

    /// A reason to refuse writing beside `path`: its folder's owner may not write it (the
    /// mode bits again, for root's sake). The new version, the lock and the round-ups
    /// journal are all written in that folder.
    public static func readOnlyFolderReason(_ path: String) -> String? {
        let parent = (path as NSString).deletingLastPathComponent, folder = parent.isEmpty ? "." : parent
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_IWUSR == 0 else { return nil }
        return
            "the folder \(folder) is read-only (mode \(String(status.st_mode & 0o777, radix: 8))); Penny writes the new version beside the file and will not: make the folder writable (chmod u+w) to change it"
    }

    /// What `path` is when it exists and is not a regular file (links followed): "a
    /// directory", "a pipe", "a socket" or "a device" — none of which Penny reads or writes
    /// as a journal (a pipe or a device would never end).
    public static func notAFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }
}
