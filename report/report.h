/* report: the measureTool text report and the JSON report, from a finished
 * loop model (lm_program_finish must have run).
 *
 * The *_write functions stream to a FILE the caller owns and return false on
 * an output error.  report_json_render() returns a string the caller frees.
 * report_*_file() write PATH atomically ("-" is standard output).
 * report_json_merge() joins the slices of a run (-merge);
 * report_debug_write() is -debug's dump.  Used by measuretool. */
#ifndef AITOOL_REPORT_H
#define AITOOL_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "json_check.h"
#include "loop_model.h"
#include "measured.h"
#include "perf.h"
#include "report_roofline.h"

/* What other stages found out about the loops, joined into the reports by
 * loop: a measurement (-measured) and the performance model's predictions
 * on a machine (-machine).  Each may be NULL; the stages own them. */
typedef struct report_joins {
    const measured_set *measured;
    const perf_result *predicted;
    const char *machine; /* the name of the predictions' machine */
    /* A slice's shard line (shard.h), written as the JSON report's first
     * member "shard" so that -merge can check the slices; NULL for a run
     * that is not a slice. */
    const char *shard;
    /* With predictions: the length of the hot-loop lists that end the reports (0: none;
     * a slice writes none, its nests being only some of the run's). */
    size_t top;
    /* With predictions and a timed measurement: the measured roofline, the table
     * that ends the reports (NULL: none). */
    const report_roofline *roofline;
} report_joins;

/* A report of p (and j) streamed to out; false on an output error. */
typedef bool (*report_writer)(FILE *out, const lm_program *p, const report_joins *j);
/* write's report at path, atomically ("-" is standard output): what each
 * report_*_file() does. */
bool report_write_file(const char *path, report_writer write, const lm_program *p,
                       const report_joins *j);

/* j may be NULL: the loop model's counts alone. */
bool report_text_write(FILE *out, const lm_program *p, const report_joins *j);
bool report_text_file(const char *path, const lm_program *p, const report_joins *j);

/* {"loops": [...]}, keys as documented in README.md. */
char *report_json_render(const lm_program *p, const report_joins *j);
bool report_json_file(const char *path, const lm_program *p, const report_joins *j);

/* What the JSON report holds (json_check.h): every member the writer
 * writes, its type and range; "measured" and "prediction" are the only
 * optional members of a loop, "shard" of the report; any other is a fault. */
extern const json_check_field report_json_schema;

/* -merge: the JSON reports of all the slices of one run (-shard K/N, in any
 * order) into the report the whole run writes, at out (atomically).  False
 * after an error naming the input at fault: not a slice's report, one that
 * breaks report_json_schema (at the value at fault), of another version of
 * the tool, of another run, a slice given twice or missing. */
bool report_json_merge(const char *out, const char *const *inputs, int n);

/* Per-loop internals for -debug: own and inclusive counts, every array. */
void report_debug_write(FILE *out, const lm_program *p);

#endif
