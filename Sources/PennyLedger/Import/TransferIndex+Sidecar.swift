import Foundation

/// The index kept across runs in the ledger's `TransferSidecar`.
extension TransferIndex {
    /// The index as the sidecar keeps it for the ledger version `stamp` and the rules of
    /// `fingerprint`; nil (read the ledger instead) when there is none that fits.
    /// - Complexity: O(paired ids + transfer entries' keys, read once for their filters +
    ///   pages of the default-filed runs / 128); the entries stay in the sidecar's files.
    public static func fromSidecar(
        _ sidecar: TransferSidecar, stamp: LedgerStamp, fingerprint: String, windows: @escaping (String, String) -> Int, maxWindow: Int, scratchNear: String
    ) -> TransferIndex? {
        guard let (contents, defaultFiled, transfers) = sidecar.load(stamp: stamp, fingerprint: fingerprint) else { return nil }
        let index = TransferIndex(windows: windows, maxWindow: maxWindow, scratchNear: scratchNear)
        index.uncategorized.attach(defaultFiled, accounts: contents.defaultFiled.accounts, currencies: contents.defaultFiled.currencies)
        index.transferEntries.attach(transfers, accounts: contents.transfers.accounts, currencies: contents.transfers.currencies)
        index.adoptKept(transfers: transfers.reduce(0) { $0 + $1.count })
        for id in contents.paired { index.markPaired(id) }
        return index
    }

    /// Writes the index into the sidecar as describing the ledger version `stamp` for the
    /// rules of `fingerprint`; false when it could not (the old manifest, stale, stays).
    public func persist(_ sidecar: TransferSidecar, stamp: LedgerStamp, fingerprint: String) -> Bool {
        guard let defaultFiled = uncategorized.persistedRuns(folder: sidecar.folder, prefix: sidecar.runPrefix),
            let transfers = transferEntries.persistedRuns(folder: sidecar.folder, prefix: sidecar.runPrefix)
        else { return false }
        let contents = TransferSidecar.Contents(
            stamp: stamp, fingerprint: fingerprint, paired: paired.sorted(), defaultFiled: Self.store(uncategorized, defaultFiled),
            transfers: Self.store(transferEntries, transfers))
        return sidecar.write(contents)
    }

    /// A store as the manifest names it.
    private static func store(_ entries: DefaultFiledEntries, _ files: [TransferRunFile]) -> TransferSidecar.Store {
        TransferSidecar.Store(accounts: entries.accountNames, currencies: entries.currencyNames, runs: files.map { ($0.name, $0.count) })
    }
}
