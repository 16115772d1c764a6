/* machine: a machine description for the performance model, read from JSON
 * (README.md, "Machine files").  machine_load() returns a description the
 * caller frees with machine_free(); problems are reported through diag as
 * FILE:LINE:COL: error: ... and give NULL. */
#ifndef AITOOL_MACHINE_H
#define AITOOL_MACHINE_H

#include <stdbool.h>

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
} machine_chips;

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
