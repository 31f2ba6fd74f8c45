import Foundation

/// One version of a file as `stat` describes it: device, inode, size, modification time
/// and type, read from one `stat` call. Two identities are equal when nothing was written
/// to, renamed over or put in place of the file in between (an append changes size and
/// time; a replacement, the inode).
///
/// The one reading of those fields: the update's check that the ledger it read is the one
/// it replaces (`LedgerCopy`), the index's stamp (`LedgerStamp`, which adds the change
/// time and a hash of the file's edges) and batch mode's look at inbox files all use it.
public struct FileIdentity: Equatable, Sendable {
    /// What the path names.
    public enum Kind: Equatable, Sendable { case regular, directory, symbolicLink, other }

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

    /// The identity `status` describes.
    public init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
    }

    /// An identity from its fields (a stamp read back from the index).
    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, kind: Kind) {
        (self.device, self.inode, self.size, self.modified, self.kind) = (device, inode, size, modified, kind)
    }

    /// The identity of `path` now (a symbolic link itself, not followed: `lstat`), or nil
    /// when nothing is there.
    public init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the open file `descriptor` (`fstat`), or nil when it cannot be had.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}
