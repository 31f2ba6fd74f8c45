import Foundation
import PennyCore

/// The commit sequence: copy the old ledger in, sync, rewrite refiled entries, rename,
/// sync the folder, and write the next index.
extension LedgerUpdate {
    /// Makes the change durable and visible in one step (no-op for a dry run). When
    /// nothing was appended or refiled (a re-import of rows all in the ledger already),
    /// the ledger is left as it is: nothing to copy, sync or rename.
    public func commit() throws(PennyError) {
        guard !isDryRun else { return }
        try appender.stopWriter()
        guard appender.offset != copy.length || !refilings.isEmpty else { return finishUnchanged() }
        try copy.copy(into: appender.descriptor, temporaryPath: appender.path)
        // The next index's body (ids merged, table, filter) is written on another thread
        // while the ledger is synced and renamed; its header, which names the ledger as
        // renamed, comes after (refiled text is not tracked: the next run reads it).
        let (index, ids, appended) = (self.index, self.ids.ids, self.appended)
        let indexJob = refilings.isEmpty ? BackgroundJob { index.writeBody(appended: appended, ids: ids) } : nil
        // Whatever happens below, the job is over before this returns, and a body not
        // finished is discarded (its temporary file removed) here.
        defer { _ = indexJob?.take() }
        let identity = try syncTemporary()
        if !refilings.isEmpty { try refilings.apply(to: appender.path, crlf: appender.writesCRLF, ledgerPath: ledgerPath) }
        try replaceLedger()
        guard let body = indexJob?.take() ?? nil, let identity else { return }
        finishIndex(body, ifLedgerIs: identity)
    }

    /// What was appended, as the next index records it.
    private var appended: LedgerIndexUpdate.Appended {
        .init(newlines: appender.flushedNewlines, lastByte: appender.lastWrittenByte, totals: appendedTotals, balances: balances.tracked)
    }

    /// Nothing changed: the temporary file goes, and the index of the ledger as read is
    /// written if the ledger had none. The ledger is committed already: a failure leaves
    /// the old index, which its stamp makes stale, and the next run reads the ledger.
    private func finishUnchanged() {
        appender.close()
        unlink(appender.path)
        committed = true
        guard let stamp = index.stampToWriteUnchanged else { return }
        try? index.writeBody(appended: appended, ids: ids.ids)?.finish(stamp: stamp)
    }

    /// Gives the temporary file the ledger's mode, syncs and closes it; returns its identity.
    private func syncTemporary() throws(PennyError) -> FileIdentity? {
        let descriptor = appender.descriptor
        var status = stat()
        if stat(ledgerPath, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
        guard !FaultInjection.fails(.fsync), fsync(descriptor) == 0 else {
            throw appender.unwritable("cannot sync \(appender.path): \(String(cString: strerror(errno))); the ledger was not changed")
        }
        let identity = FileIdentity(descriptor: descriptor)
        appender.close()
        return identity
    }

    /// Renames the temporary file over the ledger and syncs the folder.
    private func replaceLedger() throws(PennyError) {
        guard !FaultInjection.fails(.rename), rename(appender.path, ledgerPath) == 0 else {
            throw appender.unwritable("cannot replace the ledger: \(String(cString: strerror(errno))); the ledger was not changed")
        }
        committed = true
        if let reason = FolderSync.sync(containing: ledgerPath) {
            throw appender.unwritable(
                "the ledger was written, but its folder could not be synced (\(reason)): a power cut now could undo the change; nothing else was done")
        }
    }

    /// Writes the header of the index `body`, stamped from the file now at the ledger's
    /// path if it is the one written (`identity`). Derived data: if this fails the ledger
    /// stands, and the next run reads it.
    private func finishIndex(_ body: LedgerIndexWriter.IndexBody, ifLedgerIs identity: FileIdentity) {
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return }
        defer { close(input) }
        guard FileIdentity(descriptor: input) == identity, let stamp = LedgerStamp(descriptor: input) else { return }
        try? body.finish(stamp: stamp)
    }
}
