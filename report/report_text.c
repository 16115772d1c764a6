/* The text report keeps ROSE measureTool's layout, one block per loop in
 * source order, with the fp_special line added after fp_total and, for a
 * loop whose bytes are incomplete, a line naming the calls to blame. */
#include "report.h"

#include <stddef.h>
#include <stdio.h>

#include "fileio.h"
#include "loop_model.h"
#include "perf.h"
#include "report_perf.h"

static const char *report_statement_name(lm_loop_kind k)
{
    switch (k) {
    case LM_LOOP_FOR:
        return "ForStatement";
    case LM_LOOP_WHILE:
        return "WhileStatement";
    case LM_LOOP_DO:
        return "DoWhileStatement";
    }
    return "ForStatement";
}

/* A measurement is the loop's own level over the whole run; per iteration
 * it compares with the static counts of an innermost loop. */
static void report_text_measured(FILE *out, const measured_loop *m)
{
    fprintf(out, "----------Measured (own level, whole run)---------------------\n");
    fprintf(out, "entries:%lu\n", m->entries);
    fprintf(out, "iterations:%lu\n", m->iterations);
    for (int k = LM_FP_PLUS; k <= LM_FP_DIVIDE; k++)
        fprintf(out, "%s:%lu\n", lm_fp_class_name(k), m->fp.n[k]);
    fprintf(out, "fp_total:%lu\n", lm_fp_total(&m->fp));
    fprintf(out, "fp_special:%lu\n", m->fp.n[LM_FP_SPECIAL]);
    fprintf(out, "Loads int: %lu\n", m->load_bytes);
    fprintf(out, "Store int: %lu\n", m->store_bytes);
    if (m->iterations)
        fprintf(out, "fp_total per iteration:%g\n",
                (double)lm_fp_total(&m->fp) / (double)m->iterations);
    fprintf(out, "Measured AI=%g\n", m->ai);
    if (m->timed) {
        /* the time holds the loops inside, and so do the rates' work */
        fprintf(out, "seconds (with the loops inside):%.9f\n", m->seconds);
        fprintf(out, "thread_seconds:%.9f\n", m->thread_seconds);
        fprintf(out, "GFLOP/s:%g\n", m->gflops);
        fprintf(out, "GB/s:%g\n", m->gbytes_per_s);
    }
}

/* The model's prediction for the nest this loop starts (-machine). */
static void report_text_prediction(FILE *out, const perf_nest *pr, const report_joins *j)
{
    const char *machine_name = j->machine;
    fprintf(out, "----------Predicted (whole nest, machine %s)---------------------\n",
            machine_name);
    fprintf(out, "flops:%.17g\n", pr->flops);
    fprintf(out, "weighted flops:%.17g\n", pr->weighted_flops);
    fprintf(out, "fp_special:%.17g\n", pr->specials);
    fprintf(out, "bytes:%.17g\n", pr->bytes);
    fprintf(out, "working set:%.17g\n", pr->working_set);
    if (pr->did_not_run)
        fputs("runtime:0 s, did not run (measured: 0 entries)\n", out);
    else if (pr->unpredicted)
        fprintf(out, "runtime:unpredicted, at %s:%u: %s\n", pr->unpredicted_at->loc.file,
                pr->unpredicted_at->loc.line, pr->unpredicted);
    else
        fprintf(out, "runtime:%g s (compute %g s, memory %g s), %s-bound, on %u core%s (%s), "
                     "%.17g run%s\n",
                pr->runtime_s, pr->compute_s, pr->memory_s, pr->bottleneck, pr->cores,
                pr->cores == 1 ? "" : "s", report_perf_cores_why(pr, j->predicted), pr->runs,
                pr->runs == 1 ? "" : "s");
    report_perf_incore_text(out, "", pr);
}

static void report_text_loop(FILE *out, const lm_loop *l, const report_joins *j)
{
    const lm_fp_counts *c = &l->inclusive;
    fprintf(out, "----------Floating Point Operation Counts---------------------\n");
    fprintf(out, "%s@ %s:%u:%u\n", report_statement_name(l->kind), l->loc.file, l->loc.line,
            l->loc.column);
    /* C++: which instance of a template the counts are of; a template never
     * instantiated has none. */
    if (l->function->instance)
        fprintf(out, "Instance: %s\n", l->function->name);
    if (l->function->uncounted)
        fprintf(out, "Uncounted: %s is a template never instantiated here\n", l->function->name);
    for (int k = LM_FP_PLUS; k <= LM_FP_DIVIDE; k++)
        fprintf(out, "%s:%lu\n", lm_fp_class_name(k), c->n[k]);
    fprintf(out, "fp_total:%lu\n", lm_fp_total(c));
    fprintf(out, "fp_special:%lu\n", c->n[LM_FP_SPECIAL]);
    fprintf(out, "----------Memory Operation Counts---------------------\n");
    fprintf(out, "Loads:%s\n", l->loads.formula ? l->loads.formula : " NULL");
    fprintf(out, "Loads int: %lu\n", l->loads.bytes);
    fprintf(out, "Stores:%s\n", l->stores.formula ? l->stores.formula : " NULL");
    fprintf(out, "Store int: %lu\n", l->stores.bytes);
    if (l->nunknown_calls) {
        fprintf(out, "Incomplete: unknown effects of calls to");
        for (size_t i = 0; i < l->nunknown_calls; i++)
            fprintf(out, "%s %s", i ? "," : "", l->unknown_calls[i]);
        fputc('\n', out);
    }
    fprintf(out, "----------Arithmetic Intensity---------------------\n");
    fprintf(out, "AI=%g\n", l->ai);
    const measured_loop *m = j ? measured_of(j->measured, l) : NULL;
    if (m)
        report_text_measured(out, m);
    const perf_nest *pr = j ? perf_nest_of(j->predicted, l) : NULL;
    if (pr)
        report_text_prediction(out, pr, j);
}

bool report_text_write(FILE *out, const lm_program *p, const report_joins *j)
{
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
                report_text_loop(out, l, j);
    if (j && j->predicted && !j->shard) {
        fputc('\n', out);
        report_perf_coverage_text(out, "", j->predicted, j->measured);
        report_perf_hot_text(out, j->predicted, j->top);
        if (j->measured)
            report_perf_hot_measured_text(out, j->predicted, j->measured, j->top);
        if (j->roofline)
            report_roofline_text(out, j->roofline);
    }
    return !ferror(out);
}

typedef struct report_job {
    report_writer write;
    const lm_program *p;
    const report_joins *j;
} report_job;

static bool report_job_write(FILE *out, void *ctx)
{
    const report_job *job = ctx;
    return job->write(out, job->p, job->j);
}

bool report_write_file(const char *path, report_writer write, const lm_program *p,
                       const report_joins *j)
{
    report_job job = {write, p, j};
    return fileio_write_atomic(path, report_job_write, &job);
}

bool report_text_file(const char *path, const lm_program *p, const report_joins *j)
{
    return report_write_file(path, report_text_write, p, j);
}

static void report_debug_counts(FILE *out, const char *what, const lm_fp_counts *c)
{
    fprintf(out, "    %s:", what);
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        fprintf(out, " %s=%lu", lm_fp_class_name(k), c->n[k]);
    fputc('\n', out);
}

void report_debug_write(FILE *out, const lm_program *p)
{
    for (const lm_file *f = p->files; f; f = f->next) {
        for (const lm_function *fn = f->functions; fn; fn = fn->next) {
            fprintf(out, "debug: function %s at %s:%u:%u\n", fn->name, fn->loc.file, fn->loc.line,
                    fn->loc.column);
            report_debug_counts(out, "outside loops", &fn->own);
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                fprintf(out, "  debug: %s loop at %s:%u:%u depth %u\n", lm_loop_kind_name(l->kind),
                        l->loc.file, l->loc.line, l->loc.column, l->depth);
                report_debug_counts(out, "own level", &l->own);
                report_debug_counts(out, "inclusive", &l->inclusive);
                for (const lm_array_use *a = l->arrays; a; a = a->next)
                    fprintf(out, "    array %s: element %s (%lu bytes)%s%s\n", a->name,
                            a->elem_type, a->elem_size, a->first_read ? " read" : "",
                            a->first_write ? " written" : "");
                for (size_t i = 0; i < l->nunknown_calls; i++)
                    fprintf(out, "    unknown effects: %s\n", l->unknown_calls[i]);
            }
        }
    }
}
