/* validate: the performance model against measured run times.
 *
 * For each kernel of bench/validate/kernels/ (kernels.h lists them), for each size class (its
 * working set in L1, in L2, in L3 when the last cache is private enough, and in memory), for
 * each build of the kernels (-O2, and -O3 -march=native: vk_builds) and on one core and on
 * all, the driver
 *   - sizes its arrays so that the working set lands in that level (vk_select_classes);
 *   - predicts one execution with both models of perf_evaluate(): the roofline of each
 *     level and ECM, from the kernel's ExaSAT XML, which measuretool writes from the kernel's
 *     source at build time, with its parameters bound to the sizes and, unless -compile off,
 *     the build's compiler command (perf_options.compile) for the in-core time;
 *   - measures it: the arrays are first touched by the threads that later use them, a few
 *     untimed calls warm the caches, then each timing repeats the kernel until it lasts
 *     vk_timing_s, on all cores inside one parallel region (the model predicts the steady
 *     state of a kernel run again and again, and a cache-sized call takes less than starting
 *     a parallel region), on one core as serial code (vk_time_reps); the best of R timings
 *     over its repetitions is the measured time, as the calibration's numbers are best-ofs.
 * The machine comes from calib_machine() in the same invocation, its benchmarks measured
 * again after every pass but the last and the best of each kept (vk_calibrate_again), or
 * from -machine FILE; it needs a benchmarks table.  The error of a prediction is
 * (predicted - measured) / measured; per model and build, the median and worst absolute error
 * on one core and the median on all cores are checked against the targets.  The rows go to a
 * table, a CSV file, a JSON file and a predicted-versus-measured chart (gnuplot).
 *
 * Exit status: 0 every target met, 1 a target missed, 2 a usage or setup error (a bad option,
 * an unreadable XML file, a machine without benchmarks, too little memory). */
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "diag.h"
#include "exasat_xml.h"
#include "fileio.h"
#include "json_out.h"
#include "kernels.h"
#include "machine.h"
#include "mem.h"
#include "perf.h"
#include "calibrate.h"
#include "bound_expr.h"
#include "perf_plot.h"
#include "strbuf.h"

#ifndef VALIDATE_XML_DIR
#error "VALIDATE_XML_DIR must name the directory of the kernels' ExaSAT XML"
#endif
#ifndef VALIDATE_OUT_DIR
#error "VALIDATE_OUT_DIR must name where the CSV, JSON and chart go by default"
#endif
#if !defined VALIDATE_COMPILE_O2 || !defined VALIDATE_COMPILE_O3
#error "VALIDATE_COMPILE_O2 and _O3 must give the compiler command of each build of the kernels"
#endif
#ifndef VALIDATE_KERNEL_DIR
#error "VALIDATE_KERNEL_DIR must name the directory of the kernels' C files (the in-core model compiles them)"
#endif

enum { VK_MAX_ARRAYS = 4, VK_MAX_PARAMS = 3, VK_DEFAULT_RUNS = 10, VK_MAX_THREADS = 256 };
enum { VK_DEFAULT_PASSES = 2 };
enum { VK_EXIT_OK = 0, VK_EXIT_MISSED = 1, VK_EXIT_SETUP = 2 };
enum { VK_MAX_CLASSES = MACHINE_MAX_CACHES + 1 };
enum { VK_MAX_CORE_COUNTS = 2 }; /* one core and all */

static const double vk_mib = 1024.0 * 1024.0;
/* An in-cache class fills this share of its cache: under the model's PERF_CACHE_SHARE, so the
 * model serves it from there, and well over the share of the cache before. */
static const double vk_cache_fill = 0.4;
/* The memory class: this many times the largest cache, and at least vk_min_memory bytes.  A
 * cache the machine reports is not all a guest may get: this VM reports a 32 MiB L3, yet the
 * calibration's triad keeps its in-cache rate up to 77 MiB; the calibration measures memory
 * with 256 MiB arrays. */
static const double vk_memory_multiple = 16.0;
static const double vk_min_memory = 256.0 * 1024 * 1024;
/* The last cache gets a class only when it holds at most this much per core: a larger share
 * means a guest sees its host's cache, shared with cores it does not own (this VM: 2 cores of
 * a 32 MiB L3), where other guests evict its data at will; the private L1 and L2 of every
 * current x86 core hold 32 KiB to 2 MiB, the L3 of a server 1.4 to 4 MiB per core. */
static const double vk_private_cache_per_core = 4.0 * 1024 * 1024;
/* Each timing repeats the kernel this long: short, so that some timings of a busy machine
 * find the cores free; the best of many is taken. */
static const double vk_timing_s = 0.005;
/* A case's timings take at most about this long (the memory size of a matrix multiply takes
 * a second a call), and there are at least VK_MIN_RUNS of them (fewer when -runs says so). */
static const double vk_case_budget_s = 3.0;
enum { VK_MIN_RUNS = 3 };
/* A call this long is timed alone: a lost time slice (a few ms) cannot make it look this long. */
static const double vk_long_call_s = 0.1;

/* The models, in the columns' order. */
enum { VK_NMODELS = 2 };
static const perf_model vk_models[VK_NMODELS] = {PERF_ROOFLINE, PERF_ECM};
static const char *const vk_model_names[VK_NMODELS] = {"roofline", "ECM"};

/* The targets, per model and build, in percent of absolute error over every size class. */
static const double vk_one_core_median_target = 10.0;
static const double vk_one_core_worst_target = 25.0;
static const double vk_all_cores_median_target = 15.0;

/* Where results go so that the compiler cannot drop the work producing them: a slot per
 * thread, a cache line apart. */
typedef struct vk_slot {
    volatile double value;
    char pad[64 - sizeof(double)];
} vk_slot;
static vk_slot vk_sinks[VK_MAX_THREADS];

static void vk_keep(double value)
{
    vk_sinks[(unsigned)omp_get_thread_num() % VK_MAX_THREADS].value = value;
}

/* ---- the kernels: sizes, data and calls ---- */

/* An array's elements. */
typedef enum vk_type { VK_DOUBLE, VK_FLOAT, VK_INT } vk_type;
static const size_t vk_type_size[] = {sizeof(double), sizeof(float), sizeof(int)};

/* One kernel at one size: its bound parameters and its arrays. */
typedef struct vk_case {
    const char *param_name[VK_MAX_PARAMS];
    long param[VK_MAX_PARAMS];
    unsigned nparams;
    size_t length[VK_MAX_ARRAYS]; /* elements */
    vk_type type[VK_MAX_ARRAYS];
    void *array[VK_MAX_ARRAYS];
    unsigned narrays;
} vk_case;

typedef struct vk_kernel {
    const char *name; /* the function, and the stem of its XML file */
    /* Its own compiler flags in both builds (bench/CMakeLists.txt gives them to the
     * compiler, this to the model); NULL: none. */
    const char *flags;
    /* The share of the memory class's footprint it takes: 1, or less for a kernel whose work
     * grows faster than its data (a matrix multiply: the footprint to the power 1.5). */
    double memory_share;
    void (*size)(vk_case *c, double footprint);
    void (*fill)(vk_case *c); /* the arrays' values; NULL: vk_fill_values */
    void (*run)(const vk_case *c, const vk_kernel_set *k);
} vk_kernel;

static void vk_add_param(vk_case *c, const char *name, long value)
{
    c->param_name[c->nparams] = name;
    c->param[c->nparams++] = value;
}

static void vk_add_array_of(vk_case *c, double elements, vk_type type)
{
    c->length[c->narrays] = (size_t)elements;
    c->type[c->narrays++] = type;
}

static void vk_add_array(vk_case *c, double elements)
{
    vk_add_array_of(c, elements, VK_DOUBLE);
}

static long vk_at_least(double value, long least)
{
    return value > (double)least ? (long)value : least;
}

/* Array i of a case as the kernels take it: read (vk_d) or written (vk_w). */
static const double *vk_d(const vk_case *c, unsigned i)
{
    return c->array[i];
}

static double *vk_w(const vk_case *c, unsigned i)
{
    return c->array[i];
}

/* Values in [1, 2), never 0 (divsum divides by them), the same on every run. */
static void vk_fill_array(double *a, size_t n)
{
#pragma omp for schedule(static)
    for (size_t i = 0; i < n; i++)
        a[i] = 1.0 + (double)(i % 8) * 0.125;
}

static void vk_fill_floats(float *a, size_t n)
{
#pragma omp for schedule(static)
    for (size_t i = 0; i < n; i++)
        a[i] = 1.0f + (float)(i % 8) * 0.125f;
}

/* Every array of doubles and floats, in the static schedule the kernels use: called by the
 * team that later runs them, this places each page and line near its user.  Arrays of int
 * are indices, the kernel's own fill's. */
static void vk_fill_values(vk_case *c)
{
    for (unsigned i = 0; i < c->narrays; i++)
        if (c->type[i] == VK_DOUBLE)
            vk_fill_array(c->array[i], c->length[i]);
        else if (c->type[i] == VK_FLOAT)
            vk_fill_floats(c->array[i], c->length[i]);
}

/* Indices that visit every element of each block of VK_GATHER_BLOCK once, in a stride-
 * VK_GATHER_STEP order (odd: a permutation): a gather that jumps about, yet uses every element
 * of its source once, which is what the model assumes of a gather (one element moved per
 * access).  Gathering at random over all of it would move a 64-byte line per element from
 * memory.  n is a multiple of the block. */
enum { VK_GATHER_BLOCK = 512, VK_GATHER_STEP = 37 };

static void vk_fill_indices(int *idx, size_t n)
{
#pragma omp for schedule(static)
    for (size_t k = 0; k < n; k++)
        idx[k] = (int)((k & ~(size_t)(VK_GATHER_BLOCK - 1)) |
                       ((k * VK_GATHER_STEP) % VK_GATHER_BLOCK));
}

/* triad: a = b + s c, three arrays of n. */
static void vk_size_triad(vk_case *c, double footprint)
{
    long n = vk_at_least(footprint / (3 * sizeof(double)), 16);
    vk_add_param(c, "n", n);
    for (unsigned i = 0; i < 3; i++)
        vk_add_array(c, (double)n);
}

static void vk_run_triad(const vk_case *c, const vk_kernel_set *k)
{
    k->triad_fn(c->param[0], 3.0, vk_w(c, 0), vk_d(c, 1), vk_d(c, 2));
}

/* daxpy, dot and divsum: two vectors of n. */
static void vk_size_vectors(vk_case *c, double footprint)
{
    long n = vk_at_least(footprint / (2 * sizeof(double)), 16);
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n);
    vk_add_array(c, (double)n);
}

static void vk_run_daxpy(const vk_case *c, const vk_kernel_set *k)
{
    k->daxpy_fn(c->param[0], 0.5, vk_d(c, 0), vk_w(c, 1));
}

static void vk_run_dot(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->dot_fn(c->param[0], vk_d(c, 0), vk_d(c, 1)));
}

static void vk_run_divsum(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->divsum_fn(c->param[0], vk_d(c, 0), vk_d(c, 1)));
}

/* The reductions over one vector of n (sum, norm, vmax and their -ffast-math twins). */
static void vk_size_vector(vk_case *c, double footprint)
{
    long n = vk_at_least(footprint / sizeof(double), 16);
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n);
}

static void vk_run_sum(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->sum_fn(c->param[0], vk_d(c, 0)));
}

static void vk_run_sum_fast(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->sum_fast_fn(c->param[0], vk_d(c, 0)));
}

static void vk_run_norm(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->norm_fn(c->param[0], vk_d(c, 0)));
}

static void vk_run_norm_fast(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->norm_fast_fn(c->param[0], vk_d(c, 0)));
}

static void vk_run_vmax(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->vmax_fn(c->param[0], vk_d(c, 0)));
}

static void vk_run_vmax_fast(const vk_case *c, const vk_kernel_set *k)
{
    vk_keep(k->vmax_fast_fn(c->param[0], vk_d(c, 0)));
}

/* stencil2d, box9 and transpose: two n x n grids of doubles. */
static void vk_size_grids2d(vk_case *c, double footprint)
{
    long n = vk_at_least(sqrt(footprint / (2 * sizeof(double))), 4);
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n * (double)n);
    vk_add_array(c, (double)n * (double)n);
}

static void vk_run_stencil2d(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->stencil2d_fn(n, (const double(*)[n])vk_d(c, 0), (double(*)[n])vk_w(c, 1));
}

static void vk_run_box9(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->box9_fn(n, (const double(*)[n])vk_d(c, 0), (double(*)[n])vk_w(c, 1));
}

static void vk_run_transpose(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->transpose_fn(n, (const double(*)[n])vk_d(c, 0), (double(*)[n])vk_w(c, 1));
}

/* blur5: two n x n images of floats. */
static void vk_size_blur5(vk_case *c, double footprint)
{
    long n = vk_at_least(sqrt(footprint / (2 * sizeof(float))), 8);
    vk_add_param(c, "n", n);
    vk_add_array_of(c, (double)n * (double)n, VK_FLOAT);
    vk_add_array_of(c, (double)n * (double)n, VK_FLOAT);
}

static void vk_run_blur5(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->blur5_fn(n, (const float(*)[n])c->array[0], (float(*)[n])c->array[1]);
}

/* stencil2d_long: two m x n grids of vk_long_rows rows, each a sixteenth of the footprint, so
 * the three rows of in that a point needs (3/16 of it) break the layer condition of the cache
 * before the class's level, which holds at most PERF_CACHE_SHARE / vk_cache_fill / 8 of it. */
enum { VK_LONG_ROWS = 8 };

static void vk_size_stencil2d_long(vk_case *c, double footprint)
{
    long n = vk_at_least(footprint / (2.0 * VK_LONG_ROWS * sizeof(double)), 4);
    vk_add_param(c, "m", VK_LONG_ROWS);
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)VK_LONG_ROWS * (double)n);
    vk_add_array(c, (double)VK_LONG_ROWS * (double)n);
}

static void vk_run_stencil2d_long(const vk_case *c, const vk_kernel_set *k)
{
    long m = c->param[0], n = c->param[1];
    k->stencil2d_long_fn(m, n, (const double(*)[n])vk_d(c, 0), (double(*)[n])vk_w(c, 1));
}

/* stencil3d, heat3d and stencil3d27: two n x n x n grids (and stencil3d27's four weights). */
static void vk_size_stencil3d(vk_case *c, double footprint)
{
    long n = vk_at_least(cbrt(footprint / (2 * sizeof(double))), 4);
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n * (double)n * (double)n);
    vk_add_array(c, (double)n * (double)n * (double)n);
}

static void vk_run_stencil3d(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->stencil3d_fn(n, 0.5, 1.0 / 12, (const double(*)[n][n])vk_d(c, 0),
                    (double(*)[n][n])vk_w(c, 1));
}

static void vk_run_heat3d(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->heat3d_fn(n, 0.1, (const double(*)[n][n])vk_d(c, 0), (double(*)[n][n])vk_w(c, 1));
}

static void vk_size_stencil3d27(vk_case *c, double footprint)
{
    vk_size_stencil3d(c, footprint);
    vk_add_array(c, 4);
}

static void vk_run_stencil3d27(const vk_case *c, const vk_kernel_set *k)
{
    long n = c->param[0];
    k->stencil3d27_fn(n, vk_d(c, 2), (const double(*)[n][n])vk_d(c, 0),
                      (double(*)[n][n])vk_w(c, 1));
}

/* spmv: rows of VK_SPMV_WIDTH nonzeros (val and col), x with one element per nonzero, y.
 * col scatters the nonzeros over each block of VK_GATHER_BLOCK elements of x (4 KiB)
 * (vk_fill_indices). */
enum { VK_SPMV_WIDTH = 8 };

static void vk_size_spmv(vk_case *c, double footprint)
{
    double per_row = VK_SPMV_WIDTH * (2 * sizeof(double) + sizeof(int)) + sizeof(double);
    long rows = vk_at_least(footprint / per_row / VK_GATHER_BLOCK * VK_SPMV_WIDTH, 1) *
                VK_GATHER_BLOCK / VK_SPMV_WIDTH;
    double nonzeros = (double)rows * VK_SPMV_WIDTH;
    vk_add_param(c, "rows", rows);
    vk_add_param(c, "w", VK_SPMV_WIDTH);
    vk_add_array(c, nonzeros);                 /* val */
    vk_add_array_of(c, nonzeros, VK_INT);      /* col */
    vk_add_array(c, nonzeros);                 /* x */
    vk_add_array(c, (double)rows);             /* y */
}

/* spmv and gather: the values, and array 1, the indices. */
static void vk_fill_gathered(vk_case *c)
{
    vk_fill_values(c);
    vk_fill_indices(c->array[1], c->length[1]);
}

static void vk_run_spmv(const vk_case *c, const vk_kernel_set *k)
{
    long rows = c->param[0], w = c->param[1];
    k->spmv_fn(rows, w, (const double(*)[w])vk_d(c, 0), (const int(*)[w])c->array[1],
               vk_d(c, 2), vk_w(c, 3));
}

/* gather: y (n) from x (n) through idx (n ints), n a whole number of VK_GATHER_BLOCKs. */
static void vk_size_gather(vk_case *c, double footprint)
{
    double per_element = 2 * sizeof(double) + sizeof(int);
    long n = vk_at_least(footprint / per_element / VK_GATHER_BLOCK, 1) * VK_GATHER_BLOCK;
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n);               /* x */
    vk_add_array_of(c, (double)n, VK_INT);    /* idx */
    vk_add_array(c, (double)n);               /* y */
}

static void vk_run_gather(const vk_case *c, const vk_kernel_set *k)
{
    k->gather_fn(c->param[0], 2.0, c->array[1], vk_d(c, 0), vk_w(c, 2));
}

/* cmul: three arrays of n re/im pairs. */
static void vk_size_cmul(vk_case *c, double footprint)
{
    long n = vk_at_least(footprint / (3 * 2 * sizeof(double)), 16);
    vk_add_param(c, "n", n);
    for (unsigned i = 0; i < 3; i++)
        vk_add_array(c, 2.0 * (double)n);
}

static void vk_run_cmul(const vk_case *c, const vk_kernel_set *k)
{
    k->cmul_fn(c->param[0], (const double(*)[2])vk_d(c, 0), (const double(*)[2])vk_d(c, 1),
               (double(*)[2])vk_w(c, 2));
}

/* rot3: the 3 x 3 matrix, n 3-vectors in and n out. */
static void vk_size_rot3(vk_case *c, double footprint)
{
    long n = vk_at_least(footprint / (2 * 3 * sizeof(double)), 16);
    vk_add_param(c, "n", n);
    vk_add_array(c, 9);
    vk_add_array(c, 3.0 * (double)n);
    vk_add_array(c, 3.0 * (double)n);
}

static void vk_run_rot3(const vk_case *c, const vk_kernel_set *k)
{
    k->rot3_fn(c->param[0], (const double(*)[3])vk_d(c, 0), (const double(*)[3])vk_d(c, 1),
               (double(*)[3])vk_w(c, 2));
}

/* matvec: a square n x n matrix, x and y. */
static void vk_size_matvec(vk_case *c, double footprint)
{
    long n = vk_at_least(sqrt(footprint / sizeof(double) + 1.0) - 1.0, 4);
    vk_add_param(c, "m", n);
    vk_add_param(c, "n", n);
    vk_add_array(c, (double)n * (double)n);
    vk_add_array(c, (double)n);
    vk_add_array(c, (double)n);
}

static void vk_run_matvec(const vk_case *c, const vk_kernel_set *k)
{
    long m = c->param[0], n = c->param[1];
    k->matvec_fn(m, n, (const double(*)[n])vk_d(c, 0), vk_d(c, 1), vk_w(c, 2));
}

/* matmul: b (n x n), a and c (VK_MATMUL_ROWS x n); each row of a streams all of b. */
enum { VK_MATMUL_ROWS = 8 };

static void vk_size_matmul(vk_case *c, double footprint)
{
    /* n^2 + 16 n elements */
    long n = vk_at_least(sqrt(footprint / sizeof(double) + 64.0) - 8.0, 4);
    vk_add_param(c, "m", VK_MATMUL_ROWS);
    vk_add_param(c, "n", n);
    vk_add_param(c, "p", n);
    vk_add_array(c, (double)VK_MATMUL_ROWS * (double)n);
    vk_add_array(c, (double)n * (double)n);
    vk_add_array(c, (double)VK_MATMUL_ROWS * (double)n);
}

static void vk_run_matmul(const vk_case *c, const vk_kernel_set *k)
{
    long m = c->param[0], n = c->param[1], p = c->param[2];
    k->matmul_fn(m, n, p, (const double(*)[n])vk_d(c, 0), (const double(*)[p])vk_d(c, 1),
                 (double(*)[p])vk_w(c, 2));
}

/* matmul_blocked: three matrices of nb x nb tiles of bs x bs.  Tiles of 32 x 32 (three take
 * 24 KiB, in L1) unless the footprint needs them smaller to hold VK_MIN_TILES x VK_MIN_TILES of
 * them, so that the outer loop has work for two threads. */
enum { VK_TILE = 32, VK_MIN_TILES = 2 };

static void vk_size_matmul_blocked(vk_case *c, double footprint)
{
    double elements = footprint / (3 * sizeof(double));
    long bs = (long)fmin(VK_TILE, sqrt(elements) / VK_MIN_TILES);
    bs = bs < 2 ? 2 : bs;
    long nb = vk_at_least(sqrt(elements) / (double)bs, 1);
    vk_add_param(c, "nb", nb);
    vk_add_param(c, "bs", bs);
    for (unsigned i = 0; i < 3; i++)
        vk_add_array(c, (double)nb * (double)nb * (double)bs * (double)bs);
}

static void vk_run_matmul_blocked(const vk_case *c, const vk_kernel_set *k)
{
    long nb = c->param[0], bs = c->param[1];
    k->matmul_blocked_fn(nb, bs, (const double(*)[nb][bs][bs])vk_d(c, 0),
                         (const double(*)[nb][bs][bs])vk_d(c, 1),
                         (double(*)[nb][bs][bs])vk_w(c, 2));
}

/* The -ffast-math kernels' flags, as bench/CMakeLists.txt gives them to the compiler. */
#define VK_FAST_MATH "-ffast-math"

static const vk_kernel vk_kernels[] = {
    {"triad", NULL, 1, vk_size_triad, NULL, vk_run_triad},
    {"daxpy", NULL, 1, vk_size_vectors, NULL, vk_run_daxpy},
    {"dot", NULL, 1, vk_size_vectors, NULL, vk_run_dot},
    {"divsum", NULL, 1, vk_size_vectors, NULL, vk_run_divsum},
    {"stencil2d", NULL, 1, vk_size_grids2d, NULL, vk_run_stencil2d},
    {"stencil2d_long", NULL, 1, vk_size_stencil2d_long, NULL, vk_run_stencil2d_long},
    {"stencil3d", NULL, 1, vk_size_stencil3d, NULL, vk_run_stencil3d},
    {"stencil3d27", NULL, 1, vk_size_stencil3d27, NULL, vk_run_stencil3d27},
    {"spmv", NULL, 1, vk_size_spmv, vk_fill_gathered, vk_run_spmv},
    {"matvec", NULL, 1, vk_size_matvec, NULL, vk_run_matvec},
    {"matmul", NULL, 1, vk_size_matmul, NULL, vk_run_matmul},
    /* 1/8: a second a call on one core here, where all of it would take 20. */
    {"matmul_blocked", NULL, 0.125, vk_size_matmul_blocked, NULL, vk_run_matmul_blocked},
    {"box9", NULL, 1, vk_size_grids2d, NULL, vk_run_box9},
    {"heat3d", NULL, 1, vk_size_stencil3d, NULL, vk_run_heat3d},
    {"blur5", NULL, 1, vk_size_blur5, NULL, vk_run_blur5},
    {"sum", NULL, 1, vk_size_vector, NULL, vk_run_sum},
    {"sum_fast", VK_FAST_MATH, 1, vk_size_vector, NULL, vk_run_sum_fast},
    {"norm", NULL, 1, vk_size_vector, NULL, vk_run_norm},
    {"norm_fast", VK_FAST_MATH, 1, vk_size_vector, NULL, vk_run_norm_fast},
    {"vmax", NULL, 1, vk_size_vector, NULL, vk_run_vmax},
    {"vmax_fast", VK_FAST_MATH, 1, vk_size_vector, NULL, vk_run_vmax_fast},
    {"transpose", NULL, 1, vk_size_grids2d, NULL, vk_run_transpose},
    {"gather", NULL, 1, vk_size_gather, vk_fill_gathered, vk_run_gather},
    {"cmul", NULL, 1, vk_size_cmul, NULL, vk_run_cmul},
    {"rot3", NULL, 1, vk_size_rot3, NULL, vk_run_rot3},
};
enum { VK_NKERNELS = sizeof vk_kernels / sizeof vk_kernels[0] };

/* The builds of the kernels (bench/CMakeLists.txt), each with the compiler command the model
 * is given: the build's flags, the kernel's own after them. */
typedef struct vk_build {
    const char *name; /* the build column */
    const char *compile;
    const vk_kernel_set *set;
} vk_build;

static const vk_build vk_builds[] = {
    {"O2", VALIDATE_COMPILE_O2, &vk_set_O2},
    {"O3-native", VALIDATE_COMPILE_O3, &vk_set_O3},
};
enum { VK_NBUILDS = sizeof vk_builds / sizeof vk_builds[0] };

static double vk_case_bytes(const vk_case *c)
{
    double bytes = 0;
    for (unsigned i = 0; i < c->narrays; i++)
        bytes += (double)c->length[i] * (double)vk_type_size[c->type[i]];
    return bytes;
}

/* The case's arrays, filled by a team of `threads`; false when memory runs out (reported).
 * vk_case_free() frees them. */
static bool vk_case_alloc(vk_case *c, const vk_kernel *k, unsigned threads)
{
    for (unsigned i = 0; i < c->narrays; i++) {
        c->array[i] = calib_alloc_array(c->length[i] * vk_type_size[c->type[i]]);
        if (!c->array[i]) {
            diag_tool(DIAG_ERROR, "%s: cannot allocate its %.0f MiB of arrays", k->name,
                      vk_case_bytes(c) / vk_mib);
            return false;
        }
    }
    void (*fill)(vk_case *) = k->fill ? k->fill : vk_fill_values;
#pragma omp parallel num_threads(threads)
    fill(c);
    return true;
}

static void vk_case_free(vk_case *c)
{
    for (unsigned i = 0; i < c->narrays; i++) {
        free(c->array[i]);
        c->array[i] = NULL;
    }
}

static void vk_format_params(const vk_case *c, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < c->nparams && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s=%ld", i ? " " : "",
                                 c->param_name[i], c->param[i]);
}

/* ---- measuring ---- */

static double vk_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds for `reps` calls of the kernel: on one core called as serial code calls it, outside
 * any parallel region (its orphaned `omp for` binds to the one thread: no team, no barrier; a
 * team of one would add the runtime's barrier, 0.2-0.3 us a call here, more than an L1-sized
 * triad takes); on more, by a team of `threads` in one parallel region, each call ending in
 * its `omp for`'s barrier as in a program's time loop. */
static double vk_time_reps(const vk_kernel *k, const vk_kernel_set *set, const vk_case *c,
                           unsigned threads, long reps)
{
    double start = vk_now();
    if (threads == 1)
        for (long r = 0; r < reps; r++)
            k->run(c, set);
    else {
#pragma omp parallel num_threads(threads)
        for (long r = 0; r < reps; r++)
            k->run(c, set);
    }
    return vk_now() - start;
}

typedef struct vk_measurement {
    double seconds; /* one call: the best timing over its repetitions */
    long reps;      /* calls per timing */
    double spread;  /* percent: the median timing over the best, less 1 */
} vk_measurement;

static int vk_compare_doubles(const void *a, const void *b)
{
    double u = *(const double *)a, v = *(const double *)b;
    return (u > v) - (u < v);
}

/* The median of n values, which it sorts. */
static double vk_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, vk_compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The shortest of `tries` timings of `reps` calls; *median their median, when not NULL. */
static double vk_best_time(const vk_kernel *k, const vk_kernel_set *set, const vk_case *c,
                           unsigned threads, long reps, unsigned tries, double *median)
{
    double *t = mem_alloc(tries * sizeof *t);
    for (unsigned i = 0; i < tries; i++)
        t[i] = vk_time_reps(k, set, c, threads, reps);
    double m = vk_median(t, tries), best = t[0];
    free(t);
    if (median)
        *median = m;
    return best;
}

/* The calls that make a timing last about vk_timing_s, and the time of one call: after a
 * warm-up call (one call when that takes vk_long_call_s or more), doubled from one until the
 * shortest of three timings takes a quarter of that, then scaled.  One timing alone would not
 * do on a busy machine: a thread that loses its core for a time slice makes a call look a
 * hundred times longer and the repetitions far too few. */
static long vk_reps_for(const vk_kernel *k, const vk_kernel_set *set, const vk_case *c,
                        unsigned threads, double *once)
{
    *once = vk_time_reps(k, set, c, threads, 1);
    if (*once >= vk_long_call_s)
        return 1;
    long reps = 1;
    double t;
    while ((t = vk_best_time(k, set, c, threads, reps, 3, NULL)) < vk_timing_s / 4)
        reps *= 2;
    *once = t / (double)reps;
    double scaled = (double)reps * vk_timing_s / t;
    return scaled > 1 ? (long)scaled : 1;
}

/* `runs` timings, fewer for a long call (as many as fit in vk_case_budget_s, at least
 * VK_MIN_RUNS): the best over its repetitions is the time of one call, the median says how
 * much the machine disturbed the others. */
static vk_measurement vk_measure(const vk_kernel *k, const vk_kernel_set *set, const vk_case *c,
                                 unsigned threads, unsigned runs)
{
    double once;
    long reps = vk_reps_for(k, set, c, threads, &once);
    double fit = vk_case_budget_s / (once * (double)reps);
    unsigned tries = (unsigned)fmin(runs, fmax(VK_MIN_RUNS, floor(fit)));
    double median, best = vk_best_time(k, set, c, threads, reps, tries, &median);
    return (vk_measurement){best / (double)reps, reps, 100.0 * (median / best - 1)};
}

/* ---- predicting ---- */

typedef struct vk_prediction {
    double seconds;
    const char *bound; /* static: the model's bottleneck */
    unsigned served;   /* the farthest level with traffic in the steady state (a class index) */
} vk_prediction;

static unsigned vk_farthest_level(const perf_result *r)
{
    unsigned far = 0;
    for (size_t i = 0; i < r->nnests; i++)
        for (unsigned j = 0; j < r->nests[i].nlevels; j++)
            if (r->nests[i].levels[j].bytes > 0 && j > far)
                far = j;
    return far;
}

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

/* The model says a fallback (a level or core count the benchmarks lack) once per evaluation;
 * the driver evaluates hundreds of times, so it passes on the model's messages of the first
 * evaluation that has any, and those of any that fails. */
static bool vk_model_spoke;

static bool vk_evaluate(const lm_program *p, const machine *m, const perf_options *opt,
                        perf_result *r)
{
    char *said = NULL;
    size_t len = 0;
    FILE *capture = open_memstream(&said, &len);
    if (capture)
        diag_set_stream(capture);
    bool ok = perf_evaluate(p, m, opt, r);
    if (capture) {
        diag_set_stream(stderr);
        fclose(capture);
        if (len && (!ok || !vk_model_spoke))
            fputs(said, stderr);
        vk_model_spoke |= len > 0;
    }
    free(said);
    return ok;
}

/* The prediction of one model for a kernel's loop model at the case's sizes on `cores` cores,
 * the in-core time from the code `compile` makes (NULL: the model's own estimate). */
static bool vk_predict(const lm_program *p, const vk_case *c, const machine *m, perf_model model,
                       unsigned cores, const char *compile, vk_prediction *out)
{
    bexpr_bindings *b = bexpr_bindings_create();
    for (unsigned i = 0; i < c->nparams; i++)
        bexpr_bindings_set(b, c->param_name[i], c->param[i]);
    perf_result r;
    perf_options opt = {.model = model, .cores = cores, .bindings = b, .compile = compile,
                        .mcpu = NULL, .source_dir = VALIDATE_KERNEL_DIR};
    bool ok = vk_evaluate(p, m, &opt, &r);
    if (ok)
        *out = (vk_prediction){r.runtime_s, r.bottleneck, vk_farthest_level(&r)};
    perf_result_release(&r);
    bexpr_bindings_free(&b);
    return ok;
}

/* ---- options ---- */

typedef struct vk_options {
    const char *machine_file; /* NULL: calibrate */
    const char *xml_dir, *csv_path, *json_path, *plot_path;
    double memory_footprint; /* bytes; 0: from the machine */
    unsigned runs, passes;
    bool dry_run, help, version;
    bool only[VK_NKERNELS]; /* -kernel NAME...; none given: all */
    bool any_only;
    bool only_build[VK_NBUILDS]; /* -build NAME...; none given: all */
    bool any_build;
    bool compile; /* -compile on (the default): the model is given each build's command */
    /* As given (0: not given), read into the fields above by vk_parse_args. */
    long long footprint_mib, runs_given, passes_given;
    const char *compile_given;
    const char **kernel_names, **size_names, **build_names;
    int nkernel_names, nsize_names, nbuild_names;
} vk_options;

#define VK_OPT(field) offsetof(vk_options, field)

static const args_option vk_option_table[] = {
    {.names = "-help|--help", .kind = ARGS_FLAG, .dest = VK_OPT(help),
     .help = "print this help and exit"},
    {.names = "--version|-version", .kind = ARGS_FLAG, .dest = VK_OPT(version),
     .help = "print validate's version and exit"},
    {.names = "-machine", .kind = ARGS_VALUE, .value = "FILE", .dest = VK_OPT(machine_file),
     .help = "use this machine file (with a benchmarks table) instead of calibrating this machine"},
    {.names = "-kernel", .kind = ARGS_LIST, .value = "NAME", .dest = VK_OPT(kernel_names),
     .count = VK_OPT(nkernel_names),
     .help = "only this kernel (repeatable; the list is below)"},
    {.names = "-build", .kind = ARGS_LIST, .value = "NAME", .dest = VK_OPT(build_names),
     .count = VK_OPT(nbuild_names),
     .help = "only this build of the kernels (repeatable): O2 (-O2) or O3-native (-O3 "
             "-march=native); default: both"},
    {.names = "-compile", .kind = ARGS_VALUE, .value = "on|off", .dest = VK_OPT(compile_given),
     .help = "on (the default): the model takes each kernel's in-core time from the code its "
             "build's compiler command makes; off: from its own estimate"},
    {.names = "-size", .kind = ARGS_LIST, .value = "CLASS", .dest = VK_OPT(size_names),
     .count = VK_OPT(nsize_names),
     .help = "only this size class (repeatable): L1, L2, L3 (a machine's caches) or memory; "
             "default: every cache but a last one holding more than 4 MiB per core, and memory"},
    {.names = "-footprint-mib", .kind = ARGS_INT, .value = "N", .dest = VK_OPT(footprint_mib),
     .min = 1, .max = 1LL << 30,
     .help = "the arrays of each kernel at memory size, in MiB (default: 16x the largest cache, "
             "at least 256, at most a third of the available memory; matmul_blocked takes an "
             "eighth)"},
    {.names = "-runs", .kind = ARGS_INT, .value = "R", .dest = VK_OPT(runs_given),
     .min = 1, .max = 1000,
     .help = "timings per case after a warm-up, the best counts (default 10; fewer, at least 3, "
             "when they would take more than 3 s)"},
    {.names = "-passes", .kind = ARGS_INT, .value = "P", .dest = VK_OPT(passes_given),
     .min = 1, .max = 100,
     .help = "measure every case P times, one pass over all of them after the other, and keep "
             "each case's best (default 2: the host of a VM can slow everything for seconds, "
             "longer than a case's timings take); without -machine the benchmarks are measured "
             "again between passes, the best of each kept"},
    {.names = "-xml-dir", .kind = ARGS_VALUE, .value = "DIR", .dest = VK_OPT(xml_dir),
     .help = "where the kernels' ExaSAT XML is (default: the build's)"},
    {.names = "-csv", .kind = ARGS_VALUE, .value = "FILE", .dest = VK_OPT(csv_path),
     .help = "write the rows as CSV here (default: validate.csv in the build's bench directory)"},
    {.names = "-json", .kind = ARGS_VALUE, .value = "FILE", .dest = VK_OPT(json_path),
     .help = "write the rows and the verdicts as JSON here (default: validate.json beside it)"},
    {.names = "-plot", .kind = ARGS_VALUE, .value = "FILE", .dest = VK_OPT(plot_path),
     .help = "draw predicted against measured time here, .png or .svg (default: validate.png "
             "beside it); not in a dry run"},
    {.names = "-dry-run", .kind = ARGS_FLAG, .dest = VK_OPT(dry_run),
     .help = "print and write the sizes and predictions, run nothing"},
};

enum { VK_NOPTIONS = sizeof vk_option_table / sizeof *vk_option_table };

static const args_program vk_program = {
    .table = vk_option_table,
    .n = VK_NOPTIONS,
    .unknown = "unknown argument '%s' (validate -help lists the options)",
    .stop_at_error = true,
};
_Static_assert(VK_DEFAULT_RUNS == 10, "the help of -runs names the default");
_Static_assert(VK_DEFAULT_PASSES == 2, "the help of -passes names the default");

static void vk_usage(FILE *out)
{
    fputs("usage: validate [-machine FILE] [-kernel NAME]... [-build NAME]... [-compile on|off]\n"
          "                [-size CLASS]... [-footprint-mib N] [-runs R] [-passes P]\n"
          "                [-xml-dir DIR] [-csv FILE] [-json FILE] [-plot FILE] [-dry-run]\n"
          "Predicts each validation kernel's run time with the level roofline and ECM models\n"
          "and measures it, at each size class, in each build, on one core and on all.\n",
          out);
    args_print_help(out, vk_option_table, VK_NOPTIONS, 21);
    fputs("Kernels:", out);
    for (unsigned i = 0; i < VK_NKERNELS; i++)
        fprintf(out, " %s", vk_kernels[i].name);
    fprintf(out,
            "\nExit status: 0 every target met (per model and build: on one core median\n"
            "error <= %.0f%% and worst <= %.0f%%, on all cores median <= %.0f%%), 1 a target\n"
            "missed, 2 a usage or setup error.\n",
            vk_one_core_median_target, vk_one_core_worst_target, vk_all_cores_median_target);
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

static bool vk_select_build(vk_options *o, const char *name)
{
    for (unsigned b = 0; b < VK_NBUILDS; b++)
        if (strcmp(vk_builds[b].name, name) == 0) {
            o->only_build[b] = o->any_build = true;
            return true;
        }
    diag_tool(DIAG_ERROR, "-build: no build '%s' (O2 or O3-native)", name);
    return false;
}

static bool vk_read_compile(vk_options *o)
{
    if (!o->compile_given)
        return true;
    o->compile = strcmp(o->compile_given, "on") == 0;
    if (o->compile || strcmp(o->compile_given, "off") == 0)
        return true;
    diag_tool(DIAG_ERROR, "-compile: expected on or off, not '%s'", o->compile_given);
    return false;
}

/* The options given, read into their fields (the size classes wait for the machine). */
static bool vk_read_values(vk_options *o)
{
    if (o->runs_given)
        o->runs = (unsigned)o->runs_given;
    if (o->passes_given)
        o->passes = (unsigned)o->passes_given;
    o->memory_footprint = (double)o->footprint_mib * vk_mib;
    if (o->plot_path && !perf_plot_format_known(o->plot_path)) {
        diag_tool(DIAG_ERROR, "-plot %s: the chart is written as .png or .svg", o->plot_path);
        return false;
    }
    bool ok = vk_read_compile(o);
    for (int k = 0; k < o->nkernel_names; k++)
        ok &= vk_select_kernel(o, o->kernel_names[k]);
    for (int b = 0; b < o->nbuild_names; b++)
        ok &= vk_select_build(o, o->build_names[b]);
    return ok;
}

static bool vk_parse_args(int argc, char **argv, vk_options *o)
{
    *o = (vk_options){.xml_dir = VALIDATE_XML_DIR,
                      .csv_path = VALIDATE_OUT_DIR "/validate.csv",
                      .json_path = VALIDATE_OUT_DIR "/validate.json",
                      .plot_path = VALIDATE_OUT_DIR "/validate.png",
                      .runs = VK_DEFAULT_RUNS, .passes = VK_DEFAULT_PASSES, .compile = true};
    bool ok = args_parse_all(&vk_program, argc, argv, o) && vk_read_values(o);
    free(o->kernel_names);
    free(o->build_names);
    o->kernel_names = NULL;
    o->build_names = NULL;
    return ok;
}

/* ---- size classes ---- */

/* Class j < ncaches: the working set in cache j; j == ncaches: in memory. */
typedef struct vk_classes {
    bool on[VK_MAX_CLASSES];
    double footprint[VK_MAX_CLASSES];
    unsigned n; /* ncaches + 1 */
} vk_classes;

static const char *vk_class_name(const machine *m, unsigned j)
{
    static const char *const names[] = {"L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8"};
    if (j >= m->ncaches)
        return "memory";
    unsigned level = m->caches[j].level;
    return level >= 1 && level <= 8 ? names[level - 1] : "cache";
}

/* The memory class's footprint: -footprint-mib, or vk_memory_multiple times the largest cache
 * and at least vk_min_memory; at most a third of the available memory unless it is a dry run. */
static bool vk_memory_footprint(const vk_options *o, const machine *m, double *footprint)
{
    double f = o->memory_footprint;
    if (f == 0)
        f = fmax(vk_memory_multiple * (double)machine_largest_cache(m), vk_min_memory);
    double available = (double)calib_available_memory();
    if (!o->dry_run && available > 0 && f > available / 3) {
        if (o->memory_footprint) {
            diag_tool(DIAG_ERROR, "-footprint-mib %.0f: more than a third of the %.0f MiB available",
                      f / vk_mib, available / vk_mib);
            return false;
        }
        f = available / 3;
    }
    *footprint = f;
    return true;
}

/* The default classes: every cache whose vk_cache_fill share is more than the model's share of
 * the cache before (else the two cannot be told apart), but a last cache larger than
 * vk_private_cache_per_core per core; and memory.  Says what it leaves out. */
static void vk_default_classes(const machine *m, vk_classes *cl)
{
    for (unsigned j = 0; j < m->ncaches; j++) {
        double size = (double)m->caches[j].size_bytes;
        bool apart = j == 0 || cl->footprint[j] > PERF_CACHE_SHARE * (double)m->caches[j - 1].size_bytes;
        bool last = j + 1 == m->ncaches && j > 0;
        double per_core = size / (m->cores ? m->cores : 1);
        cl->on[j] = apart && !(last && per_core > vk_private_cache_per_core);
        if (!apart)
            printf("validate: no %s size: %.0f%% of it is not beyond the %s\n", vk_class_name(m, j),
                   vk_cache_fill * 100, vk_class_name(m, j - 1));
        else if (!cl->on[j])
            printf("validate: no %s size: %.1f MiB per core is a shared cache (the bound is %.0f "
                   "MiB; -size %s measures it anyway)\n",
                   vk_class_name(m, j), per_core / vk_mib, vk_private_cache_per_core / vk_mib,
                   vk_class_name(m, j));
    }
    cl->on[m->ncaches] = true;
}

static bool vk_select_classes(const vk_options *o, const machine *m, vk_classes *cl)
{
    *cl = (vk_classes){.n = m->ncaches + 1};
    for (unsigned j = 0; j < m->ncaches; j++)
        cl->footprint[j] = vk_cache_fill * (double)m->caches[j].size_bytes;
    if (!vk_memory_footprint(o, m, &cl->footprint[m->ncaches]))
        return false;
    if (o->nsize_names == 0) {
        vk_default_classes(m, cl);
        return true;
    }
    for (int s = 0; s < o->nsize_names; s++) {
        unsigned j = 0;
        while (j < cl->n && strcmp(vk_class_name(m, j), o->size_names[s]) != 0)
            j++;
        if (j == cl->n) {
            diag_tool(DIAG_ERROR, "-size: no size class '%s' on this machine (L1 ... L%u, memory)",
                      o->size_names[s], m->ncaches);
            return false;
        }
        cl->on[j] = true;
    }
    return true;
}

/* ---- rows ---- */

typedef struct vk_row {
    unsigned kernel, cls, build, cores;
    char params[64];
    double footprint_bytes;
    long reps;
    vk_prediction pred[VK_NMODELS];
    double measured; /* seconds; 0 in a dry run */
    double spread;   /* percent (vk_measurement) */
} vk_row;

static double vk_error(const vk_row *r, unsigned model)
{
    return 100.0 * (r->pred[model].seconds - r->measured) / r->measured;
}

typedef struct vk_rows {
    vk_row *row;
    size_t n, cap;
} vk_rows;

static vk_row *vk_rows_add(vk_rows *rs)
{
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? 2 * rs->cap : 64;
        rs->row = mem_realloc(rs->row, rs->cap * sizeof *rs->row);
    }
    vk_row *r = &rs->row[rs->n++];
    memset(r, 0, sizeof *r);
    return r;
}

/* What every row of a run needs. */
typedef struct vk_run_ctx {
    const vk_options *o;
    const machine *m;
    lm_program *const *programs; /* one per entry of vk_kernels */
    vk_classes classes;
    unsigned core_counts[VK_MAX_CORE_COUNTS];
    unsigned ncore_counts;
    vk_rows rows;
    unsigned passes; /* of the measurements; 1 in a dry run */
    unsigned pass;   /* 0 .. passes - 1; the first adds the rows, the last prints them */
    size_t next_row; /* on a later pass, the row the next case measures again */
    /* Calibrated in this run: measured again after every pass but the last, the best of
     * each benchmark kept (vk_calibrate_again); NULL with -machine FILE or -dry-run. */
    machine *calibrated;
    bool recalibrated; /* since the rows were predicted: they are predicted again */
} vk_run_ctx;

/* The working set of a kernel in a class. */
static double vk_footprint(const vk_run_ctx *x, unsigned kernel, unsigned cls)
{
    double f = x->classes.footprint[cls];
    return cls == x->m->ncaches ? f * vk_kernels[kernel].memory_share : f;
}

/* The compiler command the model is given for a kernel's build, in *sb: the build's, then the
 * kernel's own flags; NULL with -compile off. */
static const char *vk_compile_command(const vk_options *o, unsigned kernel, unsigned build,
                                      strbuf *sb)
{
    if (!o->compile)
        return NULL;
    strbuf_append(sb, vk_builds[build].compile);
    if (vk_kernels[kernel].flags)
        strbuf_printf(sb, " %s", vk_kernels[kernel].flags);
    return strbuf_cstr(sb);
}

static void vk_print_header(const vk_run_ctx *x)
{
    printf("%-15s %-9s %-6s %5s %-24s %8s  %10s %-8s %10s %-14s", "kernel", "build", "size",
           "cores", "parameters", "reps", "roofline s", "bound", "ECM s", "bound");
    if (!x->o->dry_run)
        printf(" %10s %7s %9s %9s", "measured s", "spread", "roofline", "ECM");
    printf("\n");
}

static void vk_print_row(const vk_run_ctx *x, const vk_row *r)
{
    char reps[24] = "-";
    if (r->measured > 0)
        snprintf(reps, sizeof reps, "%ld", r->reps);
    printf("%-15s %-9s %-6s %5u %-24s %8s  %10.3e %-8s %10.3e %-14s",
           vk_kernels[r->kernel].name, vk_builds[r->build].name, vk_class_name(x->m, r->cls),
           r->cores, r->params, reps, r->pred[0].seconds, r->pred[0].bound, r->pred[1].seconds,
           r->pred[1].bound);
    if (r->measured > 0)
        printf(" %10.3e %6.1f%% %+8.1f%% %+8.1f%%", r->measured, r->spread, vk_error(r, 0),
               vk_error(r, 1));
    printf("\n");
    fflush(stdout);
}

/* A case is meant to be served by its class's level: said when the model's steady state
 * reaches farther or stops short (a size rule that no longer fits a kernel or a machine). */
static void vk_check_served(const vk_run_ctx *x, unsigned kernel, unsigned cls,
                            const vk_prediction *p)
{
    if (p->served != cls)
        diag_tool(DIAG_WARNING, "%s at %s size: the model serves its data from %s",
                  vk_kernels[kernel].name, vk_class_name(x->m, cls),
                  vk_class_name(x->m, p->served));
}

/* The row's predictions by both models with the machine as it is now; false on an error. */
static bool vk_row_predict(const vk_run_ctx *x, const vk_case *c, vk_row *r)
{
    strbuf command = STRBUF_INIT;
    const char *compile = vk_compile_command(x->o, r->kernel, r->build, &command);
    bool ok = true;
    for (unsigned mo = 0; ok && mo < VK_NMODELS; mo++)
        ok = vk_predict(x->programs[r->kernel], c, x->m, vk_models[mo], r->cores, compile,
                        &r->pred[mo]);
    strbuf_release(&command);
    return ok;
}

/* A new row for the case in a build on its i-th core count, predicted by both models; false
 * on an error. */
static bool vk_case_predict(vk_run_ctx *x, unsigned kernel, unsigned cls, const vk_case *c,
                            unsigned build, unsigned i, vk_row **out)
{
    vk_row *r = *out = vk_rows_add(&x->rows);
    *r = (vk_row){.kernel = kernel, .cls = cls, .build = build, .cores = x->core_counts[i],
                  .footprint_bytes = vk_case_bytes(c)};
    vk_format_params(c, r->params, sizeof r->params);
    bool ok = vk_row_predict(x, c, r);
    if (ok && i == 0)
        vk_check_served(x, kernel, cls, &r->pred[0]);
    return ok;
}

static bool vk_build_on(const vk_options *o, unsigned build)
{
    return !o->any_build || o->only_build[build];
}

/* The case's row in a build on its i-th core count: on the first pass added and predicted,
 * on a later one predicted again after a calibration; measured unless it is a dry run,
 * keeping the best of the passes; printed on the last pass.  False on a setup error. */
static bool vk_case_row(vk_run_ctx *x, unsigned kernel, unsigned cls, const vk_case *c,
                        unsigned build, unsigned i)
{
    vk_row *r = x->pass == 0 ? NULL : &x->rows.row[x->next_row++];
    bool ok = true;
    if (!r)
        ok = vk_case_predict(x, kernel, cls, c, build, i, &r);
    else if (x->recalibrated)
        ok = vk_row_predict(x, c, r);
    if (ok && !x->o->dry_run) {
        vk_measurement meas = vk_measure(&vk_kernels[kernel], vk_builds[build].set, c, r->cores,
                                         x->o->runs);
        if (r->measured == 0 || meas.seconds < r->measured) {
            r->measured = meas.seconds;
            r->reps = meas.reps;
            r->spread = meas.spread;
        }
    }
    if (ok && x->pass + 1 == x->passes)
        vk_print_row(x, r);
    return ok;
}

/* One kernel at one class in each build on each core count, on the same arrays: sized,
 * predicted by both models (on the first pass, a row each), and measured unless it is a dry
 * run, keeping the best of the passes; printed on the last pass.  False on a setup error. */
static bool vk_case_rows(vk_run_ctx *x, unsigned kernel, unsigned cls)
{
    const vk_kernel *k = &vk_kernels[kernel];
    vk_case c = {0};
    k->size(&c, vk_footprint(x, kernel, cls));
    unsigned all = x->core_counts[x->ncore_counts - 1];
    bool ok = x->o->dry_run || vk_case_alloc(&c, k, all);
    for (unsigned b = 0; ok && b < VK_NBUILDS; b++)
        for (unsigned i = 0; ok && vk_build_on(x->o, b) && i < x->ncore_counts; i++)
            ok = vk_case_row(x, kernel, cls, &c, b, i);
    vk_case_free(&c);
    return ok;
}

/* ---- verdicts ---- */

typedef struct vk_stats {
    size_t n;
    double median, worst;
} vk_stats;

/* Which measured rows a statistic is over: one size class or any (VK_ANY), one build or any
 * (VK_ANY), one core count or any (0). */
typedef struct vk_filter {
    unsigned cls, build, cores;
} vk_filter;

#define VK_ANY UINT_MAX

static bool vk_filter_takes(vk_filter f, const vk_row *r)
{
    return r->measured > 0 && (f.cls == VK_ANY || r->cls == f.cls) &&
           (f.build == VK_ANY || r->build == f.build) && (f.cores == 0 || r->cores == f.cores);
}

/* |error| of one model over the measured rows the filter takes. */
static vk_stats vk_error_stats(const vk_run_ctx *x, unsigned model, vk_filter f)
{
    double *e = mem_alloc((x->rows.n ? x->rows.n : 1) * sizeof *e);
    vk_stats s = {0, 0, 0};
    for (size_t i = 0; i < x->rows.n; i++)
        if (vk_filter_takes(f, &x->rows.row[i]))
            e[s.n++] = fabs(vk_error(&x->rows.row[i], model));
    if (s.n) {
        s.median = vk_median(e, s.n);
        s.worst = e[s.n - 1];
    }
    free(e);
    return s;
}

/* The errors of one model by build, size class and core count, where the targets lump the
 * classes: which rows miss (a class, the cores the host shares) shows here. */
typedef struct vk_class_stats {
    unsigned model, build, cls, cores;
    vk_stats s;
} vk_class_stats;

enum { VK_MAX_CLASS_STATS = VK_NMODELS * VK_NBUILDS * VK_MAX_CLASSES * VK_MAX_CORE_COUNTS };

/* Fills up to VK_MAX_CLASS_STATS entries of out with the classes that have
 * measured rows; returns how many. */
static size_t vk_by_class(const vk_run_ctx *x, vk_class_stats *out)
{
    size_t n = 0;
    for (unsigned mo = 0; mo < VK_NMODELS; mo++)
        for (unsigned b = 0; b < VK_NBUILDS; b++)
            for (unsigned j = 0; j < x->classes.n; j++)
                for (unsigned i = 0; i < x->ncore_counts; i++) {
                    vk_filter f = {j, b, x->core_counts[i]};
                    vk_stats s = vk_error_stats(x, mo, f);
                    if (s.n)
                        out[n++] = (vk_class_stats){mo, b, j, f.cores, s};
                }
    return n;
}

static void vk_print_by_class(const vk_run_ctx *x, const vk_class_stats *c, size_t n)
{
    if (!n)
        return;
    printf("\nby build, size and cores, median / worst |error| (rows):\n");
    for (size_t i = 0; i < n; i++)
        printf("%-9s %-9s %-6s %u core%s  %5.1f%% / %5.1f%%  (%zu)\n",
               vk_model_names[c[i].model], vk_builds[c[i].build].name,
               vk_class_name(x->m, c[i].cls), c[i].cores, c[i].cores == 1 ? " " : "s",
               c[i].s.median, c[i].s.worst, c[i].s.n);
}

/* One target: what, the value, the bound, and whether it holds (a target with no rows holds). */
typedef struct vk_verdict {
    const char *model, *build, *what;
    double value, target;
    size_t rows;
    bool met;
} vk_verdict;

enum { VK_TARGETS = 3, VK_NVERDICTS = VK_NMODELS * VK_NBUILDS * VK_TARGETS };

/* Per model and build, over every size class: on one core the median and the worst, on all
 * cores (the run's largest core count, when more than one) the median. */
static void vk_verdicts(const vk_run_ctx *x, vk_verdict v[VK_NVERDICTS])
{
    unsigned all = x->core_counts[x->ncore_counts - 1];
    for (unsigned mo = 0; mo < VK_NMODELS; mo++)
        for (unsigned b = 0; b < VK_NBUILDS; b++) {
            vk_stats one = vk_error_stats(x, mo, (vk_filter){VK_ANY, b, 1});
            vk_stats many = {0, 0, 0};
            if (all > 1)
                many = vk_error_stats(x, mo, (vk_filter){VK_ANY, b, all});
            const char *model = vk_model_names[mo], *build = vk_builds[b].name;
            vk_verdict *t = &v[(mo * VK_NBUILDS + b) * VK_TARGETS];
            t[0] = (vk_verdict){model, build, "1 core median", one.median,
                                vk_one_core_median_target, one.n, false};
            t[1] = (vk_verdict){model, build, "1 core worst", one.worst,
                                vk_one_core_worst_target, one.n, false};
            t[2] = (vk_verdict){model, build, "all cores median", many.median,
                                vk_all_cores_median_target, many.n, false};
            for (unsigned i = 0; i < VK_TARGETS; i++)
                t[i].met = t[i].rows == 0 || t[i].value <= t[i].target;
        }
}

static bool vk_print_verdicts(const vk_verdict v[VK_NVERDICTS])
{
    bool all = true;
    printf("\n");
    for (unsigned i = 0; i < VK_NVERDICTS; i++) {
        if (v[i].rows == 0) {
            printf("%-9s %-9s %-16s |error|     -   target <= %2.0f%%   (no rows)\n",
                   v[i].model, v[i].build, v[i].what, v[i].target);
            continue;
        }
        printf("%-9s %-9s %-16s |error| %5.1f%%  target <= %2.0f%%   %s (%zu rows)\n",
               v[i].model, v[i].build, v[i].what, v[i].value, v[i].target,
               v[i].met ? "PASS" : "FAIL", v[i].rows);
        all &= v[i].met;
    }
    return all;
}

/* Milliseconds one prediction of each model takes, the slowest kernel's in any build (the mean
 * of a few, after the rows' predictions: a compiled loop's analysis is cached per command),
 * for the speed target: well under 10 ms, where Kerncraft takes 0.25 to 5.6 s. */
static void vk_print_prediction_time(const vk_run_ctx *x, double ms[VK_NMODELS])
{
    enum { VK_PREDICTIONS = 20 };
    for (unsigned mo = 0; mo < VK_NMODELS; mo++) {
        ms[mo] = 0;
        for (unsigned i = 0; i < VK_NKERNELS; i++)
            for (unsigned b = 0; b < VK_NBUILDS; b++) {
                if ((x->o->any_only && !x->o->only[i]) || !vk_build_on(x->o, b))
                    continue;
                vk_case c = {0};
                vk_kernels[i].size(&c, vk_footprint(x, i, x->m->ncaches));
                strbuf command = STRBUF_INIT;
                const char *compile = vk_compile_command(x->o, i, b, &command);
                vk_prediction pred;
                double start = vk_now();
                for (unsigned r = 0; r < VK_PREDICTIONS; r++)
                    vk_predict(x->programs[i], &c, x->m, vk_models[mo], x->core_counts[0],
                               compile, &pred);
                ms[mo] = fmax(ms[mo], (vk_now() - start) / VK_PREDICTIONS * 1e3);
                strbuf_release(&command);
            }
    }
    printf("\nprediction time: at most %.3f ms (roofline), %.3f ms (ECM) per kernel (target: "
           "under 10 ms)\n", ms[0], ms[1]);
}

/* ---- outputs ---- */

static bool vk_write_text(FILE *out, void *ctx)
{
    return fputs(strbuf_cstr(ctx), out) >= 0;
}

static bool vk_write_csv(const vk_run_ctx *x, const char *path)
{
    strbuf sb = STRBUF_INIT;
    strbuf_append(&sb, "kernel,build,size,cores,parameters,bytes,repetitions,roofline_s,"
                       "roofline_bound,ecm_s,ecm_bound,measured_s,spread_pct,roofline_error_pct,"
                       "ecm_error_pct\n");
    for (size_t i = 0; i < x->rows.n; i++) {
        const vk_row *r = &x->rows.row[i];
        strbuf_printf(&sb, "%s,%s,%s,%u,%s,%.0f,", vk_kernels[r->kernel].name,
                      vk_builds[r->build].name, vk_class_name(x->m, r->cls), r->cores, r->params,
                      r->footprint_bytes);
        if (r->measured > 0)
            strbuf_printf(&sb, "%ld", r->reps);
        strbuf_printf(&sb, ",%.6e,%s,%.6e,%s,", r->pred[0].seconds, r->pred[0].bound,
                      r->pred[1].seconds, r->pred[1].bound);
        if (r->measured > 0)
            strbuf_printf(&sb, "%.6e,%.1f,%.2f,%.2f\n", r->measured, r->spread, vk_error(r, 0),
                          vk_error(r, 1));
        else
            strbuf_append(&sb, ",,,\n");
    }
    bool ok = fileio_write_atomic(path, vk_write_text, &sb);
    strbuf_release(&sb);
    return ok;
}

static void vk_json_row(json_out *w, const vk_run_ctx *x, const vk_row *r)
{
    json_object_begin(w);
    json_key(w, "kernel");
    json_string(w, vk_kernels[r->kernel].name);
    json_key(w, "build");
    json_string(w, vk_builds[r->build].name);
    strbuf command = STRBUF_INIT;
    const char *compile = vk_compile_command(x->o, r->kernel, r->build, &command);
    json_key(w, "compile");
    if (compile)
        json_string(w, compile);
    else
        json_null(w);
    strbuf_release(&command);
    json_key(w, "size");
    json_string(w, vk_class_name(x->m, r->cls));
    json_key(w, "cores");
    json_number(w, r->cores);
    json_key(w, "parameters");
    json_string(w, r->params);
    json_key(w, "bytes");
    json_number(w, r->footprint_bytes);
    json_key(w, "repetitions");
    if (r->measured > 0)
        json_number(w, (double)r->reps);
    else
        json_null(w);
    for (unsigned mo = 0; mo < VK_NMODELS; mo++) {
        json_key(w, mo ? "ecm_s" : "roofline_s");
        json_number(w, r->pred[mo].seconds);
        json_key(w, mo ? "ecm_bound" : "roofline_bound");
        json_string(w, r->pred[mo].bound);
    }
    json_key(w, "measured_s");
    if (r->measured > 0)
        json_number(w, r->measured);
    else
        json_null(w);
    json_key(w, "spread_pct");
    if (r->measured > 0)
        json_number(w, r->spread);
    else
        json_null(w);
    for (unsigned mo = 0; mo < VK_NMODELS; mo++) {
        json_key(w, mo ? "ecm_error_pct" : "roofline_error_pct");
        if (r->measured > 0)
            json_number(w, vk_error(r, mo));
        else
            json_null(w);
    }
    json_object_end(w);
}

/* "by_class": vk_by_class's statistics. */
static void vk_json_by_class(json_out *w, const vk_run_ctx *x, const vk_class_stats *c,
                             size_t n)
{
    json_key(w, "by_class");
    json_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        json_object_begin(w);
        json_key(w, "model");
        json_string(w, vk_model_names[c[i].model]);
        json_key(w, "build");
        json_string(w, vk_builds[c[i].build].name);
        json_key(w, "size");
        json_string(w, vk_class_name(x->m, c[i].cls));
        json_key(w, "cores");
        json_number(w, c[i].cores);
        json_key(w, "rows");
        json_number(w, (double)c[i].s.n);
        json_key(w, "median_abs_error_pct");
        json_number(w, c[i].s.median);
        json_key(w, "worst_abs_error_pct");
        json_number(w, c[i].s.worst);
        json_object_end(w);
    }
    json_array_end(w);
}

static bool vk_write_json(const vk_run_ctx *x, const char *path, const vk_verdict *v,
                          const vk_class_stats *by_class, size_t nby_class,
                          const double ms[VK_NMODELS])
{
    strbuf sb = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&sb);
    json_object_begin(&w);
    json_key(&w, "machine");
    json_string(&w, x->m->name);
    json_key(&w, "runs");
    json_number(&w, x->o->runs);
    json_key(&w, "dry_run");
    json_bool(&w, x->o->dry_run);
    json_key(&w, "compile");
    json_bool(&w, x->o->compile);
    json_key(&w, "rows");
    json_array_begin(&w);
    for (size_t i = 0; i < x->rows.n; i++)
        vk_json_row(&w, x, &x->rows.row[i]);
    json_array_end(&w);
    json_key(&w, "targets");
    json_array_begin(&w);
    for (unsigned i = 0; v && i < VK_NVERDICTS; i++) {
        json_object_begin(&w);
        json_key(&w, "model");
        json_string(&w, v[i].model);
        json_key(&w, "build");
        json_string(&w, v[i].build);
        json_key(&w, "what");
        json_string(&w, v[i].what);
        json_key(&w, "rows");
        json_number(&w, (double)v[i].rows);
        json_key(&w, "abs_error_pct");
        json_number(&w, v[i].value);
        json_key(&w, "target_pct");
        json_number(&w, v[i].target);
        json_key(&w, "met");
        json_bool(&w, v[i].met);
        json_object_end(&w);
    }
    json_array_end(&w);
    vk_json_by_class(&w, x, by_class, nby_class);
    json_key(&w, "prediction_ms");
    json_object_begin(&w);
    for (unsigned mo = 0; mo < VK_NMODELS; mo++) {
        json_key(&w, mo ? "ecm" : "roofline");
        json_number(&w, ms[mo]);
    }
    json_object_end(&w);
    json_object_end(&w);
    strbuf_append(&sb, "\n");
    json_out_release(&w);
    bool ok = fileio_write_atomic(path, vk_write_text, &sb);
    strbuf_release(&sb);
    return ok;
}

static bool vk_write_plot(const vk_run_ctx *x, const char *path)
{
    perf_plot_pair *pairs = mem_alloc((x->rows.n ? x->rows.n : 1) * VK_NMODELS * sizeof *pairs);
    size_t n = 0;
    for (size_t i = 0; i < x->rows.n; i++)
        for (unsigned mo = 0; mo < VK_NMODELS; mo++)
            if (x->rows.row[i].measured > 0)
                pairs[n++] = (perf_plot_pair){mo, x->rows.row[i].pred[mo].seconds,
                                              x->rows.row[i].measured};
    strbuf title = STRBUF_INIT;
    strbuf_printf(&title, "validate: predicted vs measured, %s", x->m->name);
    bool ok = perf_plot_predicted_measured(path, strbuf_cstr(&title), vk_model_names, VK_NMODELS,
                                           pairs, n);
    strbuf_release(&title);
    free(pairs);
    return ok;
}

/* ---- the run ---- */

/* The machine: -machine FILE, or this machine calibrated now; it needs caches and benchmarks. */
static machine *vk_machine(const vk_options *o)
{
    machine *m = NULL;
    if (o->machine_file)
        m = machine_load(o->machine_file);
    else {
        m = calloc(1, sizeof *m);
        if (m && !calib_machine(m, stderr)) {
            free(m);
            m = NULL;
        }
    }
    if (!m)
        return NULL;
    const char *what = o->machine_file ? o->machine_file : "this machine's calibration";
    if (m->ncaches == 0) {
        /* Every layer condition would fail and every byte count be too high. */
        diag_tool(DIAG_ERROR, "%s tells no cache sizes: refusing to validate (give -machine "
                              "FILE with its caches)", what);
        machine_free(&m);
    } else if (!m->benchmarks.present) {
        diag_tool(DIAG_ERROR, "%s has no benchmarks table: the level roofline and ECM need one "
                              "(perfmodel -calibrate measures it)", what);
        machine_free(&m);
    }
    return m;
}

/* One core and all: the machine's cores, or in a real run as many as there are here (a machine
 * file may describe a larger machine than this one). */
static void vk_core_counts(vk_run_ctx *x)
{
    unsigned all = x->m->cores ? x->m->cores : (unsigned)omp_get_num_procs();
    if (!x->o->dry_run && all > (unsigned)omp_get_num_procs()) {
        all = (unsigned)omp_get_num_procs();
        printf("validate: all cores here are %u of the machine file's %u\n", all, x->m->cores);
    }
    if (all > VK_MAX_THREADS)
        all = VK_MAX_THREADS;
    x->core_counts[0] = 1;
    x->ncore_counts = 1;
    if (all > 1)
        x->core_counts[x->ncore_counts++] = all;
}

static void vk_print_intro(const vk_run_ctx *x)
{
    const machine *m = x->m;
    printf("validate: machine: %s (%u cores, %.1f GHz", m->name, m->cores,
           m->benchmarks.clock_ghz);
    for (unsigned j = 0; j < m->ncaches; j++)
        printf(", %s %.0f KiB", vk_class_name(m, j), (double)m->caches[j].size_bytes / 1024);
    printf(")\nvalidate: builds:");
    for (unsigned b = 0; b < VK_NBUILDS; b++)
        if (vk_build_on(x->o, b))
            printf(" %s (%s)", vk_builds[b].name, vk_builds[b].compile);
    printf("; the model %s\nvalidate: working sets:",
           x->o->compile ? "is given each build's command (-compile on)"
                         : "uses its own in-core estimate (-compile off)");
    for (unsigned j = 0; j < x->classes.n; j++)
        if (x->classes.on[j])
            printf(" %s %.0f KiB", vk_class_name(m, j), x->classes.footprint[j] / 1024);
    if (x->o->dry_run)
        printf("; dry run: nothing is measured\n\n");
    else
        printf("; best of %u timings of %.0f ms after a warm-up, per call, the best of %u "
               "passes\n\n", x->o->runs, vk_timing_s * 1e3, x->o->passes);
}

/* The calibration's benchmarks measured again, the best of each of the two kept
 * (calib_keep_best): the kernels keep their best over the passes, so the benchmarks
 * that predict them are a best over the same span.  A VM's host moves its vCPUs about, and a
 * parallel loop's barrier measured 650 cycles in one calibration and 1250 in the next, minutes
 * apart, on a quiet machine. */
static void vk_calibrate_again(vk_run_ctx *x)
{
    machine *m = x->calibrated;
    machine again = {.write_allocate = m->write_allocate, .cores = m->cores,
                     .ncaches = m->ncaches};
    memcpy(again.caches, m->caches, sizeof again.caches);
    fprintf(stderr, "validate: the machine's benchmarks measured again, the best of each "
                    "kept\n");
    if (!calib_benchmarks(&again, stderr))
        return;
    calib_keep_best(&m->benchmarks, &again.benchmarks);
    free(again.benchmarks.bandwidths);
    x->recalibrated = true;
}

static int vk_run(const vk_options *o, machine *m, lm_program *const *programs)
{
    vk_run_ctx x = {.o = o, .m = m, .programs = programs};
    if (!o->machine_file && !o->dry_run)
        x.calibrated = m;
    if (!vk_select_classes(o, m, &x.classes))
        return VK_EXIT_SETUP;
    vk_core_counts(&x);
    vk_print_intro(&x);
    vk_print_header(&x);
    int status = VK_EXIT_OK;
    x.passes = o->dry_run ? 1 : o->passes;
    for (x.pass = 0; x.pass < x.passes && status == VK_EXIT_OK; x.pass++) {
        if (x.pass + 1 < x.passes)
            fprintf(stderr, "validate: pass %u of %u, every case measured (the table comes with "
                            "the last)\n", x.pass + 1, x.passes);
        x.next_row = 0;
        for (unsigned i = 0; i < VK_NKERNELS && status == VK_EXIT_OK; i++)
            for (unsigned j = 0; j < x.classes.n && status == VK_EXIT_OK; j++)
                if (x.classes.on[j] && (!o->any_only || o->only[i]) && !vk_case_rows(&x, i, j))
                    status = VK_EXIT_SETUP;
        if (x.calibrated && x.pass + 1 < x.passes)
            vk_calibrate_again(&x);
    }
    if (status == VK_EXIT_OK) {
        vk_verdict v[VK_NVERDICTS];
        vk_verdicts(&x, v);
        vk_class_stats by_class[VK_MAX_CLASS_STATS];
        size_t nby_class = vk_by_class(&x, by_class);
        vk_print_by_class(&x, by_class, nby_class);
        bool met = o->dry_run || vk_print_verdicts(v);
        double ms[VK_NMODELS];
        vk_print_prediction_time(&x, ms);
        bool written = vk_write_csv(&x, o->csv_path) &&
                       vk_write_json(&x, o->json_path, o->dry_run ? NULL : v, by_class,
                                     nby_class, ms) &&
                       (o->dry_run || vk_write_plot(&x, o->plot_path));
        status = !written ? VK_EXIT_SETUP : met ? VK_EXIT_OK : VK_EXIT_MISSED;
    }
    free(x.rows.row);
    return status;
}

int main(int argc, char **argv)
{
    diag_set_program("validate");
    vk_options o;
    bool parsed = vk_parse_args(argc, argv, &o);
    int status = VK_EXIT_SETUP;
    if (parsed && o.help) {
        vk_usage(stdout);
        status = VK_EXIT_OK;
    } else if (parsed && o.version) {
        args_print_version(stdout, "validate", NULL);
        status = VK_EXIT_OK;
    } else if (parsed) {
        lm_program *programs[VK_NKERNELS];
        machine *m = NULL;
        if (vk_programs_load(o.xml_dir, programs) && (m = vk_machine(&o)))
            status = vk_run(&o, m, programs);
        machine_free(&m);
        vk_programs_free(programs);
    }
    free(o.size_names);
    return status;
}
