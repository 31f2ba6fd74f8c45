import Foundation

/// Keeping the entries in the transfer sidecar (`TransferSidecar`) across runs.
extension DefaultFiledEntries {
    /// The runs the sidecar keeps after this run: its own runs, then one merged from what
    /// this run added (less what it forgot). The newest two are merged while the newer
    /// holds at least half as many records as the older, so sizes fall geometrically and
    /// an entry is rewritten O(log n) times over the ledger's life. Nil when a file could
    /// not be written or read (the sidecar is then not written).
    /// - Complexity: O(records merged); memory is a page of words per run.
    func persistedRuns(folder: String, prefix: String) -> [TransferRunFile]? {
        if memoryCount > 0 { spill() }
        guard !failed else { return nil }
        // Each run with its place among the runs (what a forgotten id's record is judged by);
        // a merged run comes after them all.
        let placed = runs.enumerated().map { (run: $1, place: $0) }
        var kept = placed.filter { $0.run.file != nil }
        let spilled = placed.filter { $0.run.file == nil && $0.run.count > 0 }
        if !spilled.isEmpty {
            guard let merged = merge(spilled, folder: folder, prefix: prefix) else { return nil }
            kept.append((merged, Int.max))
        }
        while kept.count >= 2, kept[kept.count - 2].run.count <= 2 * kept[kept.count - 1].run.count {
            guard let merged = merge(Array(kept.suffix(2)), folder: folder, prefix: prefix) else { return nil }
            kept.removeLast(2)
            kept.append((merged, Int.max))
        }
        return kept.compactMap(\.run.file)
    }

    /// One run file of the records of `runs` in order, without the forgotten ones.
    private func merge(_ runs: [(run: Run, place: Int)], folder: String, prefix: String) -> Run? {
        guard var writer = TransferRunWriter(folder: folder, prefix: prefix) else { return nil }
        var streams = runs.map { placed in
            WordStream(range: placed.run.start..<(placed.run.start + placed.run.count * Self.recordWords)) { [self] buffer, at in
                read(placed.run, at: at, into: buffer)
            }
        }
        var heads = streams.indices.map { Self.record(&streams[$0]) }
        while let best = Self.smallest(heads), let (key, id, extra) = heads[best] {
            if isKept(id, inRun: runs[best].place) { writer.add(key, id: id, extra: extra) }
            heads[best] = Self.record(&streams[best])
        }
        guard !streams.contains(where: \.failed), let file = writer.finish() else { return nil }
        return Run(start: TransferRunFile.headerWords, count: file.count, fences: file.fences, file: file)
    }

    /// The next record of a run's words, or nil at its end.
    private static func record(_ stream: inout WordStream) -> (SortKey, UInt64, UInt64)? {
        guard let a = stream.pop(), let b = stream.pop(), let c = stream.pop(), let id = stream.pop(), let extra = stream.pop() else { return nil }
        return ((a, b, c), id, extra)
    }

    /// The index of the smallest record (by key, then id), or nil when all are done.
    private static func smallest(_ heads: [(SortKey, UInt64, UInt64)?]) -> Int? {
        var best: Int?
        for (i, head) in heads.enumerated() {
            guard let (key, id, _) = head else { continue }
            if let b = best, let (bestKey, bestID, _) = heads[b], bestKey < key || (bestKey == key && bestID <= id) { continue }
            best = i
        }
        return best
    }
}
