#ifndef PENNY_CLIBCSV_SHIM_H
#define PENNY_CLIBCSV_SHIM_H
#include <stddef.h>
#include <csv.h>
#endif
