#include "report.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "fileio.h"
#include "mem.h"

static void json_add_formula(cJSON *o, const char *key, const char *formula)
{
    if (formula)
        cJSON_AddStringToObject(o, key, formula);
    else
        cJSON_AddNullToObject(o, key);
}

static cJSON *report_json_measured(const measured_loop *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "entries", (double)m->entries);
    cJSON_AddNumberToObject(o, "iterations", (double)m->iterations);
    for (int k = LM_FP_PLUS; k <= LM_FP_DIVIDE; k++)
        cJSON_AddNumberToObject(o, lm_fp_class_name(k), (double)m->fp.n[k]);
    cJSON_AddNumberToObject(o, "fp_total", (double)lm_fp_total(&m->fp));
    cJSON_AddNumberToObject(o, "fp_special", (double)m->fp.n[LM_FP_SPECIAL]);
    cJSON_AddNumberToObject(o, "load_bytes", (double)m->load_bytes);
    cJSON_AddNumberToObject(o, "store_bytes", (double)m->store_bytes);
    cJSON_AddNumberToObject(o, "ai", m->ai);
    return o;
}

static cJSON *report_json_prediction(const perf_nest *pr, const char *machine_name)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "machine", machine_name);
    cJSON_AddNumberToObject(o, "flops", pr->flops);
    cJSON_AddNumberToObject(o, "weighted_flops", pr->weighted_flops);
    cJSON_AddNumberToObject(o, "specials", pr->specials);
    cJSON_AddNumberToObject(o, "bytes", pr->bytes);
    cJSON_AddNumberToObject(o, "working_set_bytes", pr->working_set);
    cJSON_AddNumberToObject(o, "compute_s", pr->compute_s);
    cJSON_AddNumberToObject(o, "memory_s", pr->memory_s);
    cJSON_AddNumberToObject(o, "runtime_s", pr->runtime_s);
    cJSON_AddStringToObject(o, "bottleneck", pr->bottleneck);
    return o;
}

static cJSON *report_json_loop(const lm_loop *l, const report_joins *j)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", l->loc.file);
    cJSON_AddNumberToObject(o, "line", l->loc.line);
    cJSON_AddNumberToObject(o, "column", l->loc.column);
    cJSON_AddStringToObject(o, "kind", lm_loop_kind_name(l->kind));
    cJSON_AddStringToObject(o, "function", l->function->name);
    cJSON_AddNumberToObject(o, "depth", l->depth);
    for (int k = LM_FP_PLUS; k <= LM_FP_DIVIDE; k++)
        cJSON_AddNumberToObject(o, lm_fp_class_name(k), (double)l->inclusive.n[k]);
    cJSON_AddNumberToObject(o, "fp_total", (double)lm_fp_total(&l->inclusive));
    cJSON_AddNumberToObject(o, "fp_special", (double)l->inclusive.n[LM_FP_SPECIAL]);
    json_add_formula(o, "load_formula", l->loads.formula);
    cJSON_AddNumberToObject(o, "load_bytes", (double)l->loads.bytes);
    json_add_formula(o, "store_formula", l->stores.formula);
    cJSON_AddNumberToObject(o, "store_bytes", (double)l->stores.bytes);
    cJSON_AddNumberToObject(o, "ai", l->ai);
    cJSON_AddBoolToObject(o, "complete", l->complete);
    cJSON *unknown = cJSON_AddArrayToObject(o, "unknown_calls");
    for (size_t i = 0; i < l->nunknown_calls; i++)
        cJSON_AddItemToArray(unknown, cJSON_CreateString(l->unknown_calls[i]));
    const measured_loop *m = j ? measured_of(j->measured, l) : NULL;
    if (m)
        cJSON_AddItemToObject(o, "measured", report_json_measured(m));
    const perf_nest *pr = j ? perf_nest_of(j->predicted, l) : NULL;
    if (pr)
        cJSON_AddItemToObject(o, "prediction", report_json_prediction(pr, j->machine));
    return o;
}

char *report_json_render(const lm_program *p, const report_joins *j)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *loops = cJSON_AddArrayToObject(root, "loops");
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
                cJSON_AddItemToArray(loops, report_json_loop(l, j));
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    /* Hand the caller memory from our allocator, so it frees with free(). */
    char *copy = mem_strdup(text ? text : "{}");
    cJSON_free(text);
    return copy;
}

typedef struct report_job {
    const lm_program *p;
    const report_joins *j;
} report_job;

static bool report_json_writer(FILE *out, void *ctx)
{
    const report_job *job = ctx;
    char *text = report_json_render(job->p, job->j);
    bool ok = fputs(text, out) >= 0 && fputc('\n', out) != EOF;
    free(text);
    return ok;
}

bool report_json_file(const char *path, const lm_program *p, const report_joins *j)
{
    report_job job = {p, j};
    return fileio_write_atomic(path, report_json_writer, &job);
}
