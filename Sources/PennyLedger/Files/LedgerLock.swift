import Foundation
public import PennyCore

/// An exclusive lock on a ledger (`<ledger>.lock`, flock), so two imports never interleave.
///
/// The lock is released when the value is deinitialized or the process dies.
public final class LedgerLock {
    private let descriptor: Int32

    /// Takes the lock, waiting up to `waitSeconds`; then fails with exit code 3's error.
    public init(ledgerPath: String, waitSeconds: Int) throws(PennyError) {
        let path = ledgerPath + ".lock"
        if let reason = LedgerPath.readOnlyFolderReason(ledgerPath) { throw PennyError(.ledgerUnavailable, reason, at: SourceLocation(file: ledgerPath)) }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw PennyError(.ledgerUnavailable, "cannot create lock file: \(String(cString: strerror(errno)))", at: SourceLocation(file: path))
        }
        let deadline = Date().addingTimeInterval(TimeInterval(waitSeconds))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw PennyError(.ledgerUnavailable, "the ledger is locked by another penny run (waited \(waitSeconds) s; see --wait)", at: SourceLocation(file: ledgerPath))
                    .coded(.locked)
            }
            usleep(100_000)
        }
        descriptor = fd
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
