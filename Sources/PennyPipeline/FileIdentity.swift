import Foundation

/// A file at one moment, as `lstat` sees it: device, inode, size, modification time and
/// type. Two identities are equal when nothing was written to, renamed over or put in place
/// of the file in between (an append changes size and time; a replacement, the inode).
public struct FileIdentity: Equatable {
    /// What the path names (a symbolic link is not followed).
    public enum Kind: Equatable { case regular, directory, symbolicLink, other }

    /// The device (st_dev).
    public let device: UInt64
    /// The inode (st_ino).
    public let inode: UInt64
    /// The size in bytes.
    public let size: Int64
    /// Modification time in nanoseconds since 1970.
    public let modified: Int64
    /// What the path names.
    public let kind: Kind

    /// The identity of `path` now, or nil when nothing is there.
    public init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
    }

    /// Whole seconds since the last modification, when that is under `settle` seconds (or
    /// the time is up to `settle` seconds ahead of the clock); nil when the file has settled.
    public func settling(now: Date, settle: Int) -> Int? {
        let age = (Int64(now.timeIntervalSince1970 * 1_000_000_000) - modified) / 1_000_000_000
        return abs(age) < Int64(settle) ? Int(max(age, 0)) : nil
    }
}
