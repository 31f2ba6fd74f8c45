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
        // A large ledger is swapped with its new version, the old one kept as the base of
        // the next commit; when a base kept by the last commit checks out, it is written
        // into instead of copying the whole ledger (`LedgerBase`).
        let large = refilings.isEmpty && copy.length >= LedgerBase.minimumLength
        let base = large ? index.stampAtOpen.flatMap { LedgerBase.open(ledgerPath: self.ledgerPath, read: $0) } : nil
        // Owns the base from here: dropped before the swap (an error), it removes the base.
        let baseReplacement = base.map {
            FileReplacement(replacing: self.ledgerPath, adopting: $0.descriptor, at: $0.path, wording: LedgerAppender.wording(path: $0.path, ledgerPath: self.ledgerPath))
        }
        if let base {
            try fill(base)
        } else {
            try copy.copy(into: appender.descriptor, temporaryPath: appender.path)
        }
        // The next index's body (ids merged, table, filter) is written on another thread
        // while the ledger is synced and renamed; its header, which names the ledger as
        // renamed, comes after (refiled text is not tracked: the next run reads it).
        let (index, ids, appended) = (self.index, self.ids.ids, self.appended)
        let indexJob = refilings.isEmpty ? BackgroundJob { index.writeBody(appended: appended, ids: ids) } : nil
        // Whatever happens below, the job is over before this returns, and a body not
        // finished is discarded (its temporary file removed) here.
        defer { _ = indexJob?.take() }
        // Synced with the ledger's mode; the refiled entries rewritten in the synced file
        // (a replacement of its own) before it is renamed over the ledger.
        let (refilings, temporary, crlf, ledgerPath) = (self.refilings, appender.path, appender.writesCRLF, self.ledgerPath)
        if let base, let baseReplacement {
            // The filled base is swapped with the ledger; the temporary file of the appended text goes.
            committedStamp = try baseReplacement.commit(exchanging: true).flatMap(stampOfWritten)
            appender.discard()
            keepBase(exchanged: baseReplacement.exchanged, from: base.path)
        } else {
            let identity = try appender.commit(exchanging: large) { () throws(PennyError) in
                if !refilings.isEmpty { try refilings.apply(to: temporary, crlf: crlf, ledgerPath: ledgerPath) }
            }
            committedStamp = identity.flatMap(stampOfWritten)
            keepBase(exchanged: appender.exchanged, from: appender.path)
        }
        guard let body = indexJob?.take() ?? nil, let stamp = committedStamp else { return }
        try? body.finish(stamp: stamp)
    }

    /// Writes the kept base up to the new version: the bytes the ledger gained since the
    /// base was the ledger (after checking that nothing else changed the ledger), then what
    /// was appended.
    private func fill(_ base: LedgerBase) throws(PennyError) {
        try copy.copy(into: base.descriptor, temporaryPath: base.path, from: base.length)
        try appender.copyAppended(into: base.descriptor, at: base.path)
    }

    /// After the commit: the old ledger, which the swap left at `path`, becomes the base,
    /// recorded with the ledger as committed; without a swap (a small ledger, refiled
    /// entries, a file system that cannot), or without the committed stamp, any base goes.
    private func keepBase(exchanged: Bool, from path: String) {
        let basePath = LedgerBase.path(for: ledgerPath)
        guard exchanged, let committedStamp, path == basePath || rename(path, basePath) == 0 else {
            if exchanged { unlink(path) }
            return LedgerBase.forget(ledgerPath: ledgerPath)
        }
        LedgerBase.record(ledgerPath: ledgerPath, ledger: committedStamp)
    }

    /// What was appended, as the next index records it.
    private var appended: LedgerIndexUpdate.Appended {
        .init(newlines: appender.flushedNewlines, lastByte: appender.lastWrittenByte, totals: appendedTotals, balances: balances.tracked)
    }

    /// Nothing changed: the temporary file goes, and the index of the ledger as read is
    /// written if the ledger had none. The ledger is committed already: a failure leaves
    /// the old index, which its stamp makes stale, and the next run reads the ledger.
    private func finishUnchanged() {
        appender.discard()
        committedStamp = index.stampAtOpen
        guard let stamp = index.stampToWriteUnchanged else { return }
        try? index.writeBody(appended: appended, ids: ids.ids)?.finish(stamp: stamp)
    }

    /// The stamp of the file now at the ledger's path if it is the one written (`identity`);
    /// the next index's header and the transfer sidecar name it. Derived data: if this
    /// fails the ledger stands, and the next run reads it.
    private func stampOfWritten(_ identity: FileIdentity) -> LedgerStamp? {
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return nil }
        defer { close(input) }
        guard FileIdentity(descriptor: input) == identity else { return nil }
        return LedgerStamp(descriptor: input)
    }
}
