/* calibrate: measures the machine this runs on and describes it as a
 * machine (perfmodel's machine.h, written out as a machine file): peak and
 * weights, memory bandwidth, caches from /sys, CPUID or sysconf, and the
 * benchmarks table.  x86-64 intrinsics and CPUID, OpenMP, /sys and /proc:
 * the one part of the model that is not pure C, so it sits above
 * perfmodel/, which never calls it.
 *
 * Used by perfmodel -calibrate (tools/perfmodel_cli.c), bench/validate
 * (calibrates in the same run and allocates its kernels' arrays here) and
 * test_perf.  Owns nothing between calls: what a call fills in m is the
 * caller's, freed with machine_free(); calib_alloc_array's arrays are
 * free()d by the caller. */
#ifndef AITOOL_CALIBRATE_H
#define AITOOL_CALIBRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "machine.h"

/* Fills m (name, peak_gflops, memory_bandwidth_gbs, write_allocate, cores, caches, flop_weights,
 * benchmarks) from measurements; progress lines go to `log` when not NULL.  False after an error
 * reported through diag.  Whatever m held before is overwritten, not freed.  After a failure m
 * holds no heap memory; after success m->name and m->benchmarks.bandwidths are the caller's
 * (machine_free() frees them).  Takes under a minute and every core; x86-64 only. */
bool calib_machine(machine *m, FILE *log);

/* The benchmarks part of calib_machine alone: fills m->benchmarks (overwritten, not freed)
 * for the m->cores, m->caches and m->write_allocate it is given: the clock, the in-core
 * cycles, every streaming kernel with its data in every cache and in memory on 1 and on
 * m->cores threads, the transfer rates.  False after an error reported through diag, with
 * nothing allocated. */
bool calib_benchmarks(machine *m, FILE *log);

/* The core's clock in GHz as it runs now: the best of 200 timed runs of 0.5 ms of a chain
 * of dependent integer adds (register to register, one cycle each on every x86-64 core),
 * after a warm-up; about 0.2 s on one core.  Not the nominal clock
 * of /proc/cpuinfo, which a boosting core (or a VM's) outruns. */
double calib_core_clock_ghz(void);

/* Of two calibrations of the same machine, the better measurement of each benchmark into
 * `into`: the fewer cycles (in-core costs, add latency, scalar accesses, barrier), the
 * longer chain window, the higher bandwidth of each row `from` shares with `into` and the
 * higher transfer rate; rows only in `from` are not added.  Each calibration measures its
 * own clock, and a disturbed measurement only reads it slower: the clock kept is the
 * faster of the two, and both tables' cycles are restated at it (x that clock / their
 * own) before they are compared, so that the shorter time wins, not the fewer cycles.  A
 * calibration is a best of runs; on a machine whose state drifts (a VM whose host moves
 * its vCPUs), two calibrations minutes apart are a best over that span, as a validation's
 * passes over the same span keep each kernel's best. */
void calib_keep_best(machine_benchmarks *into, const machine_benchmarks *from);

/* Where the cache sizes may come from, in the order they are asked. */
enum {
    CALIB_CACHES_SYSFS = 1,   /* sysfs_dir: the kernel's /sys/devices/system/cpu/cpu0/cache */
    CALIB_CACHES_CPUID = 2,   /* Intel's leaf 4, AMD's leaf 0x8000001D */
    CALIB_CACHES_SYSCONF = 4, /* glibc's _SC_LEVEL*_CACHE_SIZE */
    CALIB_CACHES_ALL = 7,
};

/* Fills m->caches (data and unified, by level) from the first of `sources`
 * that tells; returns which ("sysfs", "CPUID leaf 4", "CPUID leaf
 * 0x8000001D", "sysconf"), or NULL with no caches. */
const char *calib_read_caches(machine *m, const char *sysfs_dir, unsigned sources);

/* An array for a benchmark: 64-byte aligned and, from 2 MiB up, on huge pages where the kernel
 * gives them on request (madvise; this VM does only then).  Kernels that walk streams far apart
 * (a 3D stencil's planes) otherwise miss the TLB, and under a hypervisor a miss walks two page
 * tables: a cost the model does not have and systems with transparent huge pages always on do
 * not pay.  The calibration and bench/validate both allocate with it, so the benchmarks and
 * the kernels they predict see the same pages.  NULL when memory runs out; free() frees it. */
void *calib_alloc_array(size_t bytes);

/* MemAvailable of /proc/meminfo in bytes; 0 when it cannot be read. */
unsigned long long calib_available_memory(void);

#endif
