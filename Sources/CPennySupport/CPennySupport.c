// `sync_file_range` is a GNU extension: declared only with _GNU_SOURCE, set before any include.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/types.h>

#include "CPennySupport.h"

int penny_start_writeback(int descriptor) {
#ifdef __linux__
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    return 0;
#endif
}

#include <errno.h>
#include <unistd.h>

long penny_copy_file_range(int input, long long *input_offset, int output, long long *output_offset, unsigned long length) {
#ifdef __linux__
    off64_t in = *input_offset, out = *output_offset;
    ssize_t n = copy_file_range(input, &in, output, &out, length, 0);
    *input_offset = in;
    *output_offset = out;
    return n;
#else
    (void)input; (void)input_offset; (void)output; (void)output_offset; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

#ifdef __GLIBC__
#include <malloc.h>
#endif

int penny_map_large_blocks(unsigned long bytes) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}

#include <stdio.h>

int penny_rename_exchange(const char *from, const char *to) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

#include <stdint.h>
#include <sys/mman.h>

int penny_advise_huge_pages(void *start, unsigned long bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = 2UL << 20;
    uintptr_t first = ((uintptr_t)start + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)start + bytes) & ~(huge - 1);
    if (end <= first) return 0;
    return madvise((void *)first, end - first, MADV_HUGEPAGE);
#else
    (void)start;
    (void)bytes;
    return 0;
#endif
}
