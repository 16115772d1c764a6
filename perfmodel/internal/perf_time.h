/* perf_time: a nest's counts into time on a machine with a benchmarks table
 * (perfmodel's own; perf.c calls it): the roofline of each level, or ECM.
 * Fills the nest's levels, ecm, compute_s, memory_s, runtime_s and
 * bottleneck; owns nothing.  *warned says a fallback to a benchmark that
 * was not measured for the case has been reported already (once a run). */
#ifndef AITOOL_PERF_TIME_H
#define AITOOL_PERF_TIME_H

#include <stdbool.h>

#include "machine.h"
#include "perf.h"

/* The loop's FP operations weighted by the machine's weights (perf.c). */
double perf_loop_weighted_flops(const perf_loop *pl, const machine *m);

void perf_time_nest(perf_nest *n, const machine *m, perf_model model, unsigned cores,
                    bool *warned);

#endif
