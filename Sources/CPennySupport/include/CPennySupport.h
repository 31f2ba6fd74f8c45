#ifndef PENNY_SUPPORT_H
#define PENNY_SUPPORT_H

/// Asks the CPU to bring the cache line at `address` in ahead of its use (a hint: no fault,
/// no effect on results). The importer asks for the hash-table slots of the next rows while
/// it files the current ones, so their cache misses overlap instead of queueing.
static inline void penny_prefetch(const void *address) { __builtin_prefetch(address); }

/// Starts writing the file's dirty pages to disk without waiting for them (Linux's
/// `sync_file_range` with `SYNC_FILE_RANGE_WRITE`; elsewhere nothing). The ledger writer
/// calls it after each megabyte, so the commit's `fsync` finds little left to write.
/// Returns 0, or -1 with `errno` (a hint: callers may ignore it).
int penny_start_writeback(int descriptor);

/// Copies `length` bytes from `input` at `*input_offset` to `output` at `*output_offset`
/// inside the kernel (Linux's `copy_file_range`, advancing both offsets); elsewhere -1
/// with `errno` ENOSYS. Returns the bytes copied (0 at the input's end), or -1.
long penny_copy_file_range(int input, long long *input_offset, int output, long long *output_offset, unsigned long length);

/// Makes glibc's malloc give every block of at least `bytes` its own mapping, returned to
/// the system when freed, instead of raising that threshold as large blocks come and go
/// (which keeps freed filters and buffers in the heap); elsewhere nothing. Returns 1 when set.
int penny_map_large_blocks(unsigned long bytes);

/// Swaps the files at `from` and `to` in one step (Linux's `renameat2` with
/// `RENAME_EXCHANGE`): each name then names the other's file, and no reader sees neither.
/// Returns 0, or -1 with `errno` (EINVAL or ENOSYS where the file system or system
/// cannot; elsewhere always ENOSYS).
int penny_rename_exchange(const char *from, const char *to);

/// Asks the kernel to back the whole 2 MiB pages inside `bytes` at `start` with huge pages
/// once they are first touched (Linux's `madvise` with `MADV_HUGEPAGE`; elsewhere nothing).
/// The large hash tables and filters an import probes at random then take a few TLB
/// entries instead of one per 4 KiB. Call it before the memory is written. Returns 0, or -1
/// with `errno` (a hint: callers may ignore it).
int penny_advise_huge_pages(void *start, unsigned long bytes);

#endif
