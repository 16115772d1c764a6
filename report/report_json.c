/* The JSON report: the loop table, each loop with what was measured and
 * predicted of it.  Written as it goes (json_out.h), in cJSON's layout; what
 * it writes is the table report_json_schema, beside the writer so the two
 * change together. */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "json_check.h"
#include "json_out.h"
#include "loop_model.h"
#include "mem.h"
#include "perf.h"
#include "report_perf.h"
#include "strbuf.h"

/* ---- what the report holds: -merge checks each slice against it ---- */

static const char *const report_loop_kinds[] = {"for", "while", "do", NULL};

/* Predictions too large for a double are written as null (json_number). */
static const json_check_range report_nonnegative = {0, HUGE_VAL, false, 0, ">= 0"};

/* field, type, range, required, null too, one of, members, item (json_check.h) */
static const json_check_field report_measured_fields[] = {
    {"counts", JSON_CHECK_GROUP, NULL, false, false, NULL, measured_count_fields, NULL},
    {"fp_total", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"ai", JSON_CHECK_NUMBER, &json_check_intensity, true, false, NULL, NULL, NULL},
    {"seconds", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"thread_seconds", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"gflops", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"gbytes_per_s", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {0},
};

static const json_check_field report_prediction_fields[] = {
    {"machine", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"flops", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"weighted_flops", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"specials", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"bytes", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"working_set_bytes", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"compute_s", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"memory_s", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"runtime_s", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {"bottleneck", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    /* The times it runs in the program and the cores it runs on (a nest that ran and was
     * predicted). */
    {"runs", JSON_CHECK_NUMBER, &report_nonnegative, false, true, NULL, NULL, NULL},
    {"cores", JSON_CHECK_INTEGER, &json_check_position, false, false, NULL, NULL, NULL},
    /* Only for a nest measured with 0 entries: false, and those entries. */
    {"ran", JSON_CHECK_BOOL, NULL, false, false, NULL, NULL, NULL},
    {"measured_entries", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    /* Only for a nest the model could not predict: false, why, and the loop it names. */
    {"predicted", JSON_CHECK_BOOL, NULL, false, false, NULL, NULL, NULL},
    {"reason", JSON_CHECK_STRING, &json_check_nonempty, false, false, NULL, NULL, NULL},
    {"reason_file", JSON_CHECK_STRING, &json_check_nonempty, false, false, NULL, NULL, NULL},
    {"reason_line", JSON_CHECK_INTEGER, &json_check_position, false, false, NULL, NULL, NULL},
    {0},
};

static const json_check_field report_call = {NULL, JSON_CHECK_STRING, &json_check_nonempty, true,
                                             false, NULL, NULL, NULL};

static const json_check_field report_loop_fields[] = {
    {"file", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"line", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"column", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"kind", JSON_CHECK_STRING, NULL, true, false, report_loop_kinds, NULL, NULL},
    {"function", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"depth", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"fp_plus", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_minus", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_multiply", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_divide", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_total", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_special", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"load_formula", JSON_CHECK_STRING, &json_check_nonempty, true, true, NULL, NULL, NULL},
    {"load_bytes", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"store_formula", JSON_CHECK_STRING, &json_check_nonempty, true, true, NULL, NULL, NULL},
    {"store_bytes", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"ai", JSON_CHECK_NUMBER, &json_check_intensity, true, false, NULL, NULL, NULL},
    {"complete", JSON_CHECK_BOOL, NULL, true, false, NULL, NULL, NULL},
    {"unknown_calls", JSON_CHECK_ARRAY, NULL, true, false, NULL, NULL, &report_call},
    {"uncounted", JSON_CHECK_BOOL, NULL, false, false, NULL, NULL, NULL},
    {"measured", JSON_CHECK_OBJECT, NULL, false, false, NULL, report_measured_fields, NULL},
    {"prediction", JSON_CHECK_OBJECT, NULL, false, false, NULL, report_prediction_fields, NULL},
    {0},
};

static const json_check_field report_loop = {"loop", JSON_CHECK_OBJECT,
                                             .members = report_loop_fields};

/* A share of a whole, from 0 to 1. */
static const json_check_range report_share = {0, 1, false, 0, "from 0 to 1"};

static const char *const report_hot_measures[] = {"fp_operations", "iterations", NULL};

/* One nest of a hot-loop list: time_s in "hot_loops", measure and work in "hot_measured". */
static const json_check_field report_hot_fields[] = {
    {"file", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"line", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"function", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"time_s", JSON_CHECK_NUMBER, &report_nonnegative, false, true, NULL, NULL, NULL},
    {"measure", JSON_CHECK_STRING, NULL, false, false, report_hot_measures, NULL, NULL},
    {"work", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"share", JSON_CHECK_NUMBER, &report_share, true, true, NULL, NULL, NULL},
    {"bound", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"ai", JSON_CHECK_NUMBER, &report_nonnegative, true, true, NULL, NULL, NULL},
    {0},
};

static const json_check_field report_hot = {"hot loop", JSON_CHECK_OBJECT,
                                            .members = report_hot_fields};

/* One nest of the measured roofline (report_roofline.h); the predicted_* and error
 * members only for a predicted nest. */
static const json_check_field report_roofline_fields[] = {
    {"file", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"line", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"function", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"seconds", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"share", JSON_CHECK_NUMBER, &report_share, true, false, NULL, NULL, NULL},
    {"flops", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"bytes", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"gflops", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"gbytes_per_s", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"ai", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"roof", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"roof_gbs", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"peak_gflops", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"bound_gflops", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"fraction_of_bound", JSON_CHECK_NUMBER, &report_nonnegative, true, false, NULL, NULL, NULL},
    {"predicted", JSON_CHECK_BOOL, NULL, true, false, NULL, NULL, NULL},
    {"predicted_s", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"predicted_gflops", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"predicted_ai", JSON_CHECK_NUMBER, &report_nonnegative, false, false, NULL, NULL, NULL},
    {"error", JSON_CHECK_NUMBER, NULL, false, false, NULL, NULL, NULL},
    {0},
};

static const json_check_field report_roofline_nest = {"nest", JSON_CHECK_OBJECT,
                                                     .members = report_roofline_fields};

static const json_check_field report_coverage_fields[] = {
    {"nests", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"nests_predicted", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"measured_iterations_share", JSON_CHECK_NUMBER, &report_share, false, false, NULL, NULL,
     NULL},
    {"measured_fp_share", JSON_CHECK_NUMBER, &report_share, false, false, NULL, NULL, NULL},
    {0},
};

static const json_check_field report_top_fields[] = {
    {"shard", JSON_CHECK_STRING, &json_check_nonempty, false, false, NULL, NULL, NULL},
    {"loops", JSON_CHECK_ARRAY, NULL, true, false, NULL, NULL, &report_loop},
    {"coverage", JSON_CHECK_OBJECT, NULL, false, false, NULL, report_coverage_fields, NULL},
    {"hot_loops", JSON_CHECK_ARRAY, NULL, false, false, NULL, NULL, &report_hot},
    {"hot_measured", JSON_CHECK_ARRAY, NULL, false, false, NULL, NULL, &report_hot},
    {"measured_roofline", JSON_CHECK_ARRAY, NULL, false, false, NULL, NULL,
     &report_roofline_nest},
    {0},
};

const json_check_field report_json_schema = {"the report", JSON_CHECK_OBJECT,
                                             .members = report_top_fields};

/* ---- writing ---- */

static void json_member_string(json_out *w, const char *key, const char *s)
{
    json_key(w, key);
    json_string(w, s);
}

static void report_json_measured(json_out *w, const measured_loop *m)
{
    json_object_begin(w);
    json_member_number(w, "entries", (double)m->entries);
    json_member_number(w, "iterations", (double)m->iterations);
    for (int k = LM_FP_PLUS; k <= LM_FP_DIVIDE; k++)
        json_member_number(w, lm_fp_class_name(k), (double)m->fp.n[k]);
    json_member_number(w, "fp_total", (double)lm_fp_total(&m->fp));
    json_member_number(w, "fp_special", (double)m->fp.n[LM_FP_SPECIAL]);
    json_member_number(w, "load_bytes", (double)m->load_bytes);
    json_member_number(w, "store_bytes", (double)m->store_bytes);
    json_member_number(w, "ai", m->ai);
    if (m->timed) {
        json_member_number(w, "seconds", m->seconds);
        json_member_number(w, "thread_seconds", m->thread_seconds);
        json_member_number(w, "gflops", m->gflops);
        json_member_number(w, "gbytes_per_s", m->gbytes_per_s);
    }
    json_object_end(w);
}

static void report_json_prediction(json_out *w, const perf_nest *pr, const char *machine_name)
{
    json_object_begin(w);
    json_member_string(w, "machine", machine_name);
    json_member_number(w, "flops", pr->flops);
    json_member_number(w, "weighted_flops", pr->weighted_flops);
    json_member_number(w, "specials", pr->specials);
    json_member_number(w, "bytes", pr->bytes);
    json_member_number(w, "working_set_bytes", pr->working_set);
    json_member_number(w, "compute_s", pr->compute_s);
    json_member_number(w, "memory_s", pr->memory_s);
    json_member_number(w, "runtime_s", pr->runtime_s);
    json_member_string(w, "bottleneck", pr->bottleneck);
    if (!pr->did_not_run && !pr->unpredicted) {
        json_member_number(w, "runs", pr->runs);
        json_member_number(w, "cores", pr->cores);
    }
    if (pr->did_not_run) {
        json_key(w, "ran");
        json_bool(w, false);
        json_member_number(w, "measured_entries", 0);
    }
    if (pr->unpredicted) {
        json_key(w, "predicted");
        json_bool(w, false);
        json_member_string(w, "reason", pr->unpredicted);
        json_member_string(w, "reason_file", pr->unpredicted_at->loc.file);
        json_member_number(w, "reason_line", pr->unpredicted_at->loc.line);
    }
    report_perf_incore_json(w, pr);
    json_object_end(w);
}

/* "coverage": what the predictions' totals cover (report_perf_coverage_text's). */
static void report_json_coverage(json_out *w, const report_joins *j)
{
    const perf_result *r = j->predicted;
    json_key(w, "coverage");
    json_object_begin(w);
    json_member_number(w, "nests", (double)r->nnests);
    json_member_number(w, "nests_predicted", (double)r->npredicted);
    report_perf_coverage c;
    report_perf_coverage_of(r, j->measured, &c);
    if (c.measured) {
        json_member_number(w, "measured_iterations_share",
                           report_perf_share(c.iterations_predicted, c.iterations));
        json_member_number(w, "measured_fp_share", report_perf_share(c.fp_predicted, c.fp));
    }
    json_object_end(w);
}

static void report_json_loop(json_out *w, const lm_loop *l, const report_joins *j)
{
    json_object_begin(w);
    json_member_string(w, "file", l->loc.file);
    json_member_number(w, "line", l->loc.line);
    json_member_number(w, "column", l->loc.column);
    json_member_string(w, "kind", lm_loop_kind_name(l->kind));
    json_member_string(w, "function", l->function->name);
    json_member_number(w, "depth", l->depth);
    for (int k = LM_FP_PLUS; k <= LM_FP_DIVIDE; k++)
        json_member_number(w, lm_fp_class_name(k), (double)l->inclusive.n[k]);
    json_member_number(w, "fp_total", (double)lm_fp_total(&l->inclusive));
    json_member_number(w, "fp_special", (double)l->inclusive.n[LM_FP_SPECIAL]);
    json_member_string(w, "load_formula", l->loads.formula);
    json_member_number(w, "load_bytes", (double)l->loads.bytes);
    json_member_string(w, "store_formula", l->stores.formula);
    json_member_number(w, "store_bytes", (double)l->stores.bytes);
    json_member_number(w, "ai", l->ai);
    json_key(w, "complete");
    json_bool(w, l->complete);
    json_key(w, "unknown_calls");
    json_array_begin(w);
    for (size_t i = 0; i < l->nunknown_calls; i++)
        json_string(w, l->unknown_calls[i]);
    json_array_end(w);
    if (l->function->uncounted) { /* a C++ template never instantiated */
        json_key(w, "uncounted");
        json_bool(w, true);
    }
    const measured_loop *m = j ? measured_of(j->measured, l) : NULL;
    if (m) {
        json_key(w, "measured");
        report_json_measured(w, m);
    }
    const perf_nest *pr = j ? perf_nest_of(j->predicted, l) : NULL;
    if (pr) {
        json_key(w, "prediction");
        report_json_prediction(w, pr, j->machine);
    }
    json_object_end(w);
}

/* A hot-loop list of j's predicted nests ranked by weight (NULL: predicted
 * time; else the measured work, `measure` of it). */
static void report_json_hot(json_out *w, const char *key, const report_joins *j,
                            const double *weight, const char *measure)
{
    const perf_result *r = j->predicted;
    report_perf_hot *hot = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *hot);
    size_t n = report_perf_hot_rank(r, weight, j->top, hot);
    json_key(w, key);
    json_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        const perf_nest *nest = hot[i].nest;
        json_object_begin(w);
        json_member_string(w, "file", nest->top->loc.file);
        json_member_number(w, "line", nest->top->loc.line);
        json_member_string(w, "function", nest->top->function->name);
        if (measure) {
            json_member_string(w, "measure", measure);
            json_member_number(w, "work", hot[i].value);
        } else {
            json_member_number(w, "time_s", hot[i].value);
        }
        json_member_number(w, "share", hot[i].share);
        json_member_string(w, "bound", nest->bottleneck);
        json_member_number(w, "ai", perf_intensity(nest->flops, nest->bytes));
        json_object_end(w);
    }
    json_array_end(w);
    free(hot);
}

/* The report into text; a FILE to flush into as it grows (or NULL to keep
 * it all); false when a write failed. */
static bool report_json_emit(strbuf *text, FILE *out, const lm_program *p, const report_joins *j)
{
    json_out w = JSON_OUT_INIT(text);
    bool ok = true;
    json_object_begin(&w);
    if (j && j->shard) {
        json_key(&w, "shard");
        json_string(&w, j->shard);
    }
    json_key(&w, "loops");
    json_array_begin(&w);
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                report_json_loop(&w, l, j);
                if (out && text->len >= (1u << 16))
                    ok &= fileio_flush_text(out, text);
            }
    json_array_end(&w);
    if (j && j->predicted && !j->shard)
        report_json_coverage(&w, j);
    if (j && j->predicted && !j->shard && j->top) {
        report_json_hot(&w, "hot_loops", j, NULL, NULL);
        if (j->measured) {
            bool fp;
            double *work = report_perf_measured_work(j->predicted, j->measured, &fp);
            report_json_hot(&w, "hot_measured", j, work, fp ? "fp_operations" : "iterations");
            free(work);
        }
    }
    if (j && j->roofline && j->roofline->nrows && !j->shard) {
        json_key(&w, "measured_roofline");
        report_roofline_json(&w, j->roofline);
    }
    json_object_end(&w);
    json_out_release(&w);
    return ok;
}

char *report_json_render(const lm_program *p, const report_joins *j)
{
    strbuf text = STRBUF_INIT;
    report_json_emit(&text, NULL, p, j);
    return strbuf_take(&text);
}

static bool report_json_write(FILE *out, const lm_program *p, const report_joins *j)
{
    strbuf text = STRBUF_INIT;
    bool ok = report_json_emit(&text, out, p, j);
    strbuf_appendn(&text, "\n", 1);
    ok &= fileio_flush_text(out, &text);
    strbuf_release(&text);
    return ok;
}

bool report_json_file(const char *path, const lm_program *p, const report_joins *j)
{
    return report_write_file(path, report_json_write, p, j);
}
