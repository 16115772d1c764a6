/* report_perf: the performance model's predictions as a readable table, as
 * CSV and as JSON (README.md, "perfmodel").  The *_write functions stream to
 * a FILE the caller owns and return false on an output error.  Used by perfmodel;
 * measuretool -machine ends its report with the hot loops too. */
#ifndef AITOOL_REPORT_PERF_H
#define AITOOL_REPORT_PERF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "json_out.h"
#include "machine.h"
#include "measured.h"
#include "perf.h"
#include "report_roofline.h"

/* The hot loops (-top N): how many nests the lists name by default, and at
 * most (more is no longer a short list). */
#define REPORT_PERF_TOP_DEFAULT 10
#define REPORT_PERF_TOP_MAX 1000000

/* Why nest n of r runs on the cores it does (perf_nest.cores): "-cores", a
 * worksharing loop, or sequential code (static text). */
const char *report_perf_cores_why(const perf_nest *n, const perf_result *r);

/* top: the length of the hot-loop list that ends the report (0: none). */
bool report_perf_text_write(FILE *out, const perf_result *r, const machine *m, size_t top);
bool report_perf_csv_write(FILE *out, const perf_result *r);
/* rr: the measured roofline (NULL: none), its rows as "measured_roofline". */
bool report_perf_json_file(const char *path, const perf_result *r, const machine *m, size_t top,
                           const report_roofline *rr);

/* One nest of a hot-loop list: what ranks it (value: its predicted seconds,
 * or its measured work) and its share of all the nests'. */
typedef struct report_perf_hot {
    const perf_nest *nest;
    double value, share;
} report_perf_hot;

/* The at most top nests of r of largest weight (by nest; NULL: predicted time)
 * into out (room for r->nnests), largest first, equal weights by file:line;
 * how many. */
size_t report_perf_hot_rank(const perf_result *r, const double *weight, size_t top,
                            report_perf_hot *out);

/* "hot loops: ..." and a row per nest of the list, after a blank line;
 * nothing when top is 0 or r has no nest. */
void report_perf_hot_text(FILE *out, const perf_result *r, size_t top);

/* The work ms measured in each nest of r (the caller frees it): its FP
 * operations, or when the whole measurement has none (*fp false) its
 * iterations. */
double *report_perf_measured_work(const perf_result *r, const measured_set *ms, bool *fp);

/* What r's totals cover: with a measurement (ms, else the loops' pininfo), the
 * iterations and FP operations it measured in all of r's nests, and of those
 * the ones in nests the model predicted. */
typedef struct report_perf_coverage {
    bool measured; /* some loop of r's nests has a measurement */
    double iterations, fp;
    double iterations_predicted, fp_predicted;
} report_perf_coverage;

void report_perf_coverage_of(const perf_result *r, const measured_set *ms,
                             report_perf_coverage *c);
/* part / whole, 1 when whole is 0 (nothing lies outside). */
double report_perf_share(double part, double whole);
/* "predicted: X of Y nests" and, with a measurement, the shares it has in
 * predicted nests, each line after indent. */
void report_perf_coverage_text(FILE *out, const char *indent, const perf_result *r,
                               const measured_set *ms);

/* The in-core time of nest n from the compiled code (perf_incore, with -compile): a line
 * after indent saying the command, vectorized or not (the width), unrolled, cycles per
 * source iteration, llvm-mca's bottleneck resource and the share of the prediction, or
 * why the nest kept the estimate from its counts; nothing without -compile. */
void report_perf_incore_text(FILE *out, const char *indent, const perf_nest *n);
/* The same as the member "incore" of the object w is writing; nothing without -compile. */
void report_perf_incore_json(json_out *w, const perf_nest *n);

/* The list of the nests of largest measured work, as report_perf_hot_text's. */
void report_perf_hot_measured_text(FILE *out, const perf_result *r, const measured_set *ms,
                                   size_t top);

#endif
