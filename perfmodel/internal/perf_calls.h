/* perf_calls: the model's whole-program view (perf.c calls it): how often
 * each nest runs when calls are followed, and what a caller's loop keeps of
 * the work its calls added, so that nothing counts twice.  Owns nothing; the
 * essay is at the top of perf_calls.c. */
#ifndef AITOOL_PERF_CALLS_H
#define AITOOL_PERF_CALLS_H

#include <stdbool.h>

#include "loop_model.h"
#include "perf.h"

/* What a call of each function of a program leaves where it is made (its
 * operations outside loops, following its function-level calls), worked out
 * once a function; create and free per evaluation. */
typedef struct perf_calls_memo perf_calls_memo;
perf_calls_memo *perf_calls_memo_create(const lm_program *p);
void perf_calls_memo_free(perf_calls_memo **m);

/* l's own FP operations less what its calls of program functions added that
 * those functions' nests count at their own runs. */
void perf_calls_own(perf_calls_memo *m, const lm_loop *l, lm_fp_counts *out);

/* Whether a measurement gives the times the loop `top` was entered. */
typedef struct perf_calls_measure {
    bool (*entries)(const void *ctx, const lm_loop *top, unsigned long long *entries);
    const void *ctx;
} perf_calls_measure;

/* Said of nest n when how often it runs is not known: `call`, at the
 * outermost loop `in` of a nest with no prediction, calls its function. */
typedef void (*perf_calls_unknown_fn)(void *ctx, perf_nest *n, const lm_call *call,
                                      const lm_loop *in);

/* Scale each predicted nest of r, evaluated for one entry, to the times it
 * runs in the program (perf_nest.runs); a nest whose runs are not known is
 * handed to `unknown` instead. */
void perf_calls_runs(const lm_program *p, perf_result *r, const perf_calls_measure *measure,
                     perf_calls_unknown_fn unknown, void *ctx);

#endif
