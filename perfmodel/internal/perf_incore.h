/* perf_incore: the in-core time of a nest from the code the compiler generates for its
 * innermost loops (incore.h does the compiling and llvm-mca; perf.c calls this before
 * timing a nest, perf_time.c uses what it fills).  Fills perf_loop.incore of each
 * innermost loop and perf_nest.incore; the fallback strings it makes are freed with the
 * result (perf_incore_release). */
#ifndef AITOOL_PERF_INCORE_H
#define AITOOL_PERF_INCORE_H

#include <stdbool.h>

#include "machine.h"
#include "perf.h"

/* With opt->compile: each innermost loop of n that ran compiled, found and measured; the
 * nest uses them when all were, else falls back, said once at the loop that failed (a
 * warning).  llvm-mca missing is an error, said once a run (*mca_said): false then. */
bool perf_incore_nest(perf_nest *n, const machine *m, const perf_options *opt,
                      bool *mca_said);

/* After the nest is timed: its in-core seconds on `cores` cores and their share of the
 * runtime. */
void perf_incore_share(perf_nest *n, const machine *m, unsigned cores);

void perf_incore_release(perf_incore *c);

#endif
