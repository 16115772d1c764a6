/* mt_batch: measuretool's translation units, analyzed by several threads at
 * once and joined in order (-j N).
 *
 * Each worker thread has an analyzer of its own (all created by the calling
 * thread before any worker starts; analyzer.h) and takes the next unit no
 * one took yet.  It analyzes it into a program of its own and captures its
 * messages (diag_capture).  The calling thread takes the finished units in
 * their order: it writes each unit's messages, joins its program to the
 * run's (lm_program_absorb) and runs the units that must run on it (ExaSAT
 * XML inputs: libxml2's settings are the process's) in their turn.  So the
 * messages and the program are those of the units run one after the other,
 * whatever the number of threads.  It also draws the progress line.
 *
 * Everything is borrowed; nothing it makes outlives mt_batch_run. */
#ifndef AITOOL_MT_BATCH_H
#define AITOOL_MT_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer.h"
#include "loop_model.h"

typedef struct mt_unit {
    const char *path;          /* the file, as it is opened and named in messages */
    const analyzer_unit *args; /* its own compiler arguments, or NULL */
    const char *output;        /* its instrumented copy, or NULL */
    bool on_main;              /* run by the calling thread, in its turn */
} mt_unit;

/* One unit into p; false when it failed (reported through diag).  a is
 * NULL for a unit that runs on the calling thread. */
typedef bool (*mt_unit_fn)(void *ctx, analyzer *a, lm_program *p, const mt_unit *u);

typedef struct mt_batch {
    const analyzer_options *analyzer; /* every worker's analyzer's */
    unsigned jobs;                    /* worker threads at most, 1 or more */
    /* The progress line on stderr: files done of all, loops found, errors,
     * time taken and left.  Redrawn in place (a terminal), or else a line
     * at most once a second and once at the end. */
    bool progress, in_place;
    mt_unit_fn run;
    void *ctx;
} mt_batch;

/* The n units in order into `into`; true when every unit's run was. */
bool mt_batch_run(const mt_batch *b, const mt_unit *units, size_t n, lm_program *into);

#endif
