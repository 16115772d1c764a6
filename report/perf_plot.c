/* Charts through gnuplot.  Each chart is a data file and a script written to
 * a fresh temporary directory; gnuplot draws into a file in that directory,
 * which is then moved to the path asked for, so a failed run leaves no half
 * chart behind.  gnuplot runs with posix_spawnp, its output to our stderr. */
#include "perf_plot.h"

#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "fileio.h"
#include "machine.h"
#include "perf.h"
#include "report_roofline.h"
#include "strbuf.h"

extern char **environ;

/* The gnuplot terminal for a file name; NULL when the extension is neither. */
static const char *plot_terminal(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && !strcmp(dot, ".png"))
        return "pngcairo size 900,600";
    if (dot && !strcmp(dot, ".svg"))
        return "svg size 900,600";
    return NULL;
}

bool perf_plot_format_known(const char *path)
{
    return plot_terminal(path) != NULL;
}

typedef struct plot_dir {
    char *dir, *data, *script, *image;
} plot_dir;

static bool plot_dir_create(plot_dir *d)
{
    memset(d, 0, sizeof *d);
    const char *tmp = getenv("TMPDIR");
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/perfmodel-plot-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    d->dir = strbuf_take(&sb);
    if (!mkdtemp(d->dir)) {
        diag_tool(DIAG_ERROR, "cannot make a temporary directory for the plot: %s",
                  strerror(errno));
        free(d->dir);
        d->dir = NULL;
        return false;
    }
    strbuf_printf(&sb, "%s/data", d->dir);
    d->data = strbuf_take(&sb);
    strbuf_printf(&sb, "%s/plot.gp", d->dir);
    d->script = strbuf_take(&sb);
    strbuf_printf(&sb, "%s/image", d->dir);
    d->image = strbuf_take(&sb);
    return true;
}

static void plot_dir_remove(plot_dir *d)
{
    if (d->dir) {
        unlink(d->data);
        unlink(d->script);
        unlink(d->image);
        rmdir(d->dir);
    }
    free(d->dir);
    free(d->data);
    free(d->script);
    free(d->image);
    memset(d, 0, sizeof *d);
}

static bool plot_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f)
        ok &= fclose(f) == 0;
    if (!ok)
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
    return ok;
}

static bool plot_run_gnuplot(const char *script)
{
    pid_t pid;
    char *argv[] = {(char *)"gnuplot", (char *)script, NULL};
    int err = posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ);
    if (err) {
        diag_tool(DIAG_ERROR, "cannot run gnuplot: %s (scripts/install-deps.sh installs "
                              "gnuplot-nox)", strerror(err));
        return false;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return false;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        diag_tool(DIAG_ERROR, "gnuplot could not draw the chart");
        return false;
    }
    return true;
}

static bool plot_copy_image(FILE *out, void *image)
{
    FILE *in = fopen(image, "rb");
    if (!in)
        return false;
    char buf[8192];
    size_t n;
    bool ok = true;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in);
    fclose(in);
    return ok;
}

/* Data and script into a temporary directory, gnuplot, then the image to path. */
static bool plot_draw(const char *path, const char *data, const char *script_body)
{
    const char *terminal = plot_terminal(path);
    if (!terminal) {
        diag_tool(DIAG_ERROR, "'%s': the plot is written as .png or .svg", path);
        return false;
    }
    plot_dir d;
    if (!plot_dir_create(&d))
        return false;
    strbuf script = STRBUF_INIT;
    strbuf_printf(&script, "set terminal %s\nset output '%s'\ndatafile = '%s'\n%s", terminal,
                  d.image, d.data, script_body);
    bool ok = plot_write(d.data, data) && plot_write(d.script, strbuf_cstr(&script)) &&
              plot_run_gnuplot(d.script);
    /* Copied, not renamed: the temporary directory may be on another file system. */
    ok = ok && fileio_write_atomic(path, plot_copy_image, d.image);
    strbuf_release(&script);
    plot_dir_remove(&d);
    return ok;
}

/* gnuplot's strings are in single quotes: drop what would end one. */
static void plot_append_label(strbuf *sb, const char *s)
{
    for (; *s; s++)
        if (*s != '\'' && *s != '\n' && *s != '"')
            strbuf_appendn(sb, s, 1);
}

bool perf_plot_roofline(const char *path, const machine *m, const perf_result *r)
{
    strbuf data = STRBUF_INIT, body = STRBUF_INIT;
    double lo = 1.0 / 64, hi = 64;
    for (size_t i = 0; i < r->nnests; i++) {
        const perf_nest *n = &r->nests[i];
        double ai = perf_intensity(n->flops, n->bytes);
        if (ai <= 0 || n->runtime_s <= 0)
            continue;
        lo = ai / 4 < lo ? ai / 4 : lo;
        hi = ai * 4 > hi ? ai * 4 : hi;
        strbuf_printf(&data, "%.17g %.17g \"", ai, n->flops / n->runtime_s / 1e9);
        plot_append_label(&data, n->top->function->name);
        strbuf_printf(&data, ":%u\"\n", n->top->loc.line);
    }
    strbuf_append(&body, "set title 'Roofline: ");
    plot_append_label(&body, m->name);
    strbuf_printf(&body,
                  "'\nset logscale xy\nset xrange [%g:%g]\nset grid\n"
                  "set xlabel 'arithmetic intensity (flops/byte)'\nset ylabel 'GFLOP/s'\n"
                  "set key top left\nbw = %.17g\npeak = %.17g\n"
                  "roof(x) = x * bw < peak ? x * bw : peak\n"
                  "plot roof(x) with lines lw 2 title sprintf('roofs: %%g GFLOP/s, %%g GB/s', "
                  "peak, bw)",
                  lo, hi, m->memory_bandwidth_gbs, m->peak_gflops);
    if (data.len)
        strbuf_append(&body, ", datafile using 1:2 with points pt 7 ps 1.5 title 'loop nests', "
                             "datafile using 1:2:3 with labels offset 1,1 left notitle");
    strbuf_append(&body, "\n");
    bool ok = plot_draw(path, strbuf_cstr(&data), strbuf_cstr(&body));
    strbuf_release(&data);
    strbuf_release(&body);
    return ok;
}

/* ---- The measured roofline ---- */

/* lo and hi widened to hold v (positive values only: the axes are logarithmic). */
static void plot_widen(double v, double *lo, double *hi)
{
    if (v > 0) {
        *lo = fmin(*lo, v);
        *hi = fmax(*hi, v);
    }
}

/* "file:line" of a row's nest, for a label. */
static void plot_append_nest(strbuf *sb, const report_roofline_row *row)
{
    plot_append_label(sb, fileio_basename(row->nest->top->loc.file));
    strbuf_printf(sb, ":%u", row->nest->top->loc.line);
}

/* Three data blocks: the measured points with their labels, the predicted points,
 * and a segment from each measured point to its prediction; how many points each of
 * the first two holds. */
static void plot_measured_data(strbuf *data, const report_roofline *rr, double *xlo,
                               double *xhi, double *ylo, double *yhi, size_t counts[2])
{
    strbuf measured = STRBUF_INIT, predicted = STRBUF_INIT, joins = STRBUF_INIT;
    counts[0] = counts[1] = 0;
    for (size_t i = 0; i < rr->nrows; i++) {
        const report_roofline_row *row = &rr->rows[i];
        if (row->ai <= 0 || row->gflops <= 0)
            continue; /* no place on logarithmic axes */
        plot_widen(row->ai, xlo, xhi);
        plot_widen(row->gflops, ylo, yhi);
        strbuf_printf(&measured, "%.17g %.17g \"", row->ai, row->gflops);
        plot_append_nest(&measured, row);
        strbuf_append(&measured, "\"\n");
        counts[0]++;
        if (!row->predicted || row->predicted_ai <= 0 || row->predicted_gflops <= 0)
            continue;
        plot_widen(row->predicted_ai, xlo, xhi);
        plot_widen(row->predicted_gflops, ylo, yhi);
        strbuf_printf(&predicted, "%.17g %.17g\n", row->predicted_ai, row->predicted_gflops);
        counts[1]++;
        strbuf_printf(&joins, "%.17g %.17g\n%.17g %.17g\n\n", row->ai, row->gflops,
                      row->predicted_ai, row->predicted_gflops);
    }
    /* An empty block keeps its place (the blocks are addressed by index) as a comment;
     * it is not plotted. */
    strbuf_printf(data, "%s\n\n%s\n\n%s", measured.len ? strbuf_cstr(&measured) : "# none\n",
                  predicted.len ? strbuf_cstr(&predicted) : "# none\n",
                  joins.len ? strbuf_cstr(&joins) : "# none\n");
    strbuf_release(&measured);
    strbuf_release(&predicted);
    strbuf_release(&joins);
}

bool perf_plot_roofline_measured(const char *path, const machine *m, const report_roofline *rr)
{
    report_roofline_ceiling ceilings[PERF_MAX_LEVELS];
    size_t nceilings = report_roofline_ceilings(m, ceilings);
    double xlo = 1.0 / 16, xhi = 16, ylo = m->peak_gflops, yhi = m->peak_gflops;
    for (size_t k = 0; k < nceilings; k++)
        plot_widen(m->peak_gflops / ceilings[k].gbs, &xlo, &xhi); /* each ridge point */
    strbuf data = STRBUF_INIT, body = STRBUF_INIT;
    size_t counts[2];
    plot_measured_data(&data, rr, &xlo, &xhi, &ylo, &yhi, counts);
    strbuf_append(&body, "set title 'Measured roofline: ");
    plot_append_label(&body, m->name);
    strbuf_printf(&body,
                  "' font ',10' noenhanced\nset logscale xy\nset xrange [%g:%g]\n"
                  "set yrange [%g:%g]\nset grid\n"
                  "set xlabel 'arithmetic intensity (flops/byte)'\nset ylabel 'GFLOP/s'\n"
                  "set format y '%%g'\nset key bottom right\nset samples 400\npeak = %.17g\n"
                  "roof(x, bw) = x * bw < peak ? x * bw : peak\n"
                  "plot peak with lines lw 2 lc rgb 'black' title 'peak %.4g GFLOP/s'",
                  xlo / 4, xhi * 4, ylo / 10, yhi * 4, m->peak_gflops, m->peak_gflops);
    for (size_t k = 0; k < nceilings; k++)
        strbuf_printf(&body, ", roof(x, %.17g) with lines dt 2 title '%s %.4g GB/s'",
                      ceilings[k].gbs, ceilings[k].name, ceilings[k].gbs);
    if (counts[1])
        strbuf_append(&body, ", datafile index 2 using 1:2 with lines dt 3 lc rgb 'gray40' "
                             "notitle");
    if (counts[0])
        strbuf_printf(&body, ", datafile index 0 using 1:2 with points pt 7 ps 1.5 "
                             "lc rgb '#d55e00' title 'measured: the %zu nests of largest time'",
                      rr->nrows);
    if (counts[1])
        strbuf_append(&body, ", datafile index 1 using 1:2 with points pt 6 ps 1.5 "
                             "lc rgb '#0072b2' title 'predicted by the model'");
    if (counts[0])
        strbuf_append(&body, ", datafile index 0 using 1:2:3 with labels offset 1,1 left "
                             "noenhanced notitle");
    strbuf_append(&body, "\n");
    bool ok = plot_draw(path, strbuf_cstr(&data), strbuf_cstr(&body));
    strbuf_release(&data);
    strbuf_release(&body);
    return ok;
}

bool perf_plot_sweep(const char *path, const char *param, const perf_sweep_point *points,
                     size_t npoints, bool log_x)
{
    strbuf data = STRBUF_INIT, body = STRBUF_INIT;
    for (size_t i = 0; i < npoints; i++) {
        double per = points[i].iterations > 0 ? points[i].runtime_s / points[i].iterations * 1e9 : 0;
        strbuf_printf(&data, "%lld %.17g %.17g\n", points[i].value, points[i].runtime_s, per);
    }
    strbuf_append(&body, "set title 'Predicted runtime as ");
    plot_append_label(&body, param);
    strbuf_append(&body, " grows (a step: a layer condition breaks or the data leaves a "
                         "cache)'\nset xlabel '");
    plot_append_label(&body, param);
    strbuf_printf(&body, "'\nset ylabel 'runtime (s)'\n"
                         "set y2label 'ns per iteration of the innermost loops'\n"
                         "set ytics nomirror\nset y2tics\nset y2range [0:*]\nset grid\n"
                         "set key bottom right\nset logscale y\n%s"
                         "plot datafile using 1:2 with linespoints pt 7 title 'runtime', "
                         "datafile using 1:3 axes x1y2 with steps lw 2 "
                         "title 'ns per iteration'\n",
                  log_x ? "set logscale x\n" : "");
    bool ok = plot_draw(path, strbuf_cstr(&data), strbuf_cstr(&body));
    strbuf_release(&data);
    strbuf_release(&body);
    return ok;
}

bool perf_plot_predicted_measured(const char *path, const char *title,
                                  const char *const *series, size_t nseries,
                                  const perf_plot_pair *pairs, size_t npairs)
{
    static const int point_types[] = {7, 5, 9, 11, 13};
    static const char *const colors[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00"};
    strbuf data = STRBUF_INIT, body = STRBUF_INIT, plots = STRBUF_INIT;
    double lo = INFINITY, hi = 0;
    size_t blocks = 0;
    /* One gnuplot data block per series that has points (blocks are two blank lines apart,
     * addressed by index). */
    for (size_t s = 0; s < nseries; s++) {
        size_t before = data.len;
        for (size_t i = 0; i < npairs; i++) {
            const perf_plot_pair *p = &pairs[i];
            if (p->series != s || p->predicted_s <= 0 || p->measured_s <= 0)
                continue;
            strbuf_printf(&data, "%.17g %.17g\n", p->predicted_s, p->measured_s);
            lo = fmin(lo, fmin(p->predicted_s, p->measured_s));
            hi = fmax(hi, fmax(p->predicted_s, p->measured_s));
        }
        if (data.len == before)
            continue;
        strbuf_append(&data, "\n\n");
        strbuf_printf(&plots,
                      ", datafile index %zu using 1:2 with points pt %d ps 1.2 lc rgb '%s' "
                      "title '",
                      blocks++, point_types[s % (sizeof point_types / sizeof *point_types)],
                      colors[s % (sizeof colors / sizeof *colors)]);
        plot_append_label(&plots, series[s]);
        strbuf_append(&plots, "'");
    }
    if (blocks == 0)
        lo = 1e-6, hi = 1;
    strbuf_append(&body, "set title '");
    plot_append_label(&body, title);
    strbuf_printf(&body, "'\nset logscale xy\nset xrange [%g:%g]\nset yrange [%g:%g]\nset grid\n"
                         "set xlabel 'predicted time (s)'\nset ylabel 'measured time (s)'\n"
                         "set format xy '%%.0e'\nset key top left\nset samples 400\n"
                         "plot x with lines lw 2 lc rgb 'black' title 'y = x', "
                         "1.25*x with lines dt 2 lc rgb 'gray50' title '+-25%%', "
                         "x/1.25 with lines dt 2 lc rgb 'gray50' notitle%s\n",
                  lo / 2, hi * 2, lo / 2, hi * 2, strbuf_cstr(&plots));
    bool ok = plot_draw(path, strbuf_cstr(&data), strbuf_cstr(&body));
    strbuf_release(&data);
    strbuf_release(&body);
    strbuf_release(&plots);
    return ok;
}
