internal import CPennySupport
import Foundation
import PennyCore

/// A new version of a file, written into a temporary file beside it and put in its place
/// in one step: readers see the old content or the new, never a mix, and a run killed at
/// any instant leaves one or the other.
///
/// Every file Penny replaces goes through it (the ledger through `LedgerAppender`, its
/// index through `LedgerIndexWriter`, every other file through `AtomicFileWriter`): it
/// owns the steps, in order —
/// 1. `init`: the temporary file, made by `TemporaryFile` (exclusive, never through a link);
/// 2. the caller writes to `descriptor`;
/// 3. `commit`: the old file's permissions, fsync, the caller's `beforeRename`, the rename
///    over the file, fsync of the folder (the rename made durable).
///
/// Dropped before the rename (an error at any step, a rollback, a file never committed),
/// it closes and removes its temporary file: the old file stays as it was.
final class FileReplacement {
    /// How a replacement treats the file it replaces, and which `FaultStep`s it reaches.
    enum Kind {
        /// A file of the user's (the ledger, the rules, a report, the prices journal, the
        /// declarations, the round-ups' files): refused when read-only, the new version
        /// keeps the old one's permissions, and the fault steps `create`, `fsync`, `rename`
        /// and `dirsync` are reached.
        case document
        /// A sidecar Penny derives (the ledger's index): created with the default mode, and
        /// one fault step, `index` at creation (the tests count the others per ledger write).
        case sidecar
    }

    /// A step that failed, and the system's reason.
    struct Failure: Error {
        /// Which step.
        enum Step { case create, sync, rename, folderSync }
        /// The step that failed.
        let step: Step
        /// The system's text for the error (`strerror`).
        let reason: String
    }

    /// The file replaced.
    let path: String
    /// The temporary file beside it.
    let temporaryPath: String
    /// The temporary file, open for writing (-1 once closed).
    private(set) var descriptor: Int32
    /// True once the temporary file is renamed over `path`.
    private(set) var isReplaced = false
    private let kind: Kind
    /// The error a failed step is for the caller (each names its file its own way).
    private let wording: (Failure) -> PennyError

    /// The temporary file of `path`, beside it: `.NAME.penny-tmp`.
    static func temporaryPath(for path: String) -> String { LedgerPath.hiddenSibling(of: path, suffix: "penny-tmp") }

    /// Starts a new version of `path`: creates its temporary file (`temporaryPath`, or
    /// `.NAME.penny-tmp` beside it), open with `flags` (`O_WRONLY` or `O_RDWR`).
    init(
        replacing path: String, temporaryPath: String? = nil, flags: Int32 = O_WRONLY, kind: Kind = .document,
        wording: @escaping (Failure) -> PennyError
    ) throws(PennyError) {
        if kind == .document, let reason = LedgerPath.readOnlyReason(path) {
            throw PennyError(.ledgerUnavailable, reason, at: SourceLocation(file: path))
        }
        self.path = path
        self.temporaryPath = temporaryPath ?? Self.temporaryPath(for: path)
        self.kind = kind
        self.wording = wording
        descriptor = FaultInjection.fails(kind == .document ? .create : .index) ? -1 : TemporaryFile.create(self.temporaryPath, flags: flags)
        guard descriptor >= 0 else { throw wording(Failure(step: .create, reason: Self.systemReason)) }
    }

    /// A new version of `path` written into a file already there and open as `descriptor`
    /// (the ledger's kept base, `LedgerBase`); dropped before the rename, that file is
    /// removed as a temporary file is.
    init(replacing path: String, adopting descriptor: Int32, at temporaryPath: String, wording: @escaping (Failure) -> PennyError) {
        self.path = path
        self.temporaryPath = temporaryPath
        self.kind = .document
        self.wording = wording
        self.descriptor = descriptor
    }

    deinit { discard() }

    /// Closes the temporary file and, unless it was renamed into place, removes it.
    func discard() {
        close()
        if !isReplaced { unlink(temporaryPath) }
    }

    /// Makes what is written so far durable (the index syncs its body before its header).
    func sync() throws(PennyError) {
        guard !fails(.fsync), fsync(descriptor) == 0 else { throw wording(Failure(step: .sync, reason: Self.systemReason)) }
    }

    /// Makes the new version durable and visible: the old file's permissions (a document),
    /// fsync, `beforeRename` (what must happen after the new version is durable and before
    /// it is visible: the ledger's refiled entries are rewritten there), the rename, fsync
    /// of the folder. Returns the identity of the file renamed (nil if it could not be had).
    ///
    /// A failure before the rename leaves the old file (the temporary one is removed when
    /// this is dropped); a failed folder sync throws with the new version in place.
    ///
    /// With `exchanging`, the new version and the old swap names in one step instead
    /// (`penny_rename_exchange`): the old file is then at `temporaryPath` and `exchanged` is
    /// true; where the file system cannot swap, it is a rename as without.
    @discardableResult
    func commit(exchanging: Bool = false, beforeRename: () throws(PennyError) -> Void = {}) throws(PennyError) -> FileIdentity? {
        if kind == .document {
            var status = stat()
            if stat(path, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
        }
        try sync()
        var identity = FileIdentity(descriptor: descriptor)
        close()
        try beforeRename()
        // A hook may have replaced the temporary file (the refiled ledger): what is renamed
        // is the file now at its path.
        identity = FileIdentity(path: temporaryPath) ?? identity
        guard !fails(.rename), putInPlace(exchanging: exchanging) else { throw wording(Failure(step: .rename, reason: Self.systemReason)) }
        isReplaced = true
        if let reason = syncFolder() { throw wording(Failure(step: .folderSync, reason: reason)) }
        return identity
    }

    /// True once the commit swapped the new version with the old (the old one is now at
    /// `temporaryPath`, the caller's to keep or remove).
    private(set) var exchanged = false

    /// Swaps (with `exchanging`, where the file system can) or renames the temporary file
    /// into place; false with `errno` set when neither could be done.
    private func putInPlace(exchanging: Bool) -> Bool {
        if exchanging {
            if penny_rename_exchange(temporaryPath, path) == 0 {
                exchanged = true
                return true
            }
            // Not a file system that swaps (or no old file): the rename below.
            guard errno == EINVAL || errno == ENOSYS || errno == ENOENT || errno == EOPNOTSUPP else { return false }
        }
        return rename(temporaryPath, path) == 0
    }

    /// Closes the temporary file (it stays on disk until renamed or discarded).
    private func close() {
        if descriptor >= 0 { Foundation.close(descriptor) }
        descriptor = -1
    }

    /// Syncs the folder of `path`; the error's text when that fails. A folder that cannot
    /// be opened (no read permission) cannot be synced either, and is left as it is.
    private func syncFolder() -> String? {
        let folder = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { Foundation.close(folder) }
        guard !fails(.dirsync), fsync(folder) == 0 else { return Self.systemReason }
        return nil
    }

    /// True when the fault step is to fail now (a document's steps only).
    private func fails(_ step: FaultStep) -> Bool { kind == .document && FaultInjection.fails(step) }

    /// The text of the error in `errno`.
    private static var systemReason: String { String(cString: strerror(errno)) }
}
