/* perf: the performance model over a finished loop model with its ExaSAT
 * detail (from measuretool -xml or read from XML): per loop nest, executed
 * flops, memory traffic under a layer-condition cache rule, working sets,
 * and a roofline runtime on a machine (README.md, "The model").
 * Used by perfmodel and measuretool (-machine), the reports of predictions
 * and the benchmark validation.
 *
 * Used by perfmodel, measuretool -machine and bench/validate.  perf_evaluate(),
 * the one entry point, takes its model, cores, bindings and measurement in
 * a perf_options and fills a perf_result the caller releases with
 * perf_result_release(); the results point into the program, which must
 * outlive them.  A nest the model cannot predict (a loop with no bounds, an
 * unbound parameter) is still a nest of the result, marked with its reason and
 * said at the loop as perf_options.say asks; perf_evaluate gives false only
 * after an error (a negative count given, or -strict's unpredicted nest). */
#ifndef AITOOL_PERF_H
#define AITOOL_PERF_H

#include <stdbool.h>
#include <stddef.h>

#include "loop_model.h"
#include "machine.h"
#include "bound_expr.h"

/* Reuse needs the data held between a use and its reuse to fit in a cache;
 * with other data around, LRU keeps it when it fills at most this much. */
#define PERF_CACHE_SHARE 0.5

/* The levels that serve data: 0 is L1 (the loads and stores themselves),
 * k the level beyond cache k-1 (the next cache, or memory after the last). */
enum { PERF_MAX_LEVELS = MACHINE_MAX_CACHES + 1 };

/* The model that turns counts into time (README.md, "The model"). */
typedef enum perf_model {
    PERF_ROOFLINE, /* max(compute, the traffic of each level over its bandwidth) */
    PERF_ECM,      /* Execution-Cache-Memory: in-core time plus transfers, scaled to the cores */
} perf_model;

/* What a measurement says of loop l: false when it has none; else *entries,
 * the times the loop was entered in the measured run (each thread's entry of
 * a worksharing loop counts), and *iterations, its iterations in all. */
typedef bool (*perf_measured_counts)(const void *ctx, const lm_loop *l,
                                     unsigned long long *entries,
                                     unsigned long long *iterations);

/* How a nest the model cannot predict is said, at the loop whose count is
 * missing: a warning (the default), an error that makes the evaluation give
 * false (-strict), or not at all (a sweep's later points repeat the first's). */
typedef enum perf_unpredicted_say {
    PERF_UNPREDICTED_WARN,
    PERF_UNPREDICTED_ERROR,
    PERF_UNPREDICTED_QUIET,
} perf_unpredicted_say;

/* What an evaluation is asked for, besides the program and the machine. */
typedef struct perf_options {
    perf_model model;
    /* The cores that run every nest; 0: a nest with a worksharing loop (omp for) runs on
     * all the machine's, any other on one (perf_nest.cores). */
    unsigned cores;
    const bexpr_bindings *bindings; /* the symbols of the loop bounds */
    /* A loop without bounds takes its iterations from bindings (FUNC_L<line>),
     * else from measured (NULL: none) called with measured_ctx, else from its
     * pininfo.  A loop that either says was entered 0 times did not run in that
     * run, bounds or not: it costs 0 (perf_loop.did_not_run). */
    perf_measured_counts measured;
    const void *measured_ctx;
    perf_unpredicted_say say;
    /* The in-core time from the compiled code (perf_incore.c, README.md "The model"): the
     * compiler command each innermost loop's file is compiled with ("cc -O2
     * -march=native", split in words, never given to a shell); NULL: off, the in-core
     * time is the estimate from the counts.  The files are the loops' lm_loop.loc.file.
     * A nest that falls back is warned about at its loop (not with say QUIET); llvm-mca
     * missing is an error that makes perf_evaluate give false. */
    const char *compile;
    /* llvm-mca's -mcpu: NULL is "native" (the CLIs pass the machine file's "mcpu" when
     * the user gave none); mca the llvm-mca program, NULL: llvm-mca-19. */
    const char *mcpu;
    const char *mca;
    /* Where a kernel read from ExaSAT XML (which names no source) has its C file: k.xml's
     * is DIR/k.c (or .cc, .cpp, .cxx); NULL: beside the XML. */
    const char *source_dir;
} perf_options;

/* The most cores -cores takes, and its message for a bad value (args.h's
 * row text): measuretool's and perfmodel's rows say the same. */
#define PERF_MAX_CORES 1048576
#define PERF_CORES_BAD "-cores {value}: {why}"

/* The options -model NAME (may be NULL) and -cores N (0: not given) into
 * *out; false after a usage error reported through diag. */
bool perf_options_parse(const char *model, long long cores, perf_options *out);

/* The compiler command of perf_options.compile: -compile's value (given; "off" is NULL),
 * else the machine file's "compile" (NULL when it names none). */
const char *perf_compile_command(const char *given, const machine *m);

/* Whether machine m (read from machine_file) can do what opt asks: 0, or
 * the exit status of the error reported (1: ECM without a benchmarks table,
 * 2: more cores than it has). */
int perf_options_check(const perf_options *opt, const machine *m, const char *machine_file);

/* The in-core time from the compiled code (perf_options.compile).  Each innermost loop
 * of a nest has one (perf_loop.incore: its own loop's numbers), and the nest one
 * (perf_nest.incore) that sums its innermost loops' cycles and seconds and describes the
 * one of them with the most cycles.  A nest uses the assembly only when all its innermost
 * loops that ran were analysed; else `fallback` says why (the first failure) and the nest
 * keeps the estimate from its counts. */
typedef struct perf_incore {
    bool used;
    const char *compiler;       /* the command: perf_options.compile (NULL: off) */
    bool vectorized;
    unsigned vector_bits, lanes;
    double unroll;
    /* Cycles of one core per source iteration of the compiled main loop (llvm-mca's
     * cycles per pass over the source iterations a pass covers), and of the leftover
     * iterations (trip mod lanes x unroll): the remainder loop's, else the main loop's
     * pass over its unroll (a vector iteration's instructions, one element wide), or its
     * cycles per iteration when it is bound by a chain (perf_incore.c). */
    double cycles_per_iteration, remainder_cycles_per_iteration;
    bool remainder_loop;        /* the remainder's cost is its own loop's */
    double remainder_iterations; /* leftover iterations over the run */
    /* Cycles an entry of the loop of the code the compiler runs once around it (the
     * enclosing loop's own instructions, the test for leftover iterations: perf_incore.c,
     * "Code an entry"), included in cycles. */
    double entry_cycles;
    char bottleneck[128];       /* llvm-mca's most loaded resource(s) */
    /* Over the run, on one core: all the cycles (ECM's T_OL part from the assembly),
     * and those of the load/store ports (its T_nOL part). */
    double cycles, load_store_cycles;
    double seconds;             /* the in-core seconds on the nest's cores (nest only) */
    double share;               /* seconds / the nest's runtime, at most 1 (nest only) */
    char *fallback;             /* why not used (freed with the result); NULL: used or off */
    /* The enclosing loop whose assembly loop gave the cycles when the compiler unrolled
     * the inner loops into it (perf_incore.c, "Unrolled inner loops"): set on it, with
     * its cycles, and on each loop it swallowed, `used` with no cycles of their own.
     * NULL: an innermost loop's own assembly loop. */
    const lm_loop *enclosing;
} perf_incore;

/* One loop: its own level's work over a whole run of its nest. */
typedef struct perf_loop {
    const lm_loop *loop;
    /* The measurement says it was entered 0 times, or an enclosing loop of
     * its nest was: trip 0, all its counts 0. */
    bool did_not_run;
    /* iterations per entry, from the bounds: their mean, rounded, when the bounds name
     * enclosing loops' variables (perf_trips.h) */
    long long trip;
    double executions;    /* times the body runs: trips and probabilities multiplied down the nest */
    double entries;       /* times the loop starts: its enclosing body's executions */
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
    /* By serving level (see PERF_MAX_LEVELS), from cold caches: the bytes,
     * and the read streams (write-allocations included) and write streams
     * that carry them, each counted by the elements it moves against the
     * level's busiest (perf_weigh_streams), to a tenth. */
    double level_bytes[PERF_MAX_LEVELS];
    double level_reads[PERF_MAX_LEVELS], level_writes[PERF_MAX_LEVELS];
    /* Of the memory level's bytes, those of arrays the loop stores to a page or more apart
     * from one iteration to the next (perf.c, "Stores a page apart"), and the lines
     * they write. */
    double paged_bytes, paged_lines;
    double footprint; /* bytes of all the data the loop's own level touches */
    /* Adds into FP scalars carried from one iteration to the next (a
     * reduction s = s + ...), over the run: each waits for the one before. */
    double chain_steps;
    /* The steps of one chain when each iteration of an enclosing loop starts
     * a new one (its scalar declared in that loop's body), so that chains of
     * consecutive iterations are independent; 0: one chain through the nest. */
    double chain_length;
    double operations; /* loads, stores and FP operations of one iteration */
    /* With the machine's scalar_load_cycles: the loads and stores, over the run, that the
     * compiler issues one element at a time (perf.c, "Loads one at a time"); their bytes
     * are not in level_bytes[0], which holds the vectorized accesses'. */
    double scalar_loads, scalar_stores;
    /* With the machine's benchmarks: the cycles one step of its chains costs
     * (the add latency, less where independent chains overlap). */
    double chain_step_cycles;
    perf_incore incore; /* an innermost loop's, with perf_options.compile */
} perf_loop;

/* What one level costs a nest, in the steady state (the nest runs again and
 * again, so data that fits in a cache is served from there). */
typedef struct perf_level {
    const char *name;      /* "L1", ..., "memory" (static) */
    double bytes;
    double reads, writes;  /* streams of the loop carrying most of the bytes */
    int kernel;            /* the benchmark chosen (enum machine_kernel), -1: none */
    double gbs;            /* its bandwidth at this level on the cores used */
    double seconds;        /* roofline: bytes / gbs; ECM: the transfer into the level before */
    /* memory only: of its bytes, those of store streams a page apart, and their lines,
     * each at the machine's paged_store_cycles where that is longer (perf_time.c) */
    double paged_bytes, paged_lines;
    /* L1 only: of its seconds, those of the accesses issued one element at a time (the
     * scalar loads and stores of the nest's loops): roofline, on the cores used; ECM, on
     * one core, in T_nOL. */
    double scalar_s;
} perf_level;

/* The ECM model's parts for one nest, in seconds of one core. */
typedef struct perf_ecm {
    double overlapping_s;     /* T_OL: arithmetic */
    double non_overlapping_s; /* T_nOL: loads and stores in L1 */
    double single_core_s;     /* max(T_OL, T_nOL + the transfers) */
    double saturation_cores;  /* cores at which a level's bandwidth limits; 0: none does */
} perf_ecm;

/* The bottleneck of a nest that did not run, and of one the model could not predict. */
#define PERF_DID_NOT_RUN "did not run"
#define PERF_UNPREDICTED "unpredicted"

typedef struct perf_nest {
    const lm_loop *top;
    /* Its outermost loop was measured with 0 entries: every count and time is
     * 0 and bottleneck says so; its loops are still listed, each did_not_run. */
    bool did_not_run;
    /* The model could not predict it: why (the bound or count missing and what
     * would supply it), said at the loop unpredicted_at; then it has no loops, its
     * numbers are 0, it is in no total and its bottleneck is PERF_UNPREDICTED. */
    char *unpredicted;
    const lm_loop *unpredicted_at;
    perf_loop *loops;     /* the nest's loops in source order */
    size_t nloops;
    double flops, weighted_flops, specials, bytes;
    double working_set;   /* the largest ws of its loops at the nest's outermost level */
    double compute_s, memory_s, runtime_s;
    const char *bottleneck; /* "compute", "memory", or with benchmarks the level ("L2") */
    double footprint;       /* bytes of all its data */
    perf_level levels[PERF_MAX_LEVELS]; /* with the machine's benchmarks */
    unsigned nlevels;                   /* 0 without them */
    perf_ecm ecm;                       /* -model ecm */
    /* On more than one core, with the machine's barrier_cycles: the parallel loops' own
     * cost (their schedule and closing barrier), in runtime_s; `barriers` of them a run of
     * the nest (perf_time.c). */
    double barrier_s, barriers;
    /* The cores it runs on: perf_options.cores when given, else the machine's for a nest
     * with a worksharing loop (omp for) and 1 for sequential code. */
    unsigned cores;
    bool worksharing;
    /* The times it runs in the program, which its counts and seconds cover: the
     * measured entries of its outermost loop, else as often as its function is
     * called, following the calls (perf_calls.c); 0 when it did not run. */
    double runs;
    perf_incore incore; /* with perf_options.compile: see perf_incore */
} perf_nest;

typedef struct perf_result {
    perf_nest *nests;
    size_t nnests;
    size_t npredicted; /* of the nests, those predicted (the totals cover these only) */
    size_t *nest_of; /* by lm_loop.index: the nest a loop tops, or SIZE_MAX */
    size_t nloops;
    double flops, weighted_flops, specials, bytes, working_set;
    double compute_s, memory_s, runtime_s;
    const char *bottleneck;
    perf_model model;
    unsigned cores; /* -cores, else the machine's: what a worksharing nest runs on */
    bool cores_given; /* -cores: every nest ran on them */
} perf_result;

/* The model of every nest of p on m.  Roofline without a benchmarks table
 * is one memory bandwidth; with one, each level's; ECM needs the table. */
bool perf_evaluate(const lm_program *p, const machine *m, const perf_options *opt,
                   perf_result *out);
void perf_result_release(perf_result *r);

/* The prediction of the nest whose outermost loop is l, or NULL (r may be
 * NULL): how the reports join the model's results to the loops. */
const perf_nest *perf_nest_of(const perf_result *r, const lm_loop *l);

/* flops / bytes, 0 when nothing moves. */
double perf_intensity(double flops, double bytes);

#endif
