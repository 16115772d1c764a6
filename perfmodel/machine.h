/* machine: a machine description for the performance model, read from JSON
 * (README.md, "Machine files").  machine_load() returns a description the
 * caller frees with machine_free(); problems are reported through diag as
 * FILE:LINE:COL: error: ... and give NULL.
 * Used by perfmodel and measuretool (-machine), the reports of
 * predictions, chips (its hardware costs come from a machine file) and
 * perfmodel -calibrate, which writes one (machine_to_json: free() the
 * text). */
#ifndef AITOOL_MACHINE_H
#define AITOOL_MACHINE_H

#include <stdbool.h>
#include <stddef.h>

enum { MACHINE_MAX_CACHES = 8 };

typedef struct machine_cache {
    unsigned level;        /* 1, 2, 3 */
    unsigned long long size_bytes;
    double bandwidth_gbs;  /* 0 when not given */
} machine_cache;

/* The optional "chips" object: what the CHIP3S interpreter (chips/) charges
 * per operation, in seconds.  Each has_ flag says the file gave the value. */
enum { MACHINE_CHIPS_NFLOP = 9, MACHINE_CHIPS_NMEM = 2, MACHINE_CHIPS_NHLLC = 10 };

/* The element names, in the order of the arrays below. */
extern const char *const machine_chips_flop_names[MACHINE_CHIPS_NFLOP];
extern const char *const machine_chips_mem_names[MACHINE_CHIPS_NMEM];
extern const char *const machine_chips_hllc_names[MACHINE_CHIPS_NHLLC];

/* A cost of a user-defined vector type's element (chips -vectors): any
 * other key of "costs" names a type, its members its symbols' seconds, or
 * "unit" for a numeric type; chips checks them against the types it loaded.
 * line and col are the symbol's key in the file. */
enum { MACHINE_CHIPS_MAX_USER = 64, MACHINE_CHIPS_MAX_NAME = 64 };

typedef struct machine_chips_cost {
    char type[MACHINE_CHIPS_MAX_NAME + 1], element[MACHINE_CHIPS_MAX_NAME + 1];
    double seconds;
    unsigned line, col;
} machine_chips_cost;

typedef struct machine_chips {
    bool present;
    unsigned nproc; /* 0 when not given */
    double flop[MACHINE_CHIPS_NFLOP];
    bool has_flop[MACHINE_CHIPS_NFLOP];
    double mem[MACHINE_CHIPS_NMEM];
    bool has_mem[MACHINE_CHIPS_NMEM];
    double hllc[MACHINE_CHIPS_NHLLC];
    bool has_hllc[MACHINE_CHIPS_NHLLC];
    double icc_unit;
    bool has_icc;
    double L, o, g, G; /* LogGP */
    bool has_inpcom;
    double disk_seek, disk_byte; /* "disk": seconds a seek, and a byte transferred */
    bool has_disk;
    machine_chips_cost user[MACHINE_CHIPS_MAX_USER];
    unsigned nuser;
} machine_chips;

/* The optional "benchmarks" table (calibrate/ measures it; README.md,
 * "Machine files"): what the streaming kernels below reach with their data
 * in each level, on one core and on all; the in-core cost of the FP
 * operations; the clock that turns seconds into cycles. */
enum machine_kernel {
    MACHINE_LOAD1, /* s += a[i] */
    MACHINE_LOAD2, /* s += a[i] * b[i] */
    MACHINE_LOAD4, /* s += a[i] * b[i] + c[i] * d[i] */
    MACHINE_COPY,  /* a[i] = b[i] */
    MACHINE_UPDATE, /* a[i] = s * a[i] */
    MACHINE_DAXPY, /* a[i] = a[i] + s * b[i] */
    MACHINE_TRIAD, /* a[i] = b[i] + s * c[i] */
    MACHINE_SUM4,  /* a[i] = b[i] + c[i] + d[i] + e[i] */
    MACHINE_NKERNELS
};

typedef struct machine_kernel_info {
    const char *name; /* as in the file: "load1", ... */
    const char *code; /* the loop body, for messages and documentation */
    unsigned reads;   /* arrays read */
    unsigned writes;  /* arrays written */
    unsigned write_only; /* of those written, the ones not read (write-allocated) */
} machine_kernel_info;

extern const machine_kernel_info machine_kernels[MACHINE_NKERNELS];

/* A level beyond every cache: where a working set too big for all of them lives. */
enum { MACHINE_LEVEL_MEMORY = 1000 };

/* What one kernel reached with its working set in one level. */
typedef struct machine_bandwidth {
    unsigned kernel;  /* enum machine_kernel */
    unsigned level;   /* a cache's level, or MACHINE_LEVEL_MEMORY */
    unsigned cores;   /* threads that ran it, one per core */
    /* Bytes per second, all threads together, counted as the model counts
     * traffic: 8 * (reads + writes, + write_only when write_allocate) per
     * element. */
    double gbs;
} machine_bandwidth;

enum machine_op { MACHINE_OP_ADD, MACHINE_OP_MULTIPLY, MACHINE_OP_FMA, MACHINE_OP_DIVIDE,
                  MACHINE_OP_SQRT, MACHINE_NOPS };

/* The names of machine_op, in its order: "add", "multiply", "fma", "divide", "sqrt". */
extern const char *const machine_op_names[MACHINE_NOPS];

typedef struct machine_benchmarks {
    bool present;
    double clock_ghz;
    unsigned lanes;                      /* doubles per vector of vector_cycles */
    double vector_cycles[MACHINE_NOPS];  /* one core's cycles per vector instruction (throughput) */
    double scalar_cycles[MACHINE_NOPS];  /* the same for one double */
    double add_latency_cycles;           /* an add waiting for the one before */
    /* How far one core runs ahead of a chain of adds into the next, independent one: the
     * elements of a loop of one load and one add per element that it keeps in flight
     * beyond the chain's oldest step; 0 when not measured (chains never overlap). */
    double chain_window;
    /* One core's cycles per scalar load and per scalar store from L1 (reciprocal
     * throughput): what a loop the compiler cannot vectorize pays per access, where a
     * vectorized one pays per byte; 0 when not measured (every access counted in bytes). */
    double scalar_load_cycles, scalar_store_cycles;
    /* The cycles a vector load whose bytes cross a 64-byte cache line adds on the load
     * ports over one that does not (the compiled code's split loads, perf_incore.c); 0
     * when not measured (llvm-mca's cost, which has no line splits, is kept). */
    double split_load_cycles;
    /* One core's cycles per element a vector gather (vgatherdpd) loads from L1, gathers
     * independent of each other (the compiled code's gathers, perf_incore.c); 0 when not
     * measured (llvm-mca's cost of a gather is kept). */
    double gather_element_cycles;
    /* One core's cycles per line of a store stream from memory whose consecutive stores are a
     * page or more apart (a demand miss each: the prefetchers do not follow it; perf.c,
     * "Stores a page apart"); 0 when not measured (such lines at the memory bandwidth). */
    double paged_store_cycles;
    /* What a parallel loop costs on all cores beyond its work (its schedule and the
     * barrier that ends it), in cycles; 0 when not measured. */
    double barrier_cycles;
    /* One core's bytes per cycle between cache k (transfer[k-1]) and the
     * level beyond it (the next cache, or memory); 0 when not measured. */
    double transfer[MACHINE_MAX_CACHES];
    machine_bandwidth *bandwidths;       /* heap; machine_free frees it */
    size_t nbandwidths;
} machine_benchmarks;

typedef struct machine {
    char *name;
    double peak_gflops;          /* the whole machine's FP rate, 1e9 flops per second */
    double memory_bandwidth_gbs; /* 1e9 bytes per second */
    bool write_allocate;         /* a store miss reads the line first */
    unsigned cores;              /* 0 when not given */
    machine_cache caches[MACHINE_MAX_CACHES]; /* by level, smallest first */
    unsigned ncaches;
    /* The cost of one operation of each class, in flops. */
    double weight_add, weight_multiply, weight_divide, weight_special;
    machine_chips chips;
    machine_benchmarks benchmarks;
    /* The in-core time's defaults (perf.h, perf_options): the compiler command used when
     * the user gives no -compile, and llvm-mca's -mcpu; NULL when not given. */
    char *compile, *mcpu;
} machine;

machine *machine_load(const char *path);
/* The same from text; `name` is used in messages. */
machine *machine_parse(const char *name, const char *text);
void machine_free(machine **m);

/* The size of its largest cache in bytes; 0 when it lists none. */
unsigned long long machine_largest_cache(const machine *m);

/* The description as JSON (free() it), the form machine_load() reads. */
char *machine_to_json(const machine *m);

#endif
