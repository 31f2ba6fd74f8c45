#ifndef PENNY_SUPPORT_H
#define PENNY_SUPPORT_H

/// Asks the CPU to bring the cache line at `address` in ahead of its use (a hint: no fault,
/// no effect on results). The importer asks for the hash-table slots of the next rows while
/// it files the current ones, so their cache misses overlap instead of queueing.
static inline void penny_prefetch(const void *address) { __builtin_prefetch(address); }

#endif
