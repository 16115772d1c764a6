/* report_roofline: the measured roofline, the model's nests beside a timed
 * measurement (README.md, "The measured roofline"): the nests of largest
 * measured time, each with its measured rates and intensity, the fraction
 * of its roofline bound it reaches, and the model's prediction and error;
 * and the machine's ceilings the chart draws (perf_plot.h).
 *
 * report_roofline_build() fills a table the caller releases with
 * report_roofline_release(); its rows point into the perf_result, which must
 * outlive it.  Used by perfmodel and measuretool (-measured with -machine):
 * the text and JSON reports and the roofline chart. */
#ifndef AITOOL_REPORT_ROOFLINE_H
#define AITOOL_REPORT_ROOFLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "json_out.h"
#include "machine.h"
#include "measured.h"
#include "perf.h"

/* One nest of the table.  Measured: its top loop's seconds, and the FP operations
 * (fp_total) and load + store bytes the measurement counted in its loops. */
typedef struct report_roofline_row {
    const perf_nest *nest;
    double seconds, share; /* share: of total_s */
    double flops, bytes, gflops, gbs, ai;
    /* The roof: the level whose bandwidth bounds the nest in the model (its slowest;
     * "memory" without the machine's benchmarks or a prediction) at its bandwidth on
     * the nest's cores, and the peak of those cores; bound_gflops = min(peak, ai x
     * roof_gbs), fraction = gflops / bound_gflops. */
    const char *roof;
    double roof_gbs, peak_gflops, bound_gflops, fraction;
    /* The model's: time, rate (flops / time, 0 without time), intensity, error
     * (predicted - measured) / measured; all 0 for an unpredicted nest. */
    bool predicted;
    double predicted_s, predicted_gflops, predicted_ai, error;
} report_roofline_row;

typedef struct report_roofline {
    report_roofline_row *rows; /* the top nests by measured time, largest first */
    size_t nrows;
    size_t ntimed;  /* nests whose top loop has a time */
    /* The run's measured time: the seconds of the timed nests of functions no loop
     * calls (directly or through other functions; a nest's time holds its callees'),
     * else of all timed nests. */
    double total_s;
    const char *path; /* the measurement's, for messages */
} report_roofline;

/* The table of r's nests (of program p) joined to measurement ms (read from path,
 * which must outlive the table) on m, at most top rows.  False after an error: the
 * measurement matches no loop of the nests (a measurement of another program).  A
 * measurement without times gives an empty table (ntimed 0). */
bool report_roofline_build(report_roofline *out, const lm_program *p, const perf_result *r,
                           const machine *m, const measured_set *ms, const char *path,
                           size_t top);
void report_roofline_release(report_roofline *rr);

/* Whether -plot can draw the measured roofline (rows to draw); else a warning
 * that the chart is the predicted one. */
bool report_roofline_drawable(const report_roofline *rr);

/* "measured roofline: ..." and a row per nest, after a blank line; without timed
 * nests, a line that says it is left out and why; nothing when top is 0. */
void report_roofline_text(FILE *out, const report_roofline *rr);
/* The rows as a JSON array (a value: the caller writes its key). */
void report_roofline_json(json_out *w, const report_roofline *rr);
/* The same array as JSON text (free() it), for a report built with cJSON. */
char *report_roofline_json_text(const report_roofline *rr);

/* A ceiling of the chart: the peak FP rate, or a level's bandwidth. */
typedef struct report_roofline_ceiling {
    char name[16]; /* "L1", ..., "memory" */
    double gbs;
} report_roofline_ceiling;

/* The machine's bandwidth ceilings, innermost level first: with its benchmarks each
 * level's fastest kernel on the most cores measured; else (or for a level
 * they leave out) each cache's bandwidth_gbs that is given and the memory
 * bandwidth.  How many (at most
 * PERF_MAX_LEVELS). */
size_t report_roofline_ceilings(const machine *m, report_roofline_ceiling *out);

#endif
