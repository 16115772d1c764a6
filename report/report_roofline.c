/* The measured roofline: the timed nests of a measurement beside the model's
 * predictions of them, and the ceilings of the chart. */
#include "report_roofline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileio.h"
#include "json_out.h"
#include "loop_model.h"
#include "mem.h"
#include "strbuf.h"

/* The FP operations and bytes measured in the loops of nest n; false when none of
 * them was measured. */
static bool roofline_nest_work(const perf_nest *n, const measured_set *ms, double *flops,
                               double *bytes)
{
    bool any = false;
    *flops = *bytes = 0;
    const lm_loop *top = n->top;
    for (const lm_loop *l = top; l && (l == top || l->depth > top->depth);
         l = lm_loop_next_preorder(l)) {
        const measured_loop *m = measured_of(ms, l);
        if (!m)
            continue;
        any = true;
        *flops += (double)lm_fp_total(&m->fp);
        *bytes += (double)m->load_bytes + (double)m->store_bytes;
    }
    return any;
}

/* The roof of nest n: the model's slowest level on its cores, else memory. */
static void roofline_roof(report_roofline_row *row, const perf_nest *n, const machine *m,
                          const perf_result *r)
{
    unsigned cores = n->cores ? n->cores : r->cores;
    row->peak_gflops = m->peak_gflops * (m->cores ? (double)cores / m->cores : 1.0);
    row->roof = "memory";
    row->roof_gbs = m->memory_bandwidth_gbs;
    if (n->unpredicted)
        return;
    double slowest = -1;
    for (unsigned j = 0; j < n->nlevels; j++)
        if (n->levels[j].gbs > 0 && n->levels[j].seconds > slowest) {
            slowest = n->levels[j].seconds;
            row->roof = n->levels[j].name;
            row->roof_gbs = n->levels[j].gbs;
        }
}

/* The loads and stores of nest n as the model runs it: each loop's own arrays' bytes an
 * iteration (the counts the instrumentation multiplies by its iterations) times the times
 * its body runs.  The predicted point's intensity is over these, as the measured point's
 * is over the measured loads and stores, so that both stand on the same axis (the
 * cache-aware roofline's: every byte to and from the core). */
static double roofline_predicted_bytes(const perf_nest *n)
{
    double bytes = 0;
    for (size_t i = 0; i < n->nloops; i++) {
        const lm_array_use *arrays = n->loops[i].loop->own_arrays;
        bytes += n->loops[i].executions * (double)(lm_arrays_byte_count(arrays, false) +
                                                   lm_arrays_byte_count(arrays, true));
    }
    return bytes;
}

static void roofline_row(report_roofline_row *row, const perf_nest *n, const machine *m,
                         const perf_result *r, double seconds, double flops, double bytes)
{
    *row = (report_roofline_row){.nest = n, .seconds = seconds, .flops = flops, .bytes = bytes};
    row->gflops = flops / seconds / 1e9;
    row->gbs = bytes / seconds / 1e9;
    row->ai = perf_intensity(flops, bytes);
    roofline_roof(row, n, m, r);
    /* No bytes: nothing but the peak bounds it. */
    double memory_bound = bytes > 0 ? row->ai * row->roof_gbs : HUGE_VAL;
    row->bound_gflops = fmin(row->peak_gflops, memory_bound);
    /* Bytes without flops: a bound of 0, which it reaches. */
    row->fraction = row->bound_gflops > 0 ? row->gflops / row->bound_gflops : 0;
    row->predicted = !n->unpredicted;
    if (!row->predicted)
        return;
    row->predicted_s = n->runtime_s;
    row->predicted_gflops = n->runtime_s > 0 ? n->flops / n->runtime_s / 1e9 : 0;
    row->predicted_ai = perf_intensity(n->flops, roofline_predicted_bytes(n));
    row->error = (n->runtime_s - seconds) / seconds;
}

/* ---- Which nests' time another nest holds ---- */

/* The program's functions, sorted by address, with a mark each. */
typedef struct roofline_functions {
    const lm_function **fn;
    bool *inside;
    size_t n;
} roofline_functions;

static int roofline_fn_cmp(const void *a, const void *b)
{
    const lm_function *x = *(const lm_function *const *)a, *y = *(const lm_function *const *)b;
    return (x > y) - (x < y);
}

static bool *roofline_mark(const roofline_functions *fs, const lm_function *fn)
{
    const lm_function **hit = bsearch(&fn, fs->fn, fs->n, sizeof *fs->fn, roofline_fn_cmp);
    return hit ? &fs->inside[hit - fs->fn] : NULL;
}

/* Marks the functions that run inside a loop: called from a loop, or from a
 * function that does (to the fixed point). */
static void roofline_functions_inside(const lm_program *p, roofline_functions *fs)
{
    fs->n = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            fs->n++;
    fs->fn = mem_alloc((fs->n ? fs->n : 1) * sizeof *fs->fn);
    fs->inside = mem_alloc((fs->n ? fs->n : 1) * sizeof *fs->inside);
    size_t k = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            fs->fn[k++] = fn;
    qsort(fs->fn, fs->n, sizeof *fs->fn, roofline_fn_cmp);
    memset(fs->inside, 0, (fs->n ? fs->n : 1) * sizeof *fs->inside);
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < fs->n; i++)
            for (const lm_call *c = fs->fn[i]->calls; c; c = c->next) {
                bool *callee = c->callee ? roofline_mark(fs, c->callee) : NULL;
                if (callee && !*callee && (c->loop || fs->inside[i]))
                    changed = *callee = true;
            }
    }
}

/* Largest time first; equal times by file:line:col. */
static int roofline_row_cmp(const void *a, const void *b)
{
    const report_roofline_row *x = a, *y = b;
    if (x->seconds != y->seconds)
        return x->seconds > y->seconds ? -1 : 1;
    const lm_location *p = &x->nest->top->loc, *q = &y->nest->top->loc;
    int by_file = strcmp(p->file, q->file);
    if (by_file)
        return by_file;
    if (p->line != q->line)
        return p->line < q->line ? -1 : 1;
    return (p->column > q->column) - (p->column < q->column);
}

bool report_roofline_build(report_roofline *out, const lm_program *p, const perf_result *r,
                           const machine *m, const measured_set *ms, const char *path,
                           size_t top)
{
    memset(out, 0, sizeof *out);
    roofline_functions fs;
    roofline_functions_inside(p, &fs);
    double all_s = 0;
    out->rows = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *out->rows);
    bool any = false;
    for (size_t i = 0; i < r->nnests; i++) {
        const perf_nest *n = &r->nests[i];
        double flops, bytes;
        if (!roofline_nest_work(n, ms, &flops, &bytes))
            continue;
        any = true;
        const measured_loop *t = measured_of(ms, n->top);
        if (!t || !t->timed || t->seconds <= 0)
            continue;
        roofline_row(&out->rows[out->ntimed++], n, m, r, t->seconds, flops, bytes);
        all_s += t->seconds;
        bool *inside = roofline_mark(&fs, n->top->function);
        if (!inside || !*inside)
            out->total_s += t->seconds;
    }
    free(fs.fn);
    free(fs.inside);
    /* Every timed nest inside another's loop (recursion): their sum it is. */
    if (out->total_s <= 0)
        out->total_s = all_s;
    if (!any && r->nnests) {
        diag_tool(DIAG_ERROR, "the measurement '%s' has none of the loops analyzed: it is of "
                              "another program or build (measure this one again)", path);
        return false;
    }
    out->path = path;
    qsort(out->rows, out->ntimed, sizeof *out->rows, roofline_row_cmp);
    for (size_t i = 0; i < out->ntimed; i++)
        out->rows[i].share = out->rows[i].seconds / out->total_s;
    out->nrows = out->ntimed < top ? out->ntimed : top;
    return true;
}

void report_roofline_release(report_roofline *rr)
{
    free(rr->rows);
    memset(rr, 0, sizeof *rr);
}

bool report_roofline_drawable(const report_roofline *rr)
{
    if (rr->nrows)
        return true;
    if (rr->ntimed) {
        diag_tool(DIAG_WARNING, "-plot: -top 0 lists no nest: the chart is the predicted "
                                "roofline");
        return false;
    }
    diag_tool(DIAG_WARNING, "-plot: the measurement '%s' has no loop times (it was written "
                            "before loops were timed): the chart is the predicted roofline",
              rr->path);
    return false;
}

void report_roofline_text(FILE *out, const report_roofline *rr)
{
    if (!rr->ntimed) {
        fprintf(out, "\nmeasured roofline: left out, the measurement '%s' has no loop times "
                     "(it was written before loops were timed)\n", rr->path);
        return;
    }
    if (!rr->nrows)
        return;
    fprintf(out, "\nmeasured roofline: the %zu of %zu timed nest%s of largest measured time "
                 "(%.6g s in all)\n",
            rr->nrows, rr->ntimed, rr->ntimed == 1 ? "" : "s", rr->total_s);
    fprintf(out, "  %4s %7s %12s %10s %10s %10s %-7s %10s %8s %12s %8s  %s\n", "rank", "share",
            "seconds", "GFLOP/s", "GB/s", "AI", "roof", "bound", "of bound", "predicted s",
            "error", "function at file:line");
    for (size_t i = 0; i < rr->nrows; i++) {
        const report_roofline_row *row = &rr->rows[i];
        fprintf(out, "  %4zu %6.2f%% %12.6g %10.4g %10.4g %10.4g %-7s %10.4g %7.2f%% ", i + 1,
                100 * row->share, row->seconds, row->gflops, row->gbs, row->ai, row->roof,
                row->bound_gflops, 100 * row->fraction);
        if (row->predicted)
            fprintf(out, "%12.6g %+7.1f%%", row->predicted_s, 100 * row->error);
        else
            fprintf(out, "%12s %8s", "unpredicted", "-");
        const lm_loop *l = row->nest->top;
        fprintf(out, "  %s at %s:%u\n", l->function->name, fileio_basename(l->loc.file),
                l->loc.line);
    }
}

void report_roofline_json(json_out *w, const report_roofline *rr)
{
    json_array_begin(w);
    for (size_t i = 0; i < rr->nrows; i++) {
        const report_roofline_row *row = &rr->rows[i];
        const lm_loop *l = row->nest->top;
        json_object_begin(w);
        json_key(w, "file");
        json_string(w, l->loc.file);
        json_member_number(w, "line", l->loc.line);
        json_key(w, "function");
        json_string(w, l->function->name);
        json_member_number(w, "seconds", row->seconds);
        json_member_number(w, "share", row->share);
        json_member_number(w, "flops", row->flops);
        json_member_number(w, "bytes", row->bytes);
        json_member_number(w, "gflops", row->gflops);
        json_member_number(w, "gbytes_per_s", row->gbs);
        json_member_number(w, "ai", row->ai);
        json_key(w, "roof");
        json_string(w, row->roof);
        json_member_number(w, "roof_gbs", row->roof_gbs);
        json_member_number(w, "peak_gflops", row->peak_gflops);
        json_member_number(w, "bound_gflops", row->bound_gflops);
        json_member_number(w, "fraction_of_bound", row->fraction);
        json_key(w, "predicted");
        json_bool(w, row->predicted);
        if (row->predicted) {
            json_member_number(w, "predicted_s", row->predicted_s);
            json_member_number(w, "predicted_gflops", row->predicted_gflops);
            json_member_number(w, "predicted_ai", row->predicted_ai);
            json_member_number(w, "error", row->error);
        }
        json_object_end(w);
    }
    json_array_end(w);
}

char *report_roofline_json_text(const report_roofline *rr)
{
    strbuf text = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&text);
    report_roofline_json(&w, rr);
    json_out_release(&w);
    return strbuf_take(&text);
}

/* ---- The ceilings ---- */

static void roofline_level_name(const machine *m, unsigned j, char name[16])
{
    if (j < m->ncaches)
        snprintf(name, 16, "L%u", m->caches[j].level);
    else
        snprintf(name, 16, "memory");
}

/* With benchmarks: level j's fastest kernel on the most cores measured there; 0 when
 * none was measured. */
static double roofline_benchmark_gbs(const machine *m, unsigned j)
{
    unsigned level = j < m->ncaches ? m->caches[j].level : MACHINE_LEVEL_MEMORY;
    const machine_benchmarks *b = &m->benchmarks;
    unsigned cores = 0;
    double gbs = 0;
    for (size_t i = 0; i < b->nbandwidths; i++) {
        const machine_bandwidth *bw = &b->bandwidths[i];
        if (bw->level != level || bw->cores < cores)
            continue;
        if (bw->cores > cores)
            gbs = 0;
        cores = bw->cores;
        gbs = fmax(gbs, bw->gbs);
    }
    return gbs;
}

size_t report_roofline_ceilings(const machine *m, report_roofline_ceiling *out)
{
    size_t n = 0;
    for (unsigned j = 0; j <= m->ncaches; j++) {
        double gbs = m->benchmarks.present ? roofline_benchmark_gbs(m, j) : 0;
        if (gbs <= 0)
            gbs = j < m->ncaches ? m->caches[j].bandwidth_gbs : m->memory_bandwidth_gbs;
        if (gbs <= 0)
            continue;
        roofline_level_name(m, j, out[n].name);
        out[n++].gbs = gbs;
    }
    return n;
}
