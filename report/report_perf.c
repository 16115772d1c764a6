/* The predictions of the performance model: a block per loop nest with a row
 * per loop, then the totals and the hot loops; CSV with a row per nest; JSON
 * with everything. */
#include "report_perf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "fileio.h"
#include "loop_model.h"
#include "machine.h"
#include "measured.h"
#include "mem.h"
#include "perf.h"
#include "report_roofline.h"
#include "strbuf.h"

/* "L1 k, L2 j, L3 -": the outermost level whose reuse each cache holds. */
static void report_perf_fits(FILE *out, const perf_loop *pl, const machine *m)
{
    for (unsigned c = 0; c < m->ncaches; c++) {
        int f = pl->fits[c];
        const lm_loop *held = NULL;
        const lm_loop *l = pl->loop;
        for (int k = 0; l && k <= f; k++, l = l->parent)
            held = l;
        const char *var = held && held->bounds.loopvar ? held->bounds.loopvar : "?";
        fprintf(out, "%sL%u:%s", c ? " " : "", m->caches[c].level, f < 0 ? "-" : var);
    }
}

static void report_perf_loop_row(FILE *out, const perf_loop *pl, const machine *m)
{
    const lm_loop *l = pl->loop;
    fprintf(out, "  %-6s %5u %12lld %14.6g %14.6g %14.6g  ",
            l->bounds.loopvar ? l->bounds.loopvar : "?", l->loc.line, pl->trip, pl->executions,
            pl->adds + pl->multiplies + pl->divides, pl->bytes);
    for (unsigned k = 0; k < pl->nlevels; k++)
        fprintf(out, "%s%.6g", k ? "/" : "", pl->ws[k]);
    fputs("  ", out);
    report_perf_fits(out, pl, m);
    if (pl->did_not_run)
        fputs("  did not run (measured: 0 entries)", out);
    fputc('\n', out);
}

static void report_perf_summary(FILE *out, const char *indent, double flops, double weighted,
                                double specials, double bytes, double ws, double compute_s,
                                double memory_s, double runtime_s, const char *bottleneck)
{
    fprintf(out, "%sflops %.6g  weighted flops %.6g  specials %.6g  bytes %.6g  AI %.4g\n",
            indent, flops, weighted, specials, bytes, perf_intensity(flops, bytes));
    fprintf(out, "%sworking set %.6g bytes  runtime %.6g s (compute %.6g s, memory %.6g s): %s%s\n",
            indent, ws, runtime_s, compute_s, memory_s, bottleneck,
            strcmp(bottleneck, PERF_DID_NOT_RUN) ? "-bound" : "");
}

void report_perf_incore_text(FILE *out, const char *indent, const perf_nest *n)
{
    const perf_incore *c = &n->incore;
    if (!c->compiler || n->unpredicted || n->did_not_run)
        return;
    if (!c->used) {
        fprintf(out, "%sin-core: the estimate from the counts, not `%s`: %s\n", indent,
                c->compiler, c->fallback ? c->fallback : "no innermost loop ran");
        return;
    }
    fprintf(out, "%sin-core: `%s`: ", indent, c->compiler);
    if (c->enclosing)
        fprintf(out, "from the enclosing loop at %s:%u (its inner loops unrolled), ",
                fileio_basename(c->enclosing->loc.file), c->enclosing->loc.line);
    if (c->vectorized)
        fprintf(out, "vectorized, %u bits (%u lanes)", c->vector_bits, c->lanes);
    else
        fputs("scalar", out);
    fprintf(out, ", unrolled x%.3g, %.4g cycles per iteration (leftover %.4g from %s), "
                 "bottleneck %s, %.1f%% of the prediction\n",
            c->unroll, c->cycles_per_iteration, c->remainder_cycles_per_iteration,
            c->remainder_loop ? "its remainder loop" : "the main loop's pass",
            c->bottleneck[0] ? c->bottleneck : "none", 100 * c->share);
}

void report_perf_incore_json(json_out *w, const perf_nest *n)
{
    const perf_incore *c = &n->incore;
    if (!c->compiler || n->unpredicted || n->did_not_run)
        return;
    json_key(w, "incore");
    json_object_begin(w);
    json_key(w, "compiler");
    json_string(w, c->compiler);
    json_key(w, "used");
    json_bool(w, c->used);
    if (!c->used) {
        json_key(w, "fallback");
        json_string(w, c->fallback ? c->fallback : "no innermost loop ran");
        json_object_end(w);
        return;
    }
    if (c->enclosing) {
        strbuf at = STRBUF_INIT;
        strbuf_printf(&at, "%s:%u", fileio_basename(c->enclosing->loc.file),
                      c->enclosing->loc.line);
        json_key(w, "enclosing_loop");
        json_string(w, strbuf_cstr(&at));
        strbuf_release(&at);
    }
    json_key(w, "vectorized");
    json_bool(w, c->vectorized);
    json_member_number(w, "vector_bits", c->vector_bits);
    json_member_number(w, "lanes", c->lanes);
    json_member_number(w, "unroll", c->unroll);
    json_member_number(w, "cycles_per_iteration", c->cycles_per_iteration);
    json_member_number(w, "remainder_cycles_per_iteration",
                              c->remainder_cycles_per_iteration);
    json_key(w, "remainder_loop");
    json_bool(w, c->remainder_loop);
    json_member_number(w, "remainder_iterations", c->remainder_iterations);
    json_key(w, "bottleneck");
    json_string(w, c->bottleneck);
    json_member_number(w, "cycles", c->cycles);
    json_member_number(w, "load_store_cycles", c->load_store_cycles);
    json_member_number(w, "seconds", c->seconds);
    json_member_number(w, "share", c->share);
    json_object_end(w);
}

/* The nest's "incore" member into the cJSON object o (the JSON of perfmodel), written
 * once by report_perf_incore_json. */
static void report_perf_incore_cjson(cJSON *o, const perf_nest *n)
{
    strbuf text = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&text);
    json_object_begin(&w);
    report_perf_incore_json(&w, n);
    json_object_end(&w);
    json_out_release(&w);
    cJSON *parsed = cJSON_Parse(strbuf_cstr(&text));
    cJSON *incore = parsed ? cJSON_DetachItemFromObject(parsed, "incore") : NULL;
    if (incore)
        cJSON_AddItemToObject(o, "incore", incore);
    cJSON_Delete(parsed);
    strbuf_release(&text);
}

/* With the machine's benchmarks: what each level serves and costs. */
static void report_perf_levels_text(FILE *out, const perf_nest *n, perf_model model)
{
    if (!n->nlevels)
        return;
    fprintf(out, "  %-7s %14s %8s %8s %-8s %10s %14s\n", "level", "bytes", "reads", "writes",
            "like", "GB/s", model == PERF_ECM ? "transfer s" : "seconds");
    for (unsigned j = 0; j < n->nlevels; j++) {
        const perf_level *lv = &n->levels[j];
        fprintf(out, "  %-7s %14.6g %8.3g %8.3g %-8s %10.4g %14.6g\n", lv->name, lv->bytes,
                lv->reads, lv->writes, lv->kernel >= 0 ? machine_kernels[lv->kernel].name : "-",
                lv->gbs, lv->seconds);
    }
    if (model == PERF_ECM) {
        fprintf(out, "  ECM: T_OL %.6g s, T_nOL %.6g s, one core %.6g s, ",
                n->ecm.overlapping_s, n->ecm.non_overlapping_s, n->ecm.single_core_s);
        if (n->ecm.saturation_cores > 0)
            fprintf(out, "a level's bandwidth limits from %.3g cores\n", n->ecm.saturation_cores);
        else
            fputs("no level beyond L1 serves it (no bandwidth limits it)\n", out);
    }
    if (n->barrier_s > 0)
        fprintf(out, "  barrier: %.6g s (%.6g a run: the parallel loops' schedules and closing "
                     "barriers)\n",
                n->barrier_s, n->barriers);
    for (size_t i = 0; i < n->nloops; i++) {
        const perf_loop *pl = &n->loops[i];
        const char *var = pl->loop->bounds.loopvar ? pl->loop->bounds.loopvar : "?";
        if (pl->scalar_loads > 0 || pl->scalar_stores > 0)
            fprintf(out, "  one at a time in %s (line %u): %.6g loads, %.6g stores\n", var,
                    pl->loop->loc.line, pl->scalar_loads, pl->scalar_stores);
        if (pl->chain_steps <= 0)
            continue;
        fprintf(out, "  chain in %s (line %u): %.6g dependent adds", var, pl->loop->loc.line,
                pl->chain_steps);
        if (pl->chain_length > 0)
            fprintf(out, ", a new chain every %.6g", pl->chain_length);
        fprintf(out, ", %.3g cycles each\n", pl->chain_step_cycles);
    }
    if (n->levels[0].scalar_s > 0)
        fprintf(out, "  of L1's seconds, %.6g s are the accesses one at a time\n",
                n->levels[0].scalar_s);
}

/* ---- Hot loops: the nests of largest predicted time ---- */

typedef struct report_perf_hot_row {
    const perf_nest *nest;
    double weight;
} report_perf_hot_row;

/* Largest weight first; equal weights by file:line, so that the list does
 * not depend on the order the kernels were read in. */
static int report_perf_hot_cmp(const void *a, const void *b)
{
    const report_perf_hot_row *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    int by_file = strcmp(x->nest->top->loc.file, y->nest->top->loc.file);
    if (by_file)
        return by_file;
    if (x->nest->top->loc.line != y->nest->top->loc.line)
        return x->nest->top->loc.line < y->nest->top->loc.line ? -1 : 1;
    return (x->nest->top->loc.column > y->nest->top->loc.column) -
           (x->nest->top->loc.column < y->nest->top->loc.column);
}

size_t report_perf_hot_rank(const perf_result *r, const double *weight, size_t top,
                            report_perf_hot *out)
{
    report_perf_hot_row *rows = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *rows);
    double total = 0;
    size_t nrows = 0;
    for (size_t i = 0; i < r->nnests; i++) {
        /* A nest without a prediction has no predicted time to rank: it is no hot loop of
         * the prediction, but its measured work ranks it as any other's. */
        if (!weight && r->nests[i].unpredicted)
            continue;
        rows[nrows] = (report_perf_hot_row){&r->nests[i], weight ? weight[i] : r->nests[i].runtime_s};
        total += rows[nrows++].weight;
    }
    qsort(rows, nrows, sizeof *rows, report_perf_hot_cmp);
    size_t n = top < nrows ? top : nrows;
    for (size_t i = 0; i < n; i++)
        out[i] = (report_perf_hot){rows[i].nest, rows[i].weight,
                                   total > 0 ? rows[i].weight / total : 0};
    free(rows);
    return n;
}

/* The list of r's nests ranked by weight (NULL: predicted time), whose value
 * is `what` in a column headed `column`. */
static void report_perf_hot_list(FILE *out, const perf_result *r, const double *weight,
                                 const char *what, const char *column, size_t top)
{
    if (!top || !r->nnests)
        return;
    report_perf_hot *hot = mem_alloc(r->nnests * sizeof *hot);
    size_t n = report_perf_hot_rank(r, weight, top, hot);
    if (!n) {
        free(hot); /* no nest has a predicted time */
        return;
    }
    size_t of = weight ? r->nnests : r->npredicted; /* an unpredicted nest has no time */
    fprintf(out, "\nhot loops: the %zu of %zu nest%s of largest %s\n", n, of,
            of == 1 ? "" : "s", what);
    fprintf(out, "  %4s %7s %14s %-8s %10s  %s\n", "rank", "share", column, "bound", "AI",
            "function at file:line");
    for (size_t i = 0; i < n; i++) {
        const perf_nest *nest = hot[i].nest;
        fprintf(out, "  %4zu %6.2f%% %14.6g %-8s %10.4g  %s at %s:%u\n", i + 1,
                100 * hot[i].share, hot[i].value, nest->bottleneck,
                perf_intensity(nest->flops, nest->bytes), nest->top->function->name,
                fileio_basename(nest->top->loc.file), nest->top->loc.line);
    }
    free(hot);
}

void report_perf_hot_text(FILE *out, const perf_result *r, size_t top)
{
    report_perf_hot_list(out, r, NULL, "predicted time", "time s", top);
}

/* What a measurement says a loop did: ms's, else the pininfo of its XML (a run of an
 * -auto-instrument'ed copy); false when neither has it. */
static bool report_perf_loop_measured(const lm_loop *l, const measured_set *ms,
                                      double *iterations, double *fp)
{
    const measured_loop *m = ms ? measured_of(ms, l) : NULL;
    if (m) {
        *iterations = (double)m->iterations;
        *fp = (double)lm_fp_total(&m->fp);
        return true;
    }
    const lm_pininfo *pi = l->pininfo;
    if (!pi || !pi->present[LM_PIN_ITERS])
        return false;
    *iterations = (double)pi->value[LM_PIN_ITERS];
    *fp = 0;
    static const lm_pin_field fp_fields[] = {LM_PIN_ADDS, LM_PIN_SUBS, LM_PIN_MULS, LM_PIN_DIVS};
    for (size_t k = 0; k < sizeof fp_fields / sizeof *fp_fields; k++)
        if (pi->present[fp_fields[k]])
            *fp += (double)pi->value[fp_fields[k]];
    return true;
}

/* The iterations and FP operations measured at the loops of nest n (its own levels add up
 * to the whole nest's; a nest without a prediction keeps no perf_loop, so its loops are
 * walked from the top); false when none of them was measured. */
static bool report_perf_nest_measured(const perf_nest *n, const measured_set *ms,
                                      double *iterations, double *fp)
{
    bool any = false;
    *iterations = *fp = 0;
    const lm_loop *top = n->top;
    for (const lm_loop *l = top; l && (l == top || l->depth > top->depth);
         l = lm_loop_next_preorder(l)) {
        double it, f;
        if (!report_perf_loop_measured(l, ms, &it, &f))
            continue;
        any = true;
        *iterations += it;
        *fp += f;
    }
    return any;
}

double *report_perf_measured_work(const perf_result *r, const measured_set *ms, bool *fp)
{
    double *work = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *work);
    double *iterations = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *iterations);
    double flops = 0;
    for (size_t i = 0; i < r->nnests; i++) {
        report_perf_nest_measured(&r->nests[i], ms, &iterations[i], &work[i]);
        flops += work[i];
    }
    /* A program without FP operations is ranked by the iterations its loops ran. */
    *fp = flops > 0;
    if (!*fp)
        memcpy(work, iterations, (r->nnests ? r->nnests : 1) * sizeof *work);
    free(iterations);
    return work;
}

void report_perf_hot_measured_text(FILE *out, const perf_result *r, const measured_set *ms,
                                   size_t top)
{
    if (!top || !r->nnests)
        return;
    bool fp;
    double *work = report_perf_measured_work(r, ms, &fp);
    report_perf_hot_list(out, r, work,
                         fp ? "measured FP operations" : "measured iterations (no FP operations)",
                         fp ? "FP ops" : "iterations", top);
    free(work);
}

void report_perf_coverage_of(const perf_result *r, const measured_set *ms,
                             report_perf_coverage *c)
{
    *c = (report_perf_coverage){0};
    for (size_t i = 0; i < r->nnests; i++) {
        double iterations, fp;
        if (!report_perf_nest_measured(&r->nests[i], ms, &iterations, &fp))
            continue;
        c->measured = true;
        c->iterations += iterations;
        c->fp += fp;
        if (!r->nests[i].unpredicted) {
            c->iterations_predicted += iterations;
            c->fp_predicted += fp;
        }
    }
}

/* part of whole as a share, 1 when the whole is 0 (nothing lies outside). */
double report_perf_share(double part, double whole)
{
    return whole > 0 ? part / whole : 1;
}

void report_perf_coverage_text(FILE *out, const char *indent, const perf_result *r,
                               const measured_set *ms)
{
    fprintf(out, "%spredicted: %zu of %zu nest%s", indent, r->npredicted, r->nnests,
            r->nnests == 1 ? "" : "s");
    if (r->npredicted < r->nnests)
        fprintf(out, " (%zu unpredicted, each said with its reason; the totals leave them out)",
                r->nnests - r->npredicted);
    fputc('\n', out);
    report_perf_coverage c;
    report_perf_coverage_of(r, ms, &c);
    if (c.measured)
        fprintf(out, "%smeasured: %.4g%% of the iterations and %.4g%% of the FP operations lie "
                     "in predicted nests\n",
                indent, 100 * report_perf_share(c.iterations_predicted, c.iterations),
                100 * report_perf_share(c.fp_predicted, c.fp));
}

const char *report_perf_cores_why(const perf_nest *n, const perf_result *r)
{
    if (r->cores_given)
        return "-cores";
    return n->worksharing ? "a worksharing loop: omp for" : "sequential: no worksharing loop";
}

bool report_perf_text_write(FILE *out, const perf_result *r, const machine *m, size_t top)
{
    fprintf(out, "machine: %s (%.6g GFLOP/s peak, %.6g GB/s memory%s)\n", m->name,
            m->peak_gflops, m->memory_bandwidth_gbs,
            m->write_allocate ? ", write-allocate" : "");
    if (m->benchmarks.present)
        fprintf(out, "model: %s on %u core%s, with the machine's benchmarks\n",
                r->model == PERF_ECM ? "ECM" : "roofline", r->cores, r->cores == 1 ? "" : "s");
    for (size_t i = 0; i < r->nnests; i++) {
        const perf_nest *n = &r->nests[i];
        fprintf(out, "\nnest at %s:%u (function %s)%s\n", fileio_basename(n->top->loc.file),
                n->top->loc.line, n->top->function->name,
                n->did_not_run ? ": did not run (measured: 0 entries), costs 0"
                : n->unpredicted ? ": unpredicted" : "");
        if (n->unpredicted) {
            fprintf(out, "  at %s:%u: %s\n", fileio_basename(n->unpredicted_at->loc.file),
                    n->unpredicted_at->loc.line, n->unpredicted);
            continue;
        }
        fprintf(out, "  runs %.6g time%s, on %u core%s (%s)\n", n->runs, n->runs == 1 ? "" : "s",
                n->cores, n->cores == 1 ? "" : "s", report_perf_cores_why(n, r));
        fprintf(out, "  %-6s %5s %12s %14s %14s %14s  %s\n", "loop", "line", "trip",
                "executions", "flops", "bytes", "working sets by level (inner/outer)  reuse held");
        for (size_t k = 0; k < n->nloops; k++)
            report_perf_loop_row(out, &n->loops[k], m);
        report_perf_levels_text(out, n, r->model);
        report_perf_summary(out, "  ", n->flops, n->weighted_flops, n->specials, n->bytes,
                            n->working_set, n->compute_s, n->memory_s, n->runtime_s,
                            n->bottleneck);
        report_perf_incore_text(out, "  ", n);
    }
    fputs("\ntotal:\n", out);
    report_perf_summary(out, "  ", r->flops, r->weighted_flops, r->specials, r->bytes,
                        r->working_set, r->compute_s, r->memory_s, r->runtime_s, r->bottleneck);
    report_perf_coverage_text(out, "  ", r, NULL);
    report_perf_hot_text(out, r, top);
    return !ferror(out);
}

bool report_perf_csv_write(FILE *out, const perf_result *r)
{
    fputs("file,function,line,flops,weighted_flops,specials,bytes,working_set_bytes,"
          "compute_s,memory_s,runtime_s,bottleneck\n", out);
    for (size_t i = 0; i < r->nnests; i++) {
        const perf_nest *n = &r->nests[i];
        fprintf(out, "%s,%s,%u,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s\n",
                fileio_basename(n->top->loc.file), n->top->function->name, n->top->loc.line,
                n->flops, n->weighted_flops, n->specials, n->bytes, n->working_set,
                n->compute_s, n->memory_s, n->runtime_s, n->bottleneck);
    }
    fprintf(out, "total,,,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s\n", r->flops,
            r->weighted_flops, r->specials, r->bytes, r->working_set, r->compute_s, r->memory_s,
            r->runtime_s, r->bottleneck);
    return !ferror(out);
}

static void report_perf_json_numbers(cJSON *o, double flops, double weighted, double specials,
                                     double bytes, double ws, double compute_s, double memory_s,
                                     double runtime_s, const char *bottleneck)
{
    cJSON_AddNumberToObject(o, "flops", flops);
    cJSON_AddNumberToObject(o, "weighted_flops", weighted);
    cJSON_AddNumberToObject(o, "specials", specials);
    cJSON_AddNumberToObject(o, "bytes", bytes);
    cJSON_AddNumberToObject(o, "working_set_bytes", ws);
    cJSON_AddNumberToObject(o, "compute_s", compute_s);
    cJSON_AddNumberToObject(o, "memory_s", memory_s);
    cJSON_AddNumberToObject(o, "runtime_s", runtime_s);
    cJSON_AddStringToObject(o, "bottleneck", bottleneck);
}

static cJSON *report_perf_json_level(const perf_loop *pl, const machine *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "line", pl->loop->loc.line);
    cJSON_AddStringToObject(o, "loopvar", pl->loop->bounds.loopvar ? pl->loop->bounds.loopvar : "");
    cJSON_AddNumberToObject(o, "trip", (double)pl->trip);
    cJSON_AddBoolToObject(o, "ran", !pl->did_not_run);
    cJSON_AddNumberToObject(o, "executions", pl->executions);
    cJSON_AddNumberToObject(o, "flops", pl->adds + pl->multiplies + pl->divides);
    cJSON_AddNumberToObject(o, "specials", pl->specials);
    cJSON_AddNumberToObject(o, "bytes", pl->bytes);
    cJSON *ws = cJSON_AddArrayToObject(o, "working_sets");
    for (unsigned k = 0; k < pl->nlevels; k++)
        cJSON_AddItemToArray(ws, cJSON_CreateNumber(pl->ws[k]));
    if (pl->chain_steps > 0) {
        cJSON *chain = cJSON_AddObjectToObject(o, "chain");
        cJSON_AddNumberToObject(chain, "dependent_adds", pl->chain_steps);
        cJSON_AddNumberToObject(chain, "steps_per_chain", pl->chain_length);
        if (m->benchmarks.present)
            cJSON_AddNumberToObject(chain, "cycles_per_step", pl->chain_step_cycles);
    }
    if (pl->scalar_loads > 0 || pl->scalar_stores > 0) {
        cJSON *scalar = cJSON_AddObjectToObject(o, "one_at_a_time");
        cJSON_AddNumberToObject(scalar, "loads", pl->scalar_loads);
        cJSON_AddNumberToObject(scalar, "stores", pl->scalar_stores);
    }
    cJSON *fits = cJSON_AddArrayToObject(o, "reuse_held");
    for (unsigned c = 0; c < m->ncaches; c++) {
        cJSON *f = cJSON_CreateObject();
        cJSON_AddNumberToObject(f, "cache_level", m->caches[c].level);
        cJSON_AddNumberToObject(f, "outermost_level", pl->fits[c]);
        cJSON_AddItemToArray(fits, f);
    }
    return o;
}

static void report_perf_json_memory_levels(cJSON *o, const perf_nest *n, perf_model model)
{
    if (!n->nlevels)
        return;
    cJSON *levels = cJSON_AddArrayToObject(o, "memory_levels");
    for (unsigned j = 0; j < n->nlevels; j++) {
        const perf_level *lv = &n->levels[j];
        cJSON *l = cJSON_CreateObject();
        cJSON_AddStringToObject(l, "level", lv->name);
        cJSON_AddNumberToObject(l, "bytes", lv->bytes);
        cJSON_AddNumberToObject(l, "read_streams", lv->reads);
        cJSON_AddNumberToObject(l, "write_streams", lv->writes);
        if (lv->kernel >= 0) {
            cJSON_AddStringToObject(l, "benchmark", machine_kernels[lv->kernel].name);
            cJSON_AddNumberToObject(l, "gbs", lv->gbs);
        }
        cJSON_AddNumberToObject(l, "seconds", lv->seconds);
        if (j == 0)
            cJSON_AddNumberToObject(l, "one_at_a_time_s", lv->scalar_s);
        cJSON_AddItemToArray(levels, l);
    }
    cJSON_AddNumberToObject(o, "barrier_s", n->barrier_s);
    cJSON_AddNumberToObject(o, "barriers", n->barriers);
    if (model != PERF_ECM)
        return;
    cJSON *e = cJSON_AddObjectToObject(o, "ecm");
    cJSON_AddNumberToObject(e, "overlapping_s", n->ecm.overlapping_s);
    cJSON_AddNumberToObject(e, "non_overlapping_s", n->ecm.non_overlapping_s);
    cJSON_AddNumberToObject(e, "single_core_s", n->ecm.single_core_s);
    cJSON_AddNumberToObject(e, "saturation_cores", n->ecm.saturation_cores);
}

/* What the totals cover: "nests", "nests_predicted" and, when the XML carries a
 * measurement, the shares of its iterations and FP operations in predicted nests. */
static void report_perf_json_coverage(cJSON *root, const perf_result *r)
{
    cJSON_AddNumberToObject(root, "nests", (double)r->nnests);
    cJSON_AddNumberToObject(root, "nests_predicted", (double)r->npredicted);
    report_perf_coverage c;
    report_perf_coverage_of(r, NULL, &c);
    if (!c.measured)
        return;
    cJSON_AddNumberToObject(root, "measured_iterations_share",
                            report_perf_share(c.iterations_predicted, c.iterations));
    cJSON_AddNumberToObject(root, "measured_fp_share", report_perf_share(c.fp_predicted, c.fp));
}

/* "hot_loops": the same list as the text's, as objects. */
static void report_perf_json_hot(cJSON *root, const perf_result *r, size_t top)
{
    if (!top)
        return;
    report_perf_hot *hot = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *hot);
    size_t n = report_perf_hot_rank(r, NULL, top, hot);
    cJSON *list = cJSON_AddArrayToObject(root, "hot_loops");
    for (size_t i = 0; i < n; i++) {
        const perf_nest *nest = hot[i].nest;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "file", nest->top->loc.file);
        cJSON_AddNumberToObject(o, "line", nest->top->loc.line);
        cJSON_AddStringToObject(o, "function", nest->top->function->name);
        cJSON_AddNumberToObject(o, "time_s", hot[i].value);
        cJSON_AddNumberToObject(o, "share", hot[i].share);
        cJSON_AddStringToObject(o, "bound", nest->bottleneck);
        cJSON_AddNumberToObject(o, "ai", perf_intensity(nest->flops, nest->bytes));
        cJSON_AddItemToArray(list, o);
    }
    free(hot);
}

/* "measured_roofline": report_roofline's rows, when the measurement has times. */
static void report_perf_json_roofline(cJSON *root, const report_roofline *rr)
{
    if (!rr || !rr->nrows)
        return;
    char *text = report_roofline_json_text(rr);
    cJSON_AddItemToObject(root, "measured_roofline", cJSON_Parse(text));
    free(text);
}

static char *report_perf_json_render(const perf_result *r, const machine *m, size_t top,
                                     const report_roofline *rr)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "machine", m->name);
    cJSON_AddStringToObject(root, "model", r->model == PERF_ECM ? "ecm" : "roofline");
    cJSON_AddNumberToObject(root, "cores", r->cores);
    report_perf_json_numbers(root, r->flops, r->weighted_flops, r->specials, r->bytes,
                             r->working_set, r->compute_s, r->memory_s, r->runtime_s,
                             r->bottleneck);
    report_perf_json_coverage(root, r);
    cJSON *loops = cJSON_AddArrayToObject(root, "loops");
    for (size_t i = 0; i < r->nnests; i++) {
        const perf_nest *n = &r->nests[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "file", n->top->loc.file);
        cJSON_AddStringToObject(o, "function", n->top->function->name);
        cJSON_AddNumberToObject(o, "line", n->top->loc.line);
        /* A nest measured with 0 entries is in the list with its zeros, said so. */
        cJSON_AddBoolToObject(o, "ran", !n->did_not_run);
        if (n->did_not_run)
            cJSON_AddNumberToObject(o, "measured_entries", 0);
        cJSON_AddBoolToObject(o, "predicted", !n->unpredicted);
        if (!n->unpredicted && !n->did_not_run) {
            cJSON_AddNumberToObject(o, "runs", n->runs);
            cJSON_AddNumberToObject(o, "cores", n->cores);
        }
        if (n->unpredicted) {
            cJSON_AddStringToObject(o, "reason", n->unpredicted);
            cJSON_AddStringToObject(o, "reason_file", n->unpredicted_at->loc.file);
            cJSON_AddNumberToObject(o, "reason_line", n->unpredicted_at->loc.line);
        }
        report_perf_json_numbers(o, n->flops, n->weighted_flops, n->specials, n->bytes,
                                 n->working_set, n->compute_s, n->memory_s, n->runtime_s,
                                 n->bottleneck);
        cJSON *levels = cJSON_AddArrayToObject(o, "levels");
        for (size_t k = 0; k < n->nloops; k++)
            cJSON_AddItemToArray(levels, report_perf_json_level(&n->loops[k], m));
        report_perf_json_memory_levels(o, n, r->model);
        report_perf_incore_cjson(o, n);
        cJSON_AddItemToArray(loops, o);
    }
    report_perf_json_hot(root, r, top);
    report_perf_json_roofline(root, rr);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    /* Hand the caller memory from our allocator, so it frees with free(). */
    char *copy = mem_strdup(text ? text : "{}");
    cJSON_free(text);
    return copy;
}

typedef struct report_perf_ctx {
    const perf_result *r;
    const machine *m;
    size_t top;
    const report_roofline *rr;
} report_perf_ctx;

static bool report_perf_json_writer(FILE *out, void *data)
{
    const report_perf_ctx *ctx = data;
    char *text = report_perf_json_render(ctx->r, ctx->m, ctx->top, ctx->rr);
    bool ok = text && fputs(text, out) >= 0 && fputc('\n', out) != EOF;
    free(text);
    return ok;
}

bool report_perf_json_file(const char *path, const perf_result *r, const machine *m, size_t top,
                           const report_roofline *rr)
{
    report_perf_ctx ctx = {r, m, top, rr};
    return fileio_write_atomic(path, report_perf_json_writer, &ctx);
}
