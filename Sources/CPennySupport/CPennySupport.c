// `sync_file_range` is a GNU extension: declared only with _GNU_SOURCE, set before any include.
#define _GNU_SOURCE
#include <fcntl.h>

#include "CPennySupport.h"

int penny_start_writeback(int descriptor) {
#ifdef __linux__
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    return 0;
#endif
}
