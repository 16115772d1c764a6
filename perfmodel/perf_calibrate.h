/* perf_calibrate: measure the machine this runs on and describe it as a machine file. */
#ifndef AITOOL_PERF_CALIBRATE_H
#define AITOOL_PERF_CALIBRATE_H

#include <stdbool.h>
#include <stdio.h>

#include "machine.h"

/* Fills m (name, peak_gflops, memory_bandwidth_gbs, write_allocate, cores, caches, flop_weights)
 * from measurements; progress lines go to `log` when not NULL.  False after an error reported through diag.
 * Whatever m held before is overwritten, not freed.  After a failure m holds no heap memory; after
 * success m->name is a heap string the caller owns (machine_free() frees it).  Takes a few seconds
 * and every core; x86-64 only. */
bool perf_calibrate(machine *m, FILE *log);

/* MemAvailable of /proc/meminfo in bytes; 0 when it cannot be read. */
unsigned long long perf_calibrate_available_memory(void);

#endif
