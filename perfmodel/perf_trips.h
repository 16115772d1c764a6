/* perf_trips: how many times each loop of a nest starts and runs its body, summed exactly
 * over the iteration space of the loops around it when its bounds name their variables
 * (`for (j = 0; j < i; j++)`); and the refusal of a -D/-param that names a loop variable.
 * Part of perfmodel/ (README.md, "The model"; the method is at the top of perf_trips.c).
 *
 * perf.c makes one perf_trips per nest with perf_trips_create and adds its loops in
 * preorder, each after the loops around it: perf_trips_sum when its bounds evaluate, else
 * perf_trips_given with the iterations per entry given by name or measured; it frees the
 * record with perf_trips_free.  The tools call perf_trips_check_bindings on the program
 * read.  Nothing returned needs freeing but the record itself. */
#ifndef AITOOL_PERF_TRIPS_H
#define AITOOL_PERF_TRIPS_H

#include <stdbool.h>

#include "bound_expr.h"
#include "loop_model.h"
#include "strbuf.h"

/* The most iterations of the loops around a loop that the sums walk one by one: a bound
 * that is not affine in their variables is evaluated at each of them. */
#define PERF_TRIPS_WALK_MAX 10000000.0

typedef struct perf_trips perf_trips;

/* One loop's counts over one run of its nest, without the probabilities of ExaSAT `if`
 * blocks (perf.c multiplies them in). */
typedef struct perf_trip_sums {
    double entries;    /* times the loop starts */
    double executions; /* times its body runs */
    double mean;       /* executions / entries; the trip of its bounds when it never starts */
    long long max;     /* the most iterations of one entry */
} perf_trip_sums;

typedef enum perf_trips_status {
    PERF_TRIPS_SUMMED,
    PERF_TRIPS_UNEVALUATED, /* no bounds, or they do not evaluate: why says why */
    /* no count can come from its bounds, whatever is given (a stride of 0, a loop around
     * it whose bound fails at some of its values): why says so; empty when a loop around
     * it failed before */
    PERF_TRIPS_FAILED,
} perf_trips_status;

perf_trips *perf_trips_create(const bexpr_bindings *b);
void perf_trips_free(perf_trips **t);

/* Sums l's counts from its bounds into *out; on PERF_TRIPS_UNEVALUATED, why ends with
 * "; " or ": " so that what the caller can do about it follows; on PERF_TRIPS_FAILED it
 * is the whole reason (or empty). */
perf_trips_status perf_trips_sum(perf_trips *t, const lm_loop *l, perf_trip_sums *out,
                                 strbuf *why);
/* Records l as running trip iterations each time it starts, on average (a loop without
 * bounds, given by name or measured; one that did not run: 0), its counts into *out. */
void perf_trips_given(perf_trips *t, const lm_loop *l, double trip, perf_trip_sums *out);
/* The times l starts in one run of its nest: its parent's executions (added before it),
 * 1 at the nest's top. */
double perf_trips_entries(const perf_trips *t, const lm_loop *l);
/* The counts of a loop added before; false when it was not (it failed). */
bool perf_trips_sums_of(const perf_trips *t, const lm_loop *l, perf_trip_sums *out);

/* Refuses, through diag ("OPTION NAME=VALUE: ..."), each binding of b that names a loop
 * variable of p where no bound outside the loops of that variable reads it: inside its
 * loops the name is the loop's variable, whatever is bound.  False when any was. */
bool perf_trips_check_bindings(const lm_program *p, const bexpr_bindings *b, const char *option);

#endif
