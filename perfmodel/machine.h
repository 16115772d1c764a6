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
