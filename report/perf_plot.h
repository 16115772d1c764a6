/* perf_plot: charts of the performance model's predictions, drawn by gnuplot
 * (Debian's gnuplot-nox): a roofline (the machine's compute and bandwidth
 * roofs, each nest a point at its intensity), a parameter sweep, and
 * predicted against measured times, and the measured roofline.  The
 * format follows the file name (.png or .svg); the file is written
 * atomically.  False after an error reported through diag.
 * Used by perfmodel and measuretool (-plot) and the benchmark validation. */
#ifndef AITOOL_PERF_PLOT_H
#define AITOOL_PERF_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "machine.h"
#include "perf.h"
#include "report_roofline.h"

/* True for a file name ending in .png or .svg. */
bool perf_plot_format_known(const char *path);

bool perf_plot_roofline(const char *path, const machine *m, const perf_result *r);

/* The measured roofline (report_roofline.h): the peak and each level's bandwidth
 * ceiling, labeled with its rate, and each row of rr a point at its measured
 * intensity and GFLOP/s labeled file:line, joined by a dotted line to the model's
 * point (a ring) when it was predicted. */
bool perf_plot_roofline_measured(const char *path, const machine *m, const report_roofline *rr);

/* One point of a sweep: the parameter's value and the whole program's
 * totals; iterations are those of the innermost loops, whose time per
 * iteration steps where a layer condition breaks or the data leaves a
 * cache. */
typedef struct perf_sweep_point {
    long long value;
    double flops, bytes, working_set, runtime_s, iterations;
} perf_sweep_point;

bool perf_plot_sweep(const char *path, const char *param, const perf_sweep_point *points,
                     size_t npoints, bool log_x);

/* One prediction beside its measurement, in seconds; series indexes the
 * series' names. */
typedef struct perf_plot_pair {
    unsigned series;
    double predicted_s, measured_s;
} perf_plot_pair;

/* A log-log scatter of measured against predicted time, a point style per
 * series, with the line y = x and the lines of +-25% around it. */
bool perf_plot_predicted_measured(const char *path, const char *title,
                                  const char *const *series, size_t nseries,
                                  const perf_plot_pair *pairs, size_t npairs);

#endif
