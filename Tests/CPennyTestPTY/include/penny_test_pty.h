#ifndef PENNY_TEST_PTY_H
#define PENNY_TEST_PTY_H

/// Opens a new pseudo-terminal pair for the end-to-end tests: returns the master's
/// descriptor and writes the slave's path into `name` (at most `size` bytes), or -1.
int penny_test_open_pty(char *name, int size);

#endif
