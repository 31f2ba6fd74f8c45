import Foundation

/// The index kept across runs in the ledger's `TransferSidecar`.
extension TransferIndex {
    /// The index as the sidecar keeps it for the ledger version `stamp` and the rules of
    /// `fingerprint`; nil (read the ledger instead) when there is none that fits.
    /// - Complexity: O(transfer entries + paired ids + pages of the runs / 128); the
    ///   default-filed entries stay in the sidecar's files.
    public static func fromSidecar(
        _ sidecar: TransferSidecar, stamp: LedgerStamp, fingerprint: String, windows: @escaping (String, String) -> Int, scratchNear: String
    ) -> TransferIndex? {
        guard let (contents, files) = sidecar.load(stamp: stamp, fingerprint: fingerprint) else { return nil }
        let index = TransferIndex(windows: windows, scratchNear: scratchNear)
        index.uncategorized.attach(files, accounts: contents.accounts, currencies: contents.currencies)
        for entry in contents.transfers { index.add(entry) }
        for id in contents.paired { index.markPaired(id) }
        return index
    }

    /// Writes the index into the sidecar as describing the ledger version `stamp` for the
    /// rules of `fingerprint`; false when it could not (the old manifest, stale, stays).
    public func persist(_ sidecar: TransferSidecar, stamp: LedgerStamp, fingerprint: String) -> Bool {
        guard let files = uncategorized.persistedRuns(folder: sidecar.folder, prefix: sidecar.runPrefix) else { return false }
        let entries = byOther.keys.sorted().flatMap { byOther[$0]! }
        let contents = TransferSidecar.Contents(
            stamp: stamp, fingerprint: fingerprint, accounts: Self.names(uncategorized.accountNumbers), currencies: Self.names(uncategorized.currencyNumbers),
            transfers: entries, paired: paired.sorted(), runs: files.map { ($0.name, $0.count) })
        return sidecar.write(contents)
    }

    /// Names in the order of their numbers.
    private static func names(_ numbers: [String: UInt64]) -> [String] {
        numbers.sorted { $0.value < $1.value }.map(\.key)
    }
}
