internal import CPennySupport

/// How the process's allocator treats large blocks (the Bloom filters, id tables and write
/// buffers of an import), so that peak memory is what is live, not what was ever freed.
public enum LargeAllocations {
    /// Blocks of at least this many bytes get their own mapping, unmapped when freed.
    public static let mappedFrom = 1 << 20

    /// Gives every block of `mappedFrom` bytes or more its own mapping for the rest of the
    /// run. glibc otherwise raises its threshold to the largest block freed so far, and
    /// later blocks of that size come from the heap, which keeps what is freed; a 10M-row
    /// unordered import peaked 10 MB higher that way. At 256 KiB the import's buffers,
    /// allocated and freed over and over, were mapped and unmapped each time (+0.1 s of
    /// system time for 1M rows); at 8 MiB the 10M shuffled import peaked 8 MB higher; 1 MiB
    /// keeps both low. Call once, before any work.
    public static func mapFromNowOn() {
        _ = penny_map_large_blocks(UInt(mappedFrom))
    }

    /// Huge pages are 2 MiB: a block that spans one gets some.
    static let hugePageBytes = 2 << 20

    /// Asks for huge pages under the whole 2 MiB pages of `bytes` at `start`, which is not
    /// written yet (a fresh mapping: blocks of `mappedFrom` bytes or more get their own).
    /// A hint: nothing changes but the time a random probe takes.
    static func adviseHugePages(_ start: UnsafeMutableRawPointer, bytes: Int) {
        guard bytes >= hugePageBytes else { return }
        _ = penny_advise_huge_pages(start, UInt(bytes))
    }
}
