/* validate: the performance model against measured run times.
 *
 * For each kernel of bench/validate/kernels/ (triad, daxpy, dot, a 2D and a
 * 3D Jacobi stencil, a naive matrix multiply) the driver
 *   - sizes its arrays so that they fill the footprint, by default 4x the
 *     largest cache and at least 1 GiB (never more than a third of the
 *     available memory), so that every kernel streams from memory;
 *   - predicts its run time: the kernel's ExaSAT XML, which measuretool
 *     writes from the kernel's source at build time, read back, its bound
 *     parameters bound to the sizes, and evaluated by the model on the
 *     machine;
 *   - measures it: the arrays are first touched by the threads that later
 *     use them, one untimed run warms up, and the best of R timed runs
 *     (CLOCK_MONOTONIC around the call) is the measured time, as in the
 *     calibration, whose best-of numbers the machine holds.
 * The machine comes from perf_calibrate() in the same invocation, or from
 * -machine FILE.  The error of a kernel is (predicted - measured) / measured;
 * the median and the worst absolute error are checked against the targets.
 *
 * The memory bandwidth of a shared host drifts: on this project's VM the
 * calibration's triad gives anything from 15 to 29 GB/s from one minute to
 * the next, as other guests load the memory system.  A bandwidth measured
 * once, before the kernels run, would put that drift into every error.  So
 * each timed run of a kernel follows a run of the reference, the
 * calibration's triad over the same memory (see vk_pool), and the kernel is
 * predicted with the best reference bandwidth of its runs (the triad's bytes
 * as the model counts them, over its time): the model's claim, runtime =
 * bytes / bandwidth, is tested against the bandwidth of the same minute.
 * -no-reference predicts with the machine's bandwidth instead.
 *
 * Exit status: 0 both targets met, 1 a target missed, 2 a usage or setup
 * error (a bad option, an unreadable XML file, too little memory). */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "diag.h"
#include "exasat_xml.h"
#include "kernels.h"
#include "machine.h"
#include "mem.h"
#include "perf.h"
#include "perf_calibrate.h"
#include "perf_expr.h"
#include "strbuf.h"

#ifndef VALIDATE_XML_DIR
#error "VALIDATE_XML_DIR must name the directory of the kernels' ExaSAT XML"
#endif

enum { VK_MAX_ARRAYS = 3, VK_MAX_PARAMS = 3, VK_DEFAULT_RUNS = 5 };
enum { VK_EXIT_OK = 0, VK_EXIT_MISSED = 1, VK_EXIT_SETUP = 2 };

static const double vk_median_target = 10.0; /* percent */
static const double vk_worst_target = 25.0;
static const double vk_mib = 1024.0 * 1024.0;
static const double vk_gib = 1024.0 * 1024.0 * 1024.0;
static const double vk_min_footprint = 1024.0 * 1024.0 * 1024.0;
static const double vk_cache_multiple = 4.0;
static const long vk_matmul_rows = 8; /* rows of a and c: each one streams all of b */

/* Where results go so that the compiler cannot drop the work producing them. */
static volatile double vk_sink;

/* One kernel at one size: its bound parameters and its arrays. */
typedef struct vk_case {
    const char *param_name[VK_MAX_PARAMS];
    long param[VK_MAX_PARAMS];
    unsigned nparams;
    size_t length[VK_MAX_ARRAYS]; /* elements */
    double *array[VK_MAX_ARRAYS];
    unsigned narrays;
} vk_case;

typedef struct vk_kernel {
    const char *name; /* the function, and the stem of its XML file */
    void (*size)(vk_case *c, double footprint);
    void (*run)(const vk_case *c);
} vk_kernel;

static void vk_add_param(vk_case *c, const char *name, long value)
{
    c->param_name[c->nparams] = name;
    c->param[c->nparams++] = value;
}

static void vk_add_array(vk_case *c, double elements)
{
    c->length[c->narrays++] = (size_t)elements;
}

/* ---- the kernels: sizes and calls ---- */

static void vk_size_triad(vk_case *c, double footprint)
{
    long n = (long)(footprint / (3 * sizeof(double)));
    vk_add_param(c, "n", n);
    for (unsigned i = 0; i < 3; i++)
        vk_add_array(c, (double)n);
}

static void vk_run_triad(const vk_case *c)
{
    triad(c->param[0], 3.0, c->array[0], c->array[1], c->array[2]);
}

/* daxpy and dot: two vectors of n. */
static void vk_size_vectors(vk_case *c, double footprint)
{
    long n = (long)(footprint / (2 * sizeof(double)));
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n);
    vk_add_array(c, (double)n);
}

static void vk_run_daxpy(const vk_case *c)
{
    daxpy(c->param[0], 0.5, c->array[0], c->array[1]);
}

static void vk_run_dot(const vk_case *c)
{
    vk_sink = dot(c->param[0], c->array[0], c->array[1]);
}

static void vk_size_stencil2d(vk_case *c, double footprint)
{
    long n = (long)sqrt(footprint / (2 * sizeof(double)));
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n * (double)n);
    vk_add_array(c, (double)n * (double)n);
}

static void vk_run_stencil2d(const vk_case *c)
{
    long n = c->param[0];
    stencil2d(n, (const double(*)[n])c->array[0], (double(*)[n])c->array[1]);
}

static void vk_size_stencil3d(vk_case *c, double footprint)
{
    long n = (long)cbrt(footprint / (2 * sizeof(double)));
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n * (double)n * (double)n);
    vk_add_array(c, (double)n * (double)n * (double)n);
}

static void vk_run_stencil3d(const vk_case *c)
{
    long n = c->param[0];
    stencil3d(n, 0.5, 1.0 / 12, (const double(*)[n][n])c->array[0], (double(*)[n][n])c->array[1]);
}

/* b (n x n), a and c (vk_matmul_rows x n) fill the footprint. */
static void vk_size_matmul(vk_case *c, double footprint)
{
    long n = (long)(sqrt(footprint / sizeof(double) + 64.0) - 8.0); /* n^2 + 16 n elements */
    vk_add_param(c, "m", vk_matmul_rows);
    vk_add_param(c, "n", n);
    vk_add_param(c, "p", n);
    vk_add_array(c, (double)vk_matmul_rows * (double)n);
    vk_add_array(c, (double)n * (double)n);
    vk_add_array(c, (double)vk_matmul_rows * (double)n);
}

static void vk_run_matmul(const vk_case *c)
{
    long m = c->param[0], n = c->param[1], p = c->param[2];
    matmul(m, n, p, (const double(*)[n])c->array[0], (const double(*)[p])c->array[1],
           (double(*)[p])c->array[2]);
}

static const vk_kernel vk_kernels[] = {
    {"triad", vk_size_triad, vk_run_triad},
    {"daxpy", vk_size_vectors, vk_run_daxpy},
    {"dot", vk_size_vectors, vk_run_dot},
    {"stencil2d", vk_size_stencil2d, vk_run_stencil2d},
    {"stencil3d", vk_size_stencil3d, vk_run_stencil3d},
    {"matmul", vk_size_matmul, vk_run_matmul},
};
enum { VK_NKERNELS = sizeof vk_kernels / sizeof vk_kernels[0] };

/* ---- arrays ---- */

static double vk_case_bytes(const vk_case *c)
{
    double bytes = 0;
    for (unsigned i = 0; i < c->narrays; i++)
        bytes += (double)c->length[i] * sizeof(double);
    return bytes;
}

/* The memory every kernel and the reference use, allocated once.  A shared host backs different
 * allocations with memory of different speed: on this project's VM, two triads over arrays
 * allocated one after the other differ by 20-40%, in whichever order they run.  A kernel is
 * compared with a reference that ran over the same pages. */
typedef struct vk_pool {
    double *base;
    size_t elements;
} vk_pool;

/* Lays the case's arrays end to end in the pool and gives them their values, on the threads and
 * in the static schedule the kernels use (the first time, this places each page near its user).
 * False when they do not fit. */
static bool vk_place_arrays(vk_case *c, const vk_pool *pool)
{
    size_t used = 0;
    for (unsigned i = 0; i < c->narrays; i++) {
        if (c->length[i] > pool->elements - used)
            return false;
        c->array[i] = pool->base + used;
        used += c->length[i];
    }
    double *a = pool->base;
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < used; i++)
        a[i] = 1.0 + (double)(i % 8) * 0.125;
    return true;
}

static bool vk_pool_create(vk_pool *pool, double footprint)
{
    pool->elements = (size_t)(footprint / sizeof(double));
    pool->base = malloc(pool->elements * sizeof(double));
    if (!pool->base) {
        diag_tool(DIAG_ERROR, "cannot allocate the %.0f MiB the kernels' arrays share",
                  footprint / vk_mib);
        return false;
    }
    vk_case all = {.length = {pool->elements}, .narrays = 1};
    return vk_place_arrays(&all, pool);
}

static void vk_pool_free(vk_pool *pool)
{
    free(pool->base);
    pool->base = NULL;
}

/* ---- measuring ---- */

static double vk_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int vk_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of n values, which it sorts. */
static double vk_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, vk_compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double vk_time_run(const vk_kernel *k, const vk_case *c)
{
    double start = vk_now();
    k->run(c);
    return vk_now() - start;
}

/* The reference: the triad over the whole pool, and the bytes the model counts for it. */
typedef struct vk_reference {
    vk_case c;
    double bytes;
} vk_reference;

typedef struct vk_measurement {
    double seconds;       /* the best run of the kernel */
    double bandwidth_gbs; /* the best run of the reference; 0 without one */
} vk_measurement;

static const vk_kernel *const vk_reference_kernel = &vk_kernels[0]; /* triad */

/* One warm-up run, then `runs` timed runs, each after a timed run of the reference when there is one. */
static vk_measurement vk_measure(const vk_kernel *k, const vk_case *c, const vk_reference *ref,
                                 unsigned runs)
{
    vk_measurement best = {0, 0};
    k->run(c);
    for (unsigned r = 0; r < runs; r++) {
        if (ref) {
            double gbs = ref->bytes / vk_time_run(vk_reference_kernel, &ref->c) / 1e9;
            if (gbs > best.bandwidth_gbs)
                best.bandwidth_gbs = gbs;
        }
        double seconds = vk_time_run(k, c);
        if (r == 0 || seconds < best.seconds)
            best.seconds = seconds;
    }
    return best;
}

/* ---- predicting ---- */

typedef struct vk_prediction {
    double runtime_s, bytes, flops;
    const char *bottleneck;
} vk_prediction;

/* The kernels' loop models, read from their XML (VALIDATE_XML_DIR or -xml-dir) before anything
 * is calibrated or measured, so that a broken file stops the run at once.  Every file is read,
 * so every broken one is reported; false when any is.  vk_programs_free() frees them. */
static bool vk_programs_load(const char *xml_dir, lm_program *programs[VK_NKERNELS])
{
    bool ok = true;
    for (unsigned i = 0; i < VK_NKERNELS; i++) {
        strbuf path = STRBUF_INIT;
        strbuf_printf(&path, "%s/%s.xml", xml_dir, vk_kernels[i].name);
        programs[i] = lm_program_create();
        ok &= xml_read_file(programs[i], strbuf_cstr(&path));
        lm_program_finish(programs[i]);
        strbuf_release(&path);
    }
    return ok;
}

static void vk_programs_free(lm_program *programs[VK_NKERNELS])
{
    for (unsigned i = 0; i < VK_NKERNELS; i++)
        lm_program_free(&programs[i]);
}

/* The model's prediction for a kernel's loop model at the case's sizes on machine m. */
static bool vk_predict(const lm_program *p, const vk_case *c, const machine *m, vk_prediction *out)
{
    perf_bindings *b = perf_bindings_create();
    for (unsigned i = 0; i < c->nparams; i++)
        perf_bindings_set(b, c->param_name[i], c->param[i]);
    perf_result r;
    bool ok = perf_evaluate(p, m, b, &r);
    if (ok)
        *out = (vk_prediction){r.runtime_s, r.bytes, r.flops, r.bottleneck};
    perf_result_release(&r);
    perf_bindings_free(&b);
    return ok;
}

/* ---- options ---- */

typedef struct vk_options {
    const char *machine_file; /* NULL: calibrate */
    const char *xml_dir;
    double footprint;         /* bytes; 0: from the machine */
    unsigned runs;
    bool dry_run, no_reference, help;
    bool only[VK_NKERNELS];   /* -kernel NAME...; none given: all */
    bool any_only;
    /* As given, read into the fields above by vk_parse_args. */
    const char *footprint_text, *runs_text;
    const char **kernel_names;
    int nkernel_names;
} vk_options;

#define VK_OPT(field) offsetof(vk_options, field)

static const args_option vk_option_table[] = {
    {"-help|--help", ARGS_FLAG, NULL, false, VK_OPT(help), 0, "print this help and exit"},
    {"-machine", ARGS_VALUE, "FILE", false, VK_OPT(machine_file), 0,
     "use this machine file instead of calibrating this machine"},
    {"-footprint-mib", ARGS_VALUE, "N", false, VK_OPT(footprint_text), 0,
     "the arrays of each kernel, in MiB (default: 4x the largest cache, at least 1024, at "
     "most a third of the available memory)"},
    {"-runs", ARGS_VALUE, "R", false, VK_OPT(runs_text), 0,
     "timed runs per kernel after a warm-up, the best counts (default 5)"},
    {"-kernel", ARGS_LIST, "NAME", false, VK_OPT(kernel_names), VK_OPT(nkernel_names),
     "only this kernel (repeatable): triad daxpy dot stencil2d stencil3d matmul"},
    {"-xml-dir", ARGS_VALUE, "DIR", false, VK_OPT(xml_dir), 0,
     "where the kernels' ExaSAT XML is (default: the build's)"},
    {"-no-reference", ARGS_FLAG, NULL, false, VK_OPT(no_reference), 0,
     "predict with the machine's memory bandwidth, not with the bandwidth of a triad run "
     "before each run of the kernel"},
    {"-dry-run", ARGS_FLAG, NULL, false, VK_OPT(dry_run), 0,
     "print the sizes and predictions, run nothing"},
};

enum { VK_NOPTIONS = sizeof vk_option_table / sizeof *vk_option_table };
_Static_assert(VK_DEFAULT_RUNS == 5, "the help of -runs names the default");

static void vk_usage(FILE *out)
{
    fputs("usage: validate [-machine FILE] [-footprint-mib N] [-runs R] [-kernel NAME]...\n"
          "                [-xml-dir DIR] [-no-reference] [-dry-run]\n"
          "Predicts each validation kernel's run time with the performance model and "
          "measures it.\n",
          out);
    args_print_help(out, vk_option_table, VK_NOPTIONS, 21);
    fprintf(out,
            "Exit status: 0 both targets met (median error <= %.0f%%, worst <= %.0f%%), 1 a target\n"
            "missed, 2 a usage or setup error.\n",
            vk_median_target, vk_worst_target);
}

/* A whole number from min to max, or a usage error naming the option. */
static bool vk_parse_count(const char *option, const char *text, long long min, long long max,
                           long long *out)
{
    if (perf_parse_whole_number(text, strlen(text), out) || *out < min || *out > max) {
        diag_tool(DIAG_ERROR, "%s: expected a whole number from %lld to %lld, not '%s'", option,
                  min, max, text);
        return false;
    }
    return true;
}

static bool vk_select_kernel(vk_options *o, const char *name)
{
    for (unsigned i = 0; i < VK_NKERNELS; i++)
        if (strcmp(vk_kernels[i].name, name) == 0) {
            o->only[i] = o->any_only = true;
            return true;
        }
    diag_tool(DIAG_ERROR, "-kernel: no kernel '%s' (validate -help lists them)", name);
    return false;
}

/* The options given as text, read into their fields. */
static bool vk_read_values(vk_options *o)
{
    long long v;
    if (o->runs_text) {
        if (!vk_parse_count("-runs", o->runs_text, 1, 1000, &v))
            return false;
        o->runs = (unsigned)v;
    }
    if (o->footprint_text) {
        if (!vk_parse_count("-footprint-mib", o->footprint_text, 1, 1LL << 30, &v))
            return false;
        o->footprint = (double)v * vk_mib;
    }
    bool ok = true;
    for (int k = 0; k < o->nkernel_names; k++)
        ok &= vk_select_kernel(o, o->kernel_names[k]);
    return ok;
}

static bool vk_parse_args(int argc, char **argv, vk_options *o)
{
    *o = (vk_options){.xml_dir = VALIDATE_XML_DIR, .runs = VK_DEFAULT_RUNS};
    bool ok = true;
    for (int i = 1; i < argc && ok; i++) {
        args_result r = args_parse_option(vk_option_table, VK_NOPTIONS, argc, argv, &i, o);
        if (r == ARGS_NOT_AN_OPTION)
            diag_tool(DIAG_ERROR, "unknown argument '%s' (validate -help lists the options)",
                      argv[i]);
        ok = r == ARGS_TAKEN;
    }
    ok = ok && vk_read_values(o);
    free(o->kernel_names);
    o->kernel_names = NULL;
    return ok;
}

/* ---- the run ---- */

/* The footprint of each kernel: -footprint-mib, or 4x the largest cache and at least 1 GiB;
 * at most a third of the available memory unless it is a dry run. */
static bool vk_footprint(const vk_options *o, const machine *m, double *footprint)
{
    double f = o->footprint;
    if (f == 0) {
        f = vk_cache_multiple * (double)machine_largest_cache(m);
        if (f < vk_min_footprint)
            f = vk_min_footprint;
    }
    double available = (double)perf_calibrate_available_memory();
    if (!o->dry_run && available > 0 && f > available / 3) {
        if (o->footprint) {
            diag_tool(DIAG_ERROR, "-footprint-mib %.0f: more than a third of the %.0f MiB available",
                      f / vk_mib, available / vk_mib);
            return false;
        }
        f = available / 3;
    }
    *footprint = f;
    return true;
}

static void vk_format_params(const vk_case *c, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < c->nparams && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s=%ld", i ? " " : "",
                                 c->param_name[i], c->param[i]);
}

/* What every row of a run needs.  pool is NULL in a dry run; ref is NULL without a reference. */
typedef struct vk_run_ctx {
    const vk_options *o;
    const machine *m;
    lm_program *const *programs; /* one per entry of vk_kernels */
    double footprint;
    const vk_pool *pool;
    const vk_reference *ref;
} vk_run_ctx;

typedef struct vk_row {
    double error; /* percent */
    bool measured;
} vk_row;

/* Measures one kernel (unless it is a dry run), predicts it, and prints its row; false on a
 * setup error.  The prediction uses the reference's bandwidth when there is a reference. */
static bool vk_kernel_row(const vk_run_ctx *x, unsigned kernel, vk_row *row)
{
    const vk_kernel *k = &vk_kernels[kernel];
    vk_case c = {0};
    k->size(&c, x->footprint);
    vk_measurement meas = {0, 0};
    if (x->pool) {
        if (!vk_place_arrays(&c, x->pool)) {
            diag_tool(DIAG_ERROR, "%s: its arrays do not fit in the footprint", k->name);
            return false;
        }
        meas = vk_measure(k, &c, x->ref, x->o->runs);
    }
    machine at = *x->m;
    if (meas.bandwidth_gbs > 0)
        at.memory_bandwidth_gbs = meas.bandwidth_gbs;
    vk_prediction pred;
    if (!vk_predict(x->programs[kernel], &c, &at, &pred))
        return false;
    char params[128];
    vk_format_params(&c, params, sizeof params);
    printf("%-10s %-22s %7.0f %11.3e  %-8s %8.1f %10.4f", k->name, params,
           vk_case_bytes(&c) / vk_mib, pred.bytes, pred.bottleneck, at.memory_bandwidth_gbs,
           pred.runtime_s);
    *row = (vk_row){0};
    if (x->pool) {
        *row = (vk_row){100.0 * (pred.runtime_s - meas.seconds) / meas.seconds, true};
        printf(" %10.4f %8.1f %+8.1f%%", meas.seconds, pred.bytes / meas.seconds / 1e9, row->error);
    }
    printf("\n");
    fflush(stdout);
    return true;
}

static void vk_print_header(const vk_options *o, const machine *m, double footprint)
{
    printf("validate: machine: %s (%.1f GFLOP/s, %.1f GB/s%s, largest cache %.0f MiB)\n", m->name,
           m->peak_gflops, m->memory_bandwidth_gbs, m->write_allocate ? ", write-allocate" : "",
           (double)machine_largest_cache(m) / vk_mib);
    printf("validate: %.0f MiB of arrays per kernel (%.1f GiB)", footprint / vk_mib,
           footprint / vk_gib);
    if (o->dry_run)
        printf(", dry run: nothing is measured\n");
    else
        printf(", best of %u runs after a warm-up\n", o->runs);
    if (!o->dry_run && !o->no_reference)
        printf("validate: each run follows a triad over the same %.0f MiB; predictions use the best "
               "triad bandwidth (GB/s) of the kernel's runs\n", footprint / vk_mib);
    else
        printf("validate: predictions use the machine's memory bandwidth (GB/s)\n");
    printf("\n");
    printf("%-10s %-22s %7s %11s  %-8s %8s %10s", "kernel", "parameters", "MiB", "model bytes",
           "bound", "GB/s", "predicted");
    if (!o->dry_run)
        printf(" %10s %8s %9s", "measured", "got GB/s", "error");
    printf("\n");
}

/* The summary lines; true when both targets are met. */
static bool vk_print_summary(const vk_row *rows, size_t n)
{
    double *errors = mem_alloc((n ? n : 1) * sizeof *errors), worst = 0;
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        if (rows[i].measured) {
            errors[count++] = fabs(rows[i].error);
            if (fabs(rows[i].error) > worst)
                worst = fabs(rows[i].error);
        }
    if (count == 0) {
        free(errors);
        return true;
    }
    double median = vk_median(errors, count);
    free(errors);
    bool median_ok = median <= vk_median_target, worst_ok = worst <= vk_worst_target;
    printf("\nmedian |error| %5.1f%%   target <= %.0f%%   %s\n", median, vk_median_target,
           median_ok ? "PASS" : "FAIL");
    printf("worst  |error| %5.1f%%   target <= %.0f%%   %s\n", worst, vk_worst_target,
           worst_ok ? "PASS" : "FAIL");
    return median_ok && worst_ok;
}

/* The machine: -machine FILE, or this machine calibrated now. */
static machine *vk_machine(const vk_options *o)
{
    if (o->machine_file)
        return machine_load(o->machine_file);
    machine *m = calloc(1, sizeof *m);
    if (m && !perf_calibrate(m, stderr)) {
        free(m);
        return NULL;
    }
    if (m && m->ncaches == 0) {
        /* Every layer condition would fail and every byte count be too high. */
        diag_tool(DIAG_ERROR, "this machine tells no cache sizes: refusing to validate "
                              "(give -machine FILE with its caches)");
        machine_free(&m);
    }
    return m;
}

/* The reference's arrays, over the whole pool, and its bytes; false on a setup error. */
static bool vk_reference_create(vk_reference *ref, const vk_run_ctx *x)
{
    *ref = (vk_reference){0};
    vk_reference_kernel->size(&ref->c, x->footprint);
    vk_prediction pred;
    if (!vk_predict(x->programs[vk_reference_kernel - vk_kernels], &ref->c, x->m, &pred))
        return false;
    ref->bytes = pred.bytes;
    return vk_place_arrays(&ref->c, x->pool);
}

/* Seconds one prediction of a kernel takes (the mean of a few), for the
 * speed target: well under 10 ms, where Kerncraft takes 0.25 to 5.6 s. */
static double vk_prediction_seconds(const vk_run_ctx *x, unsigned kernel)
{
    enum { VK_PREDICTIONS = 20 };
    vk_case c = {0};
    vk_kernels[kernel].size(&c, x->footprint);
    vk_prediction pred;
    double start = vk_now();
    for (unsigned r = 0; r < VK_PREDICTIONS; r++)
        if (!vk_predict(x->programs[kernel], &c, x->m, &pred))
            return 0;
    return (vk_now() - start) / VK_PREDICTIONS;
}

static void vk_print_prediction_time(const vk_run_ctx *x)
{
    double slowest = 0;
    for (unsigned i = 0; i < VK_NKERNELS; i++)
        if (!x->o->any_only || x->o->only[i]) {
            double s = vk_prediction_seconds(x, i);
            if (s > slowest)
                slowest = s;
        }
    printf("\nprediction time: at most %.3f ms per kernel (target: under 10 ms)\n",
           slowest * 1e3);
}

/* The rows of the selected kernels (measured unless it is a dry run) and the summary. */
static int vk_rows(const vk_run_ctx *x)
{
    vk_print_header(x->o, x->m, x->footprint);
    vk_row rows[VK_NKERNELS];
    size_t n = 0;
    for (unsigned i = 0; i < VK_NKERNELS; i++)
        if (!x->o->any_only || x->o->only[i])
            if (!vk_kernel_row(x, i, &rows[n++]))
                return VK_EXIT_SETUP;
    bool met = vk_print_summary(rows, n);
    vk_print_prediction_time(x);
    return met ? VK_EXIT_OK : VK_EXIT_MISSED;
}

static int vk_run(const vk_options *o, const machine *m, lm_program *const *programs)
{
    vk_run_ctx x = {.o = o, .m = m, .programs = programs};
    if (!vk_footprint(o, m, &x.footprint))
        return VK_EXIT_SETUP;
    if (o->dry_run)
        return vk_rows(&x);
    vk_pool pool;
    if (!vk_pool_create(&pool, x.footprint))
        return VK_EXIT_SETUP;
    x.pool = &pool;
    vk_reference ref;
    int status = VK_EXIT_SETUP;
    if (o->no_reference)
        status = vk_rows(&x);
    else if (vk_reference_create(&ref, &x)) {
        x.ref = &ref;
        status = vk_rows(&x);
    }
    vk_pool_free(&pool);
    return status;
}

int main(int argc, char **argv)
{
    diag_set_program("validate");
    vk_options o;
    if (!vk_parse_args(argc, argv, &o))
        return VK_EXIT_SETUP;
    if (o.help) {
        vk_usage(stdout);
        return VK_EXIT_OK;
    }
    lm_program *programs[VK_NKERNELS];
    machine *m = NULL;
    int status = VK_EXIT_SETUP;
    if (vk_programs_load(o.xml_dir, programs) && (m = vk_machine(&o)))
        status = vk_run(&o, m, programs);
    machine_free(&m);
    vk_programs_free(programs);
    return status;
}
