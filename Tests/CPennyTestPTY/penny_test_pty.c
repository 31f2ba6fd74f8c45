#define _XOPEN_SOURCE 600
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "penny_test_pty.h"

int penny_test_open_pty(char *name, int size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0) { close(master); return -1; }
    const char *slave = ptsname(master);
    if (slave == NULL || (int)strlen(slave) >= size) { close(master); return -1; }
    strcpy(name, slave);
    return master;
}
