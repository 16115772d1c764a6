/* perf: the performance model over a finished loop model with its ExaSAT
 * detail (from measuretool -xml or read from XML): per loop nest, executed
 * flops, memory traffic under a layer-condition cache rule, working sets,
 * and a roofline runtime on a machine (README.md, "The performance model").
 *
 * perf_evaluate() fills a perf_result the caller releases with
 * perf_result_release(); the results point into the program, which must
 * outlive them.  Problems (a loop with no bounds, an unbound parameter) are
 * reported through diag at the loop's file and line, and give false. */
#ifndef AITOOL_PERF_H
#define AITOOL_PERF_H

#include <stdbool.h>
#include <stddef.h>

#include "loop_model.h"
#include "machine.h"
#include "perf_expr.h"

/* Reuse needs the data held between a use and its reuse to fit in a cache;
 * with other data around, LRU keeps it when it fills at most this much. */
#define PERF_CACHE_SHARE 0.5

/* One loop: its own level's work over a whole run of its nest. */
typedef struct perf_loop {
    const lm_loop *loop;
    long long trip;       /* iterations per entry, from the bounds */
    double executions;    /* times the body runs: trips and probabilities multiplied down the nest */
    double adds, multiplies, divides, specials; /* executed */
    double bytes;         /* memory traffic of the level's arrays */
    /* ws[k]: the bytes to hold for reuse across the iterations of level k
     * (0 = this loop, 1 = its parent, ...), for its own arrays; nlevels of
     * them, freed by perf_result_release. */
    double *ws;
    unsigned nlevels;
    /* For each cache of the machine: the outermost level whose reuse fits
     * (-1: not even the innermost). */
    int fits[MACHINE_MAX_CACHES];
} perf_loop;

typedef struct perf_nest {
    const lm_loop *top;
    perf_loop *loops;     /* the nest's loops in source order */
    size_t nloops;
    double flops, weighted_flops, specials, bytes;
    double working_set;   /* the largest ws of its loops at the nest's outermost level */
    double compute_s, memory_s, runtime_s;
    const char *bottleneck; /* "memory" or "compute" */
} perf_nest;

typedef struct perf_result {
    perf_nest *nests;
    size_t nnests;
    size_t *nest_of; /* by lm_loop.index: the nest a loop tops, or SIZE_MAX */
    size_t nloops;
    double flops, weighted_flops, specials, bytes, working_set;
    double compute_s, memory_s, runtime_s;
    const char *bottleneck;
} perf_result;

bool perf_evaluate(const lm_program *p, const machine *m, const perf_bindings *b,
                   perf_result *out);

/* A measurement of a loop, for one without bounds: its iterations per
 * entry, or false when it has none. */
typedef bool (*perf_measured_trip)(const void *ctx, const lm_loop *l, long long *trip);

/* perf_evaluate, with a loop without bounds taking its iterations from b
 * (FUNC_L<line>), else from measured (may be NULL), else from its pininfo. */
bool perf_evaluate_measured(const lm_program *p, const machine *m, const perf_bindings *b,
                            perf_measured_trip measured, const void *ctx, perf_result *out);
void perf_result_release(perf_result *r);

/* The prediction of the nest whose outermost loop is l, or NULL (r may be
 * NULL): how the reports join the model's results to the loops. */
const perf_nest *perf_nest_of(const perf_result *r, const lm_loop *l);

/* flops / bytes, 0 when nothing moves. */
double perf_intensity(double flops, double bytes);

#endif
