/* The performance model.
 *
 * Iterations.  Each loop's trip count comes from its bounds (upperbound
 * inclusive, signed stride); the body of a loop runs the product of the trip
 * counts of the loop and its ancestors, for one entry of the nest, which is then
 * scaled to the times the program runs it (perf_calls.c: the measured entries, or
 * following the calls).  Bounds that
 * name the variables of enclosing loops (a triangle: j < i) are summed exactly
 * over their iteration space (perf_trips.c): a loop's entries are its
 * parent's executions, its executions the sum of its trips.  The traffic
 * model below takes one trip N[l] per level: the mean, executions / entries,
 * whose product down a chain is the executions, so that regions, restreams
 * and bytes count every iteration once; the working sets take the largest
 * trip of any entry, so that a layer condition holds for every iteration of
 * the level, the largest (a triangle's last row) included.
 *
 * A loop's probability (an ExaSAT `if` block read from XML, a loop of one
 * iteration) scales the executions of its body and of everything in it.
 *
 * Flops.  A loop's own-level operations times its executions; adds,
 * multiplies and divides are flops, specials are reported beside them, and
 * the machine's weights turn all four into weighted flops.
 *
 * Traffic: the layer condition.  Take a loop with levels 0 (the loop) to
 * D-1 (the outermost of its nest) and trip counts N[l].  An array's
 * dimensions each follow one level (the access's indexorder); its ghost gives
 * the width w of the offsets in each dimension.  Reusing an array's data
 * across the iterations of level l needs, held in cache, s slices (s = w+1
 * in the dimension of level l, 1 if l does not index the array), each slice
 * being the array's extent over the inner levels (N[m] + w for the inner
 * levels that index it; perf_extent for a dimension that advances more than
 * one element an iteration), in elements, but in lines of PERF_LINE_BYTES
 * where those inner levels walk down the array's columns (perf_walks_columns:
 * each element they touch is in a line of its own, and the cache holds the
 * lines).  Summed over the arrays this is ws[l]: elements at
 * the innermost level, rows one level out, planes the next.  For a cache of
 * size C the reuse holds at every level l up to the first whose ws exceeds
 * C * PERF_CACHE_SHARE; call the last level that holds f.
 *
 * With the last-level cache's f, an array moves:
 *   region   = product over its dimensions of N[level] + (level <= f ? w : 0),
 *   streams  = the distinct offsets of its accesses in the dimensions whose
 *              level is beyond f (1 when all reuse holds), for reads and for
 *              writes apart,
 *   restream = the product of N[l] over the levels beyond f that do not index
 *              the array (it is read again on each of their iterations),
 * so bytes = size * region * restream * (read streams + write streams, plus
 * the write streams again for a write-only array when the machine
 * write-allocates); a column walk whose fastest dimension's level is beyond f
 * moves a whole line for each element (its lines leave before the loop comes
 * back for their next element), at the caches' levels, not in L1's accesses.
 *
 * Stores a page apart.  An array the innermost loop stores to a row of PERF_PAGE_BYTES or
 * more apart from one iteration to the next (b[j][i] in the j loop, rows of n doubles)
 * writes each line it brings from memory on a demand miss of its own, which the
 * prefetchers do not follow: a line of such a stream costs this project's Zen 5 5.7 to
 * 6.0 ns at memory size where a streamed one costs 2.2 (bench/README.md, "The memory
 * side of the misses").  Its bytes at the memory level (its stores, their write-allocate,
 * its reads when it is also read) are kept apart (paged_bytes), with the lines its stores
 * write (paged_lines), for perf_time.c to charge each line the machine's
 * paged_store_cycles.  Loads that far apart cost almost nothing more there (2.4-2.5 ns a
 * line against 2.0): not counted.  When all reuse fits this is each array's widened region
 * once.  Non-relative accesses of an array with no relative ones move one
 * element per execution when a subscript names a variable (a gather), and
 * one element once when all subscripts are constants; but an access whose
 * every subscript adds loop variables of the nest and constants (a window:
 * in[i + di][j + dj], di and dj the loops over a filter's window) is counted
 * as the relative access it amounts to (perf_window_dims): each dimension
 * follows its outermost loop, with offsets as wide as its inner loops sweep.
 *
 * L1 serves every distinct load and store (level_bytes[0]), but an element
 * that stays the same through a loop (a[i][k] in the j loop) once an entry of
 * the loop: the compiler keeps it in a register (it hoists the load, sinks the
 * store), so it is no stream of the loop either; with the machine's
 * benchmarks, a load or store that straddles two cache lines counts twice
 * there (perf_split_bytes).
 *
 * Loads one at a time.  A compiler vectorizes the innermost loop of a nest,
 * and only where its iterations are independent and its accesses step through
 * memory one element at a time; elsewhere each access is an instruction for
 * one element, which costs per access what a vector load costs per 64 bytes.
 * With the machine's scalar_load_cycles (perf_scalar_share), these accesses
 * are counted as loads and stores instead of L1 bytes: every access of a loop
 * that has loops inside it (its own level is not the vectorized one), an
 * access through another array's element (x[col[j]]: a gather is a load per
 * element even as a vector instruction), one whose fastest dimension follows
 * an enclosing loop while another follows this one (a column a[j][i] in the j
 * loop: strided), every access of a loop with a carried chain and such an
 * access (the compiler may not reorder the adds of s = s + a[i] without
 * -ffast-math: GCC vectorizes such a loop's loads and multiplies and keeps its
 * adds in order, but not when it would need a gather or a stride: spmv's row
 * loop runs scalar), and in a vectorized loop of trip t, the t mod lanes
 * iterations left over after its whole vectors (the compiler's scalar
 * remainder). */
#include "perf.h"
#include "loop_model.h"
#include "machine.h"
#include "perf_calls.h"
#include "perf_incore.h"
#include "perf_time.h"
#include "perf_trips.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"
#include "strbuf.h"

/* The chain of a loop: levels 0 (the loop) .. n-1 (its outermost ancestor), each with its
 * mean trip (traffic) and its largest (working sets: the head of the file). */
typedef struct perf_chain {
    const lm_loop **loop;
    double *trip;
    double *held;
    unsigned n;
} perf_chain;


/* One evaluation: where trip counts come from (the bindings, and for loops
 * without bounds a measurement) and how counts become time. */
typedef struct perf_run {
    const bexpr_bindings *b;
    perf_measured_counts measured;
    const void *ctx;
    perf_model model;
    unsigned cores;
    bool warned; /* a benchmark fallback has been said */
    bool cores_given; /* -cores: every nest on `cores`; else only the worksharing ones */
    perf_unpredicted_say say;
    perf_calls_memo *calls; /* what calls leave in their callers' loops */
    perf_nest *nest; /* the nest being evaluated */
    bool failed;     /* an error was reported: the evaluation gives false */
    const perf_options *opt;
    bool mca_said;   /* llvm-mca's absence has been reported */
} perf_run;

/* A loop of the nest being evaluated whose iterations are not known: the first such
 * loop's reason (why, then what would supply the count) becomes the nest's, and each is
 * said at the loop as t->say asks. */
static void perf_unpredictable(perf_run *t, const lm_loop *l, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void perf_unpredictable(perf_run *t, const lm_loop *l, const char *fmt, ...)
{
    strbuf why = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(&why, fmt, ap);
    va_end(ap);
    if (t->say != PERF_UNPREDICTED_QUIET)
        diag_at(t->say == PERF_UNPREDICTED_ERROR ? DIAG_ERROR : DIAG_WARNING, l->loc.file,
                l->loc.line, l->loc.column, "%s", strbuf_cstr(&why));
    if (t->say == PERF_UNPREDICTED_ERROR)
        t->failed = true;
    if (!t->nest->unpredicted) {
        t->nest->unpredicted = strbuf_take(&why);
        t->nest->unpredicted_at = l;
    }
    strbuf_release(&why);
}

/* What the user can do about a loop whose trip count is not known. */
#define PERF_TRIP_HINT                                                                         \
    "give its iterations per entry as %s=N (perfmodel -D, measuretool -param), or a "          \
    "measurement of it (from a run of an -auto-instrument'ed copy)"

/* What a measurement says of l (the -measured callback, else the pininfo of a run of an
 * -auto-instrument'ed copy): its entries and, when known, its iterations. */
static bool perf_loop_measured(const perf_run *t, const lm_loop *l, unsigned long long *entries,
                               unsigned long long *iterations, bool *have_iterations)
{
    if (t->measured && t->measured(t->ctx, l, entries, iterations)) {
        *have_iterations = true;
        return true;
    }
    const lm_pininfo *pi = l->pininfo;
    if (!pi || !pi->present[LM_PIN_ENTRIES])
        return false;
    *entries = pi->value[LM_PIN_ENTRIES];
    *have_iterations = pi->present[LM_PIN_ITERS];
    *iterations = *have_iterations ? pi->value[LM_PIN_ITERS] : 0;
    return true;
}

/* Whether a measurement says l was entered 0 times.  Such a loop did not run in the
 * measured run, so its bounds (evaluable or not) and any count given by name do not
 * matter. */
static bool perf_measured_not_run(const lm_loop *l, const perf_run *t)
{
    unsigned long long entries, iterations;
    bool have_iterations;
    return perf_loop_measured(t, l, &entries, &iterations, &have_iterations) && entries == 0;
}

/* The mean iterations per entry of a measured loop l whose bounds do not give them: its
 * measured iterations over the times the model enters it in the run, when the nest's top
 * is measured too (its entries are the nest's runs, perf_calls.c); so every measured loop
 * runs as many iterations as measured, also a worksharing loop whose entry each thread of
 * the team counted.  Else its iterations over its own entries. */
static double perf_measured_mean(const perf_run *t, const perf_trips *trips, const lm_loop *l,
                                 unsigned long long entries, unsigned long long iterations)
{
    const lm_loop *top = t->nest->top;
    unsigned long long runs, top_iterations;
    bool have;
    if (l != top && perf_loop_measured(t, top, &runs, &top_iterations, &have)) {
        double entered = perf_trips_entries(trips, l) * (double)runs;
        return entered > 0 ? (double)iterations / entered : 0;
    }
    return entries ? (double)iterations / (double)entries : 0;
}

/* Iterations per entry of a loop whose bounds are missing or cannot be evaluated: given by
 * name (perfmodel -D, measuretool -param FUNC_L<line>=N), else measured (a -measured file,
 * or the pininfo of a run of an -auto-instrument'ed copy: perf_measured_mean); with
 * neither, unpredictable, saying `why` and then what can be given. */
static bool perf_trip_given(const lm_loop *l, perf_run *t, const perf_trips *trips,
                            double *trip, const char *why)
{
    char name[320];
    lm_loop_count_name(l, name, sizeof name);
    long long named;
    if (t->b && bexpr_bindings_get(t->b, name, &named)) {
        *trip = (double)named;
        if (named >= 0)
            return true;
        diag_at(DIAG_ERROR, l->loc.file, l->loc.line, l->loc.column,
                "%s=%lld: a loop's iterations cannot be negative", name, named);
        t->failed = true;
        return false;
    }
    unsigned long long entries, iterations;
    bool have_iterations;
    if (perf_loop_measured(t, l, &entries, &iterations, &have_iterations) && have_iterations) {
        *trip = perf_measured_mean(t, trips, l, entries, iterations);
        return true;
    }
    perf_unpredictable(t, l, "%s" PERF_TRIP_HINT, why, name);
    return false;
}

/* A loop's counts over its nest (perf_trips): from its bounds, summed over the loops around
 * it when they name their variables.  A loop without bounds (a while loop), or whose bounds
 * do not evaluate (a bound that calls a function, a parameter not bound with -D), takes its
 * iterations per entry as given by name or measured (perf_trip_given), the bounds first when
 * they evaluate; bounds that cannot give a count (a stride of 0) leave the nest
 * unpredicted. */
static bool perf_trip_count(const lm_loop *l, perf_run *t, perf_trips *trips,
                            perf_trip_sums *sums)
{
    strbuf why = STRBUF_INIT;
    perf_trips_status status = perf_trips_sum(trips, l, sums, &why);
    double trip = 0;
    if (status == PERF_TRIPS_UNEVALUATED &&
        perf_trip_given(l, t, trips, &trip, strbuf_cstr(&why))) {
        perf_trips_given(trips, l, trip, sums);
        status = PERF_TRIPS_SUMMED;
    } else if (status == PERF_TRIPS_FAILED && why.len) {
        perf_unpredictable(t, l, "%s", strbuf_cstr(&why));
    }
    strbuf_release(&why);
    return status == PERF_TRIPS_SUMMED;
}

/* ---- arrays ---- */

/* Bytes of a cache line: x86-64's and most others'. */
enum { PERF_LINE_BYTES = 64, PERF_PAGE_BYTES = 4096 };

/* What an array's dimensions follow, from its first relative access, or from its window
 * subscripts (perf_window_dims). */
typedef struct perf_dims {
    unsigned n;
    int *level;    /* -1: no loop of the nest */
    long *width;
    long *scale;   /* elements per iteration of the level (ExaSAT's "2 * k"), at least 1 */
    unsigned long *window; /* the inner levels whose loop variables the subscript adds (bits) */
    bool relative; /* some access is relative, or every access is a window */
    bool windowed; /* the accesses are windows (perf_window_dims) */
} perf_dims;

static void perf_dims_alloc(perf_dims *d, unsigned n)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->level = mem_alloc((n ? n : 1) * sizeof *d->level);
    d->width = mem_alloc((n ? n : 1) * sizeof *d->width);
    d->scale = mem_alloc((n ? n : 1) * sizeof *d->scale);
    d->window = mem_alloc((n ? n : 1) * sizeof *d->window);
    for (unsigned k = 0; k < n; k++) {
        d->level[k] = -1;
        d->scale[k] = 1;
        d->width[k] = 0;
        d->window[k] = 0;
    }
}

static void perf_dims_release(perf_dims *d)
{
    free(d->level);
    free(d->width);
    free(d->scale);
    free(d->window);
}

/* The level of the chain whose loop variable is the name s[0..len), or -1. */
static int perf_level_named(const perf_chain *c, const char *s, size_t len)
{
    for (unsigned lv = 0; lv < c->n && lv < sizeof(unsigned long) * 8; lv++) {
        const char *v = c->loop[lv]->bounds.loopvar;
        if (v && strlen(v) == len && strncmp(v, s, len) == 0)
            return (int)lv;
    }
    return -1;
}

/* One subscript's terms, from *p to its closing bracket: loop variables of the chain added
 * or subtracted, and integer constants; each variable's level set in *levels.  False for
 * anything else (an array element, a product, a name that is no loop variable here). */
static bool perf_window_terms(const perf_chain *c, const char **p, unsigned long *levels)
{
    const char *s = *p;
    bool term = false;
    for (;;) {
        while (*s == ' ')
            s++;
        if (*s == ']' && term)
            break;
        if (*s == '+' || *s == '-') {
            s++;
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            while (isdigit((unsigned char)*s))
                s++;
        } else if (isalpha((unsigned char)*s) || *s == '_') {
            const char *name = s;
            while (isalnum((unsigned char)*s) || *s == '_')
                s++;
            int lv = perf_level_named(c, name, (size_t)(s - name));
            if (lv < 0 || (*levels & (1UL << lv)))
                return false;
            *levels |= 1UL << lv;
        } else {
            return false;
        }
        term = true;
    }
    *p = s + 1;
    return true;
}

/* A window access: every subscript a sum of the nest's loop variables and constants
 * (in[i + di][j + dj] of a box filter whose di and dj loops sweep a 5 x 5 window).  The
 * analyzer calls it not relative, as it follows two loops; it is no gather either: it walks
 * the array as a stencil does.  Each dimension follows the outermost loop it names, as a
 * relative access with offsets as wide as the inner loops it names sweep (the sum of their
 * trips less one each); those inner loops are its window (perf_streams).  The first
 * bracket is the slowest dimension, the last d->n - 1 = 0. */
static bool perf_window_dims(const lm_access *x, const perf_chain *c, perf_dims *d)
{
    const char *s = x->subscript;
    /* The loops a subscript names are bits of an unsigned long: a chain deeper than its
     * bits (a generated nest of thousands) has no windows. */
    if (!s || d->n == 0 || c->n > sizeof(unsigned long) * CHAR_BIT)
        return false;
    bool named = false;
    for (unsigned b = 0; b < d->n; b++) {
        while (*s == ' ')
            s++;
        if (*s++ != '[')
            return false;
        unsigned long levels = 0;
        if (!perf_window_terms(c, &s, &levels))
            return false;
        unsigned k = d->n - 1 - b;
        d->level[k] = -1;
        d->width[k] = 0;
        d->window[k] = 0;
        for (int lv = (int)c->n - 1; lv >= 0; lv--) {
            if (!(levels & (1UL << lv)))
                continue;
            named = true;
            if (d->level[k] < 0) {
                d->level[k] = lv;
                continue;
            }
            d->window[k] |= 1UL << lv;
            d->width[k] += (long)fmax(c->held[lv] - 1, 0);
        }
    }
    return named && *s == '\0';
}

static void perf_array_dims(const lm_array_ref *a, const perf_chain *c, perf_dims *d)
{
    perf_dims_alloc(d, a->ghost.ndims);
    for (unsigned k = 0; k < d->n; k++) {
        d->width[k] = a->ghost.pos[k] - a->ghost.neg[k];
        if (d->width[k] < 0)
            d->width[k] = 0;
    }
    for (const lm_access *x = a->accesses; x; x = x->next) {
        if (!x->relative)
            continue;
        d->relative = true;
        for (unsigned k = 0; k < d->n && k < x->ndims; k++) {
            int lv = x->order && k < x->norder ? x->order[k] : (int)k;
            d->level[k] = lv >= 0 && (unsigned)lv < c->n ? lv : -1;
            if (x->scale && x->scale[k] != 0)
                d->scale[k] = labs(x->scale[k]);
        }
        return;
    }
    /* no relative access: a window when each access is the first one's window */
    for (const lm_access *x = a->accesses; x; x = x->next)
        if (!x->subscript || strcmp(x->subscript, a->accesses->subscript) != 0)
            return;
    d->relative = d->windowed = a->accesses && perf_window_dims(a->accesses, c, d);
}

static int perf_dim_of_level(const perf_dims *d, unsigned level)
{
    for (unsigned k = 0; k < d->n; k++)
        if (d->level[k] == (int)level)
            return (int)k;
    return -1;
}

/* The elements an array spans in dimension k over the trip N of the level it follows, offsets
 * w wide, held or not (reuse across that level's iterations).  Scale 1: N + w held, N not.  A
 * dimension that advances a > 1 elements an iteration spans a * (N - 1) + w + 1 held; beyond the
 * fastest dimension the gaps between its touched slices are never brought, so there it is at
 * most N * (w + 1) (restriction's 2 * k with offsets 0 and 1 touches all 2N planes, 2 * k alone
 * N of them).  Not held, a stream of the fastest dimension moves the whole lines it passes
 * (a * N elements), one beyond it N. */
static double perf_extent(const perf_chain *c, const perf_dims *d, unsigned k, bool held)
{
    double n = c->trip[d->level[k]], w = (double)d->width[k], a = (double)d->scale[k];
    if (d->scale[k] == 1)
        return n + (held ? w : 0);
    if (!held)
        return k == 0 ? a * n : n;
    double span = n > 0 ? a * (n - 1) + w + 1 : 0;
    return k == 0 ? span : fmin(span, n * (w + 1));
}

static double perf_element_size(const lm_loop *l, const lm_array_ref *a)
{
    unsigned long size = a->elem_bytes ? a->elem_bytes : lm_datatype_size(a->datatype);
    if (size)
        return (double)size;
    diag_at(DIAG_WARNING, l->loc.file, l->loc.line, l->loc.column,
            "array '%s': unknown size of datatype '%s' (no elementbytes), counted as 8 bytes",
            a->name, a->datatype);
    return 8.0;
}

/* Whether the loops inside level lv walk the array down its columns: a dimension beyond the
 * fastest follows one of them while the fastest follows lv or a loop outside it (b[j][i] in
 * the j loop, lv the i loop); then each element they touch is in a line of its own, when
 * the fastest dimension's loop spans a line or more (a row whose length the model does not
 * know, a constant column of pairs a[i][0], is left in elements). */
static bool perf_walks_columns(const perf_chain *c, const perf_dims *d, double esize, int lv)
{
    if (!d->relative || d->n < 2 || d->level[0] < 0 || d->level[0] < lv ||
        esize * c->held[d->level[0]] < PERF_LINE_BYTES)
        return false;
    for (unsigned k = 1; k < d->n; k++)
        if (d->level[k] >= 0 && d->level[k] < lv)
            return true;
    return false;
}

/* ws[level] contributions of one array (see the top of the file): in lines where the inner
 * loops walk its columns, as the cache holds them. */
static void perf_array_ws(const perf_chain *c, const perf_dims *d, double esize, double *ws)
{
    for (unsigned lv = 0; lv < c->n; lv++) {
        int dim = perf_dim_of_level(d, lv);
        double slices = dim >= 0 ? (double)d->width[dim] + 1 : 1;
        double inner = 1;
        for (unsigned m = 0; m < lv; m++) {
            int dm = perf_dim_of_level(d, m);
            if (dm >= 0)
                inner *= perf_extent(c, d, (unsigned)dm, true);
        }
        double unit = esize;
        if (perf_walks_columns(c, d, esize, (int)lv)) {
            unit = PERF_LINE_BYTES;
            if (dim == 0) /* neighbours in the row: the same line */
                slices = fmax(1, slices * esize / PERF_LINE_BYTES);
        }
        ws[lv] += slices * inner * unit;
    }
}

/* The streams of a window access beyond f: a dimension whose own loop is beyond f while its
 * window's loops are not reads its w + 1 offsets as w + 1 streams (the five rows of a 5 x 5
 * box filter when its rows do not stay in the cache); window loops beyond f restream the
 * array instead (perf_array_traffic). */
static double perf_window_streams(const perf_dims *d, int f)
{
    double streams = 1;
    for (unsigned k = 0; k < d->n; k++)
        if (d->window[k] && d->level[k] > f && d->window[k] >> (f + 1) == 0)
            streams *= (double)d->width[k] + 1;
    return streams;
}

/* The distinct projections, onto the dimensions beyond f, of the relative
 * accesses that read (writes: that write); the one window of a windowed array. */
static double perf_streams(const lm_array_ref *a, const perf_dims *d, int f, bool writes)
{
    if (d->windowed) {
        for (const lm_access *x = a->accesses; x; x = x->next)
            if (writes ? x->writes : x->reads)
                return perf_window_streams(d, f);
        return 0;
    }
    double n = 0;
    for (const lm_access *x = a->accesses; x; x = x->next) {
        if (!x->relative || !(writes ? x->writes : x->reads))
            continue;
        bool seen = false;
        for (const lm_access *y = a->accesses; y != x && !seen; y = y->next) {
            if (!y->relative || !(writes ? y->writes : y->reads))
                continue;
            bool same = true;
            for (unsigned k = 0; k < d->n && same; k++)
                if (d->level[k] > f && k < x->ndims && k < y->ndims)
                    same = x->index[k] == y->index[k];
            seen = same;
        }
        n += !seen;
    }
    return n;
}

static bool perf_subscript_names_variable(const char *s)
{
    for (; s && *s; s++)
        if (isalpha((unsigned char)*s) || *s == '_')
            return true;
    return false;
}

/* Bytes of an array with no relative access: gathers and fixed elements. */
static double perf_nonrelative_bytes(const lm_array_ref *a, double esize, double executions,
                                     bool write_allocate)
{
    double bytes = 0;
    for (const lm_access *x = a->accesses; x; x = x->next) {
        double moves = (x->reads ? 1 : 0) + (x->writes ? 1 : 0) +
                       (write_allocate && x->writes && !x->reads ? 1 : 0);
        double times = perf_subscript_names_variable(x->subscript) ? executions : 1;
        bytes += moves * times * esize;
    }
    return bytes;
}

/* Streams of an array with no relative access: each access is one. */
static void perf_nonrelative_streams(const lm_array_ref *a, bool write_allocate, double *reads,
                                     double *writes)
{
    for (const lm_access *x = a->accesses; x; x = x->next) {
        *reads += (x->reads ? 1 : 0) + (write_allocate && x->writes && !x->reads ? 1 : 0);
        *writes += x->writes ? 1 : 0;
    }
}

/* The bytes of one array with reuse held up to level f, and (when reads is
 * not NULL) its read streams, write-allocations included, and write streams
 * added to *reads and *writes. */
static double perf_array_traffic(const perf_chain *c, const lm_array_ref *a, const perf_dims *d,
                                 double esize, int f, double executions, bool write_allocate,
                                 bool lines, double *reads_out, double *writes_out)
{
    if (!d->relative) {
        if (reads_out)
            perf_nonrelative_streams(a, write_allocate, reads_out, writes_out);
        return perf_nonrelative_bytes(a, esize, executions, write_allocate);
    }
    double region = 1;
    for (unsigned k = 0; k < d->n; k++) {
        int lv = d->level[k];
        if (lv >= 0)
            region *= perf_extent(c, d, k, lv <= f);
    }
    /* A cache moves lines: down a column whose lines do not stay until the loop comes back
     * for their next element, each element moves a line of its own. */
    if (lines && d->level[0] > f && perf_walks_columns(c, d, esize, d->level[0]))
        region *= fmax(1, PERF_LINE_BYTES / (esize * (double)d->scale[0]));
    double restream = 1;
    for (unsigned lv = (unsigned)(f + 1); lv < c->n; lv++)
        if (perf_dim_of_level(d, lv) < 0)
            restream *= c->trip[lv];
    double reads = perf_streams(a, d, f, false), writes = perf_streams(a, d, f, true);
    double allocated = write_allocate && reads == 0 ? writes : 0;
    if (reads_out) {
        *reads_out += reads + allocated;
        *writes_out += writes;
    }
    return esize * region * restream * (reads + writes + allocated);
}

static double perf_array_bytes(const perf_chain *c, const lm_array_ref *a, const perf_dims *d,
                               double esize, int f, double executions, bool write_allocate)
{
    return perf_array_traffic(c, a, d, esize, f, executions, write_allocate, true, NULL, NULL);
}

/* Whether the innermost loop (level 0) stores to a row a page or more apart from one
 * iteration to the next (see the top): a relative access that writes, the dimension
 * level 0 follows not the fastest, its rows (the faster dimensions' extents, ghosts
 * included) PERF_PAGE_BYTES or more. */
static bool perf_stores_paged(const perf_chain *c, const lm_array_ref *a, const perf_dims *d,
                              double esize)
{
    bool writes = false;
    for (const lm_access *x = a->accesses; x; x = x->next)
        writes |= x->relative && x->writes;
    if (!writes || !d->relative || d->windowed)
        return false;
    for (unsigned k = 1; k < d->n; k++) {
        if (d->level[k] != 0)
            continue;
        double pitch = esize;
        for (unsigned m = 0; m < k; m++)
            pitch *= d->level[m] >= 0 ? perf_extent(c, d, m, true) : 1;
        return pitch >= PERF_PAGE_BYTES;
    }
    return false;
}

/* The bytes of all of an array's data the loop touches: its widened
 * region, or for gathers the elements they move. */
static double perf_array_footprint(const perf_chain *c, const lm_array_ref *a, const perf_dims *d,
                                   double esize, double executions)
{
    if (!d->relative)
        return perf_nonrelative_bytes(a, esize, executions, false);
    double region = 1;
    for (unsigned k = 0; k < d->n; k++)
        if (d->level[k] >= 0)
            region *= perf_extent(c, d, k, true);
    return esize * region;
}

/* ---- loops and nests ---- */

/* The extra L1 accesses of an array's vector loads and stores that straddle two cache lines.
 * A compiler aligns the accesses in step with the loop variable (it peels the loop, or the
 * arrays are aligned); one k elements off in the fastest dimension, k not a multiple of the
 * lanes, is not aligned, and a vector of V bytes at such an offset crosses into the next
 * line in V / 64 of its positions (every time with AVX-512's 64 bytes): the core then reads
 * or writes two lines for it.  Stencils are made of such accesses (in[i][j-1], in[i][j+1]). */
static double perf_split_bytes(const lm_array_ref *a, const perf_dims *d, double esize,
                               double executions, const machine *m)
{
    unsigned lanes = m->benchmarks.present ? m->benchmarks.lanes : 0;
    if (!d->relative || lanes < 2)
        return 0;
    double straddle = fmin(1, (double)lanes * esize / PERF_LINE_BYTES), accesses = 0;
    for (const lm_access *x = a->accesses; x; x = x->next)
        if (x->relative && x->ndims > 0 && x->index[0] % (long)lanes != 0)
            accesses += (x->reads ? 1 : 0) + (x->writes ? 1 : 0);
    return accesses * straddle * esize * executions;
}

/* Whether an access reads its address from another array's element: a subscript with a
 * subscript inside it (x[col[i][t]], not a[m][i+1]). */
static bool perf_is_gather(const lm_access *x)
{
    if (x->relative || !x->subscript)
        return false;
    int depth = 0;
    for (const char *p = x->subscript; *p; p++) {
        if (*p == '[' && depth++ > 0)
            return true;
        if (*p == ']' && depth > 0)
            depth--;
    }
    return false;
}

/* Whether a relative array steps through memory with a stride in the loop (level 0): its
 * fastest dimension follows an enclosing loop while another dimension follows this one, or
 * follows this one more than one element an iteration. */
static bool perf_is_strided(const perf_dims *d)
{
    if (!d->relative || d->n == 0)
        return false;
    if (d->level[0] == 0)
        return d->scale[0] != 1;
    return perf_dim_of_level(d, 0) > 0;
}

/* Whether a relative array's element stays the same through the loop (level 0): no
 * dimension follows it (a[i][k] in the j loop of c[i][j] += a[i][k] * b[k][j]). */
static bool perf_is_invariant(const perf_dims *d)
{
    if (!d->relative || perf_dim_of_level(d, 0) >= 0)
        return false;
    for (unsigned k = 0; k < d->n; k++)
        if (d->window[k] & 1)
            return false; /* a window the loop sweeps */
    return true;
}

/* Whether the array is read or written other than by contiguous vectors in the loop: a
 * gather, or a stride. */
static bool perf_is_irregular(const lm_array_ref *a, const perf_dims *d)
{
    if (perf_is_strided(d))
        return true;
    for (const lm_access *x = a->accesses; x; x = x->next)
        if (perf_is_gather(x))
            return true;
    return false;
}

/* The share of an array's accesses in the loop that the compiler issues one element at a
 * time (see "Loads one at a time" at the top); 0 on a machine that has not measured what a
 * scalar access costs, which then counts every access in bytes.  `irregular`: some array of
 * the loop is (perf_is_irregular). */
static double perf_scalar_share(const perf_loop *pl, const lm_array_ref *a, const perf_dims *d,
                                bool irregular, const machine *m)
{
    const machine_benchmarks *b = &m->benchmarks;
    if (!b->present || b->scalar_load_cycles <= 0)
        return 0;
    if (pl->loop->children || perf_is_irregular(a, d) || (pl->chain_steps > 0 && irregular))
        return 1;
    if (b->lanes < 2 || pl->trip <= 0)
        return 0;
    return (double)(pl->trip % b->lanes) / (double)pl->trip;
}

static int perf_fit_level(const double *ws, unsigned n, unsigned long long size)
{
    int f = -1;
    for (unsigned lv = 0; lv < n && ws[lv] <= (double)size * PERF_CACHE_SHARE; lv++)
        f = (int)lv;
    return f;
}

/* One array's part of a level's traffic: its bytes over the run, the read streams
 * (write-allocations included) and write streams that carry them, its element size. */
typedef struct perf_stream_part {
    double bytes, reads, writes, esize;
} perf_stream_part;

/* A level's read and write streams, added to *reads and *writes: each array's, counted by
 * the elements one of its streams moves over the run against the stream that moves the most.
 * An array the level moves once while another streams through it again and again hardly
 * takes a share of the bandwidth: matmul's row of c goes to and from L2 once for a whole
 * sweep of b from memory, and counted whole its two streams made memory's one stream of b
 * look like a triad.  Elements, not bytes: an int index stream beside a double one is as
 * much a stream. */
static void perf_weigh_streams(const perf_stream_part *p, size_t n, double *reads,
                               double *writes)
{
    double most = 0;
    for (size_t i = 0; i < n; i++) {
        double streams = p[i].reads + p[i].writes;
        if (streams > 0)
            most = fmax(most, p[i].bytes / p[i].esize / streams);
    }
    if (most <= 0)
        return;
    double r = 0, w = 0;
    for (size_t i = 0; i < n; i++) {
        double streams = p[i].reads + p[i].writes;
        if (streams <= 0)
            continue;
        double weight = p[i].bytes / p[i].esize / streams / most;
        r += p[i].reads * weight;
        w += p[i].writes * weight;
    }
    /* to a tenth of a stream: a stencil's ghost cells make its input's streams move a few
     * elements more than its output's, which must not decide between two benchmarks */
    *reads += round(r * 10) / 10;
    *writes += round(w * 10) / 10;
}

/* An array's L1 traffic in the loop: its distinct loads and stores, as bytes where they are
 * vectorized (those that straddle two lines counted twice), as scalar_loads and
 * scalar_stores where they go one element at a time; its streams in *part. */
static void perf_l1_traffic(perf_loop *pl, const perf_chain *c, const lm_array_ref *a,
                            const perf_dims *d, double esize, bool irregular, const machine *m,
                            perf_stream_part *part)
{
    double reads = 0, writes = 0;
    double bytes =
        perf_array_traffic(c, a, d, esize, -1, pl->executions, false, false, &reads, &writes);
    if (perf_is_invariant(d) && c->trip[0] > 0) {
        /* in a register for the whole loop: once an entry, and no stream */
        bytes /= c->trip[0];
        reads = writes = 0;
    }
    double share = perf_scalar_share(pl, a, d, irregular, m);
    *part = (perf_stream_part){bytes, reads, writes, esize};
    pl->level_bytes[0] += (1 - share) * (bytes + perf_split_bytes(a, d, esize, pl->executions, m));
    if (share > 0 && reads + writes > 0) {
        double accesses = share * bytes / esize;
        pl->scalar_loads += accesses * reads / (reads + writes);
        pl->scalar_stores += accesses * writes / (reads + writes);
    }
}

static void perf_loop_traffic(perf_loop *pl, const perf_chain *c, const machine *m)
{
    const lm_loop *l = pl->loop;
    size_t n = 0;
    for (const lm_array_ref *a = l->array_refs; a; a = a->next)
        n++;
    perf_dims *dims = mem_alloc((n ? n : 1) * sizeof *dims);
    double *esize = mem_alloc((n ? n : 1) * sizeof *esize);
    size_t i = 0;
    bool irregular = false;
    pl->ws = mem_alloc((c->n ? c->n : 1) * sizeof *pl->ws);
    perf_chain held = {c->loop, c->held, c->held, c->n};
    for (const lm_array_ref *a = l->array_refs; a; a = a->next, i++) {
        perf_array_dims(a, c, &dims[i]);
        esize[i] = perf_element_size(l, a);
        perf_array_ws(&held, &dims[i], esize[i], pl->ws);
        irregular |= perf_is_irregular(a, &dims[i]);
    }
    for (unsigned k = 0; k < m->ncaches; k++)
        pl->fits[k] = perf_fit_level(pl->ws, c->n, m->caches[k].size_bytes);
    int f = m->ncaches ? pl->fits[m->ncaches - 1] : -1;
    /* part[j * n + i]: array i's part of level j's traffic */
    unsigned nlevels = m->ncaches + 1;
    perf_stream_part *part = mem_alloc((n ? n : 1) * nlevels * sizeof *part);
    i = 0;
    for (const lm_array_ref *a = l->array_refs; a; a = a->next, i++) {
        pl->bytes += perf_array_bytes(c, a, &dims[i], esize[i], f, pl->executions,
                                      m->write_allocate);
        pl->footprint += perf_array_footprint(c, a, &dims[i], esize[i], pl->executions);
        /* L1 serves every distinct load and store; level k+1 what cache k misses. */
        perf_l1_traffic(pl, c, a, &dims[i], esize[i], irregular, m, &part[i]);
        for (unsigned k = 0; k < m->ncaches; k++) {
            perf_stream_part *p = &part[(k + 1) * n + i];
            *p = (perf_stream_part){0, 0, 0, esize[i]};
            double reads = 0, writes = 0;
            p->bytes = perf_array_traffic(c, a, &dims[i], esize[i], pl->fits[k], pl->executions,
                                          m->write_allocate, true, &reads, &writes);
            p->reads += reads;
            p->writes += writes;
            pl->level_bytes[k + 1] += p->bytes;
            if (k + 1 == m->ncaches && reads + writes > 0 &&
                perf_stores_paged(c, a, &dims[i], esize[i])) {
                pl->paged_bytes += p->bytes;
                pl->paged_lines += p->bytes * writes / (reads + writes) / PERF_LINE_BYTES;
            }
        }
    }
    for (unsigned j = 0; j < nlevels; j++)
        perf_weigh_streams(&part[j * n], n, &pl->level_reads[j], &pl->level_writes[j]);
    for (i = 0; i < n; i++)
        perf_dims_release(&dims[i]);
    free(part);
    free(dims);
    free(esize);
}

static bool perf_is_fp_scalar(const lm_scalar *v)
{
    return v->datatype && (strstr(v->datatype, "double") || strstr(v->datatype, "float"));
}

/* The level of c (1 = the parent, ...) in whose body the scalar named is declared, a new
 * variable every iteration of that loop; 0 when none is. */
static unsigned perf_declaring_level(const perf_chain *c, const char *name)
{
    for (unsigned k = 1; k < c->n; k++) {
        const lm_scalar *v = lm_loop_find_scalar(c->loop[k], name);
        if (v && v->declared)
            return k;
    }
    return 0;
}

/* The carried chains of the loop's level: the floating-point scalars it both reads and
 * writes (s = s + a[i]*b[i]), not declared in its own body.  Without -ffast-math the
 * compiler keeps the order of those adds, so each waits for the one before.  A scalar
 * declared in an enclosing loop's body (double sum = 0 before the loop) starts a new,
 * independent chain every iteration of that loop; pl->chain_length is then the steps of
 * one, which the core may overlap with the next (perf_time).  A chain through the whole
 * nest leaves it 0. */
static void perf_loop_chains(perf_loop *pl, const lm_loop *l, const perf_chain *c)
{
    double writes = 0, length = 0;
    bool whole = false;
    for (const lm_scalar *v = l->scalars; v; v = v->next) {
        if (!v->reads || !v->writes || v->is_constant || v->declared || !perf_is_fp_scalar(v))
            continue;
        writes += (double)v->writes;
        unsigned k = perf_declaring_level(c, v->name);
        if (k == 0) {
            whole = true;
            continue;
        }
        double steps = (double)v->writes;
        for (unsigned m = 0; m < k; m++)
            steps *= c->trip[m];
        length = fmax(length, steps);
    }
    pl->chain_steps = writes * pl->executions;
    pl->chain_length = whole ? 0 : length;
}

/* Loads, stores and FP operations of one iteration of the loop's own level: what its
 * iterations take of the core's window of instructions in flight. */
static double perf_loop_operations(const lm_loop *l)
{
    double ops = 0;
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        ops += (double)l->own.n[k];
    for (const lm_array_ref *a = l->array_refs; a; a = a->next)
        for (const lm_access *x = a->accesses; x; x = x->next)
            ops += (double)(x->reads + x->writes);
    return ops;
}

static void perf_eval_loop(perf_loop *pl, const lm_loop *l, const perf_chain *c,
                           const perf_trip_sums *sums, const machine *m,
                           perf_calls_memo *calls)
{
    pl->loop = l;
    pl->nlevels = c->n;
    double chance = 1;
    for (unsigned k = 0; k < c->n; k++)
        chance *= c->loop[k]->probability;
    pl->entries = sums->entries * chance;
    pl->executions = sums->executions * chance;
    pl->trip = llround(sums->mean);
    /* Work its calls added that the callees' nests count is theirs (perf_calls.c). */
    lm_fp_counts own;
    perf_calls_own(calls, l, &own);
    pl->adds = (double)(own.n[LM_FP_PLUS] + own.n[LM_FP_MINUS]) * pl->executions;
    pl->multiplies = (double)own.n[LM_FP_MULTIPLY] * pl->executions;
    pl->divides = (double)own.n[LM_FP_DIVIDE] * pl->executions;
    pl->specials = (double)own.n[LM_FP_SPECIAL] * pl->executions;
    perf_loop_chains(pl, l, c);
    pl->operations = perf_loop_operations(l);
    perf_loop_traffic(pl, c, m);
}

double perf_loop_weighted_flops(const perf_loop *pl, const machine *m)
{
    return pl->adds * m->weight_add + pl->multiplies * m->weight_multiply +
           pl->divides * m->weight_divide + pl->specials * m->weight_special;
}

static void perf_nest_totals(perf_nest *n, const machine *m)
{
    for (size_t i = 0; i < n->nloops; i++) {
        const perf_loop *pl = &n->loops[i];
        n->flops += pl->adds + pl->multiplies + pl->divides;
        n->specials += pl->specials;
        n->weighted_flops += perf_loop_weighted_flops(pl, m);
        n->bytes += pl->bytes;
        double ws = pl->nlevels ? pl->ws[pl->nlevels - 1] : 0;
        if (ws > n->working_set)
            n->working_set = ws;
    }
    for (size_t i = 0; i < n->nloops; i++)
        n->footprint += n->loops[i].footprint;
}

/* The machine's one memory bandwidth and peak, scaled to the cores used. */
static void perf_time_plain(perf_nest *n, const machine *m, unsigned cores)
{
    double share = m->cores ? (double)cores / m->cores : 1.0;
    n->compute_s = n->weighted_flops / (m->peak_gflops * 1e9 * share);
    n->memory_s = n->bytes / (m->memory_bandwidth_gbs * 1e9);
    n->runtime_s = n->compute_s > n->memory_s ? n->compute_s : n->memory_s;
    n->bottleneck = n->memory_s >= n->compute_s ? "memory" : "compute";
}

/* The chain of l (perf_chain_release it). */
static void perf_chain_of(const lm_loop *l, perf_chain *c)
{
    c->n = l->depth;
    c->loop = mem_alloc(c->n * sizeof *c->loop);
    c->trip = mem_alloc(c->n * sizeof *c->trip);
    c->held = mem_alloc(c->n * sizeof *c->held);
    unsigned k = 0;
    for (const lm_loop *a = l; a && k < c->n; a = a->parent)
        c->loop[k++] = a;
    c->n = k;
}

static void perf_chain_release(perf_chain *c)
{
    free(c->loop);
    free(c->trip);
    free(c->held);
}

/* The mean and largest trips of l and its ancestors, which came before it in the nest. */
static void perf_chain_trips(const perf_trips *trips, perf_chain *c)
{
    for (unsigned k = 0; k < c->n; k++) {
        perf_trip_sums s = {0};
        perf_trips_sums_of(trips, c->loop[k], &s);
        c->trip[k] = s.mean;
        c->held[k] = (double)s.max;
    }
}

/* Whether a loop enclosing l in nest n did not run: then l did not either. */
static bool perf_ancestor_not_run(const perf_nest *n, const lm_loop *l)
{
    for (const lm_loop *a = l->parent; a; a = a->parent)
        for (size_t i = 0; i < n->nloops; i++)
            if (n->loops[i].loop == a && n->loops[i].did_not_run)
                return true;
    return false;
}

static perf_loop *perf_nest_add_loop(perf_nest *n, size_t *cap)
{
    if (n->nloops == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        n->loops = mem_realloc(n->loops, *cap * sizeof *n->loops);
    }
    perf_loop *pl = &n->loops[n->nloops++];
    memset(pl, 0, sizeof *pl);
    return pl;
}

/* Whether a loop of the nest shares its iterations out among threads (an OpenMP `for`
 * directive: its XML's omp=). */
static bool perf_nest_worksharing(const lm_loop *top)
{
    for (const lm_loop *l = top; l && (l == top || l->depth > top->depth);
         l = lm_loop_next_preorder(l))
        if (l->omp & LM_OMP_FOR)
            return true;
    return false;
}

/* A nest some loop of which has no known count: none of its numbers is known, so it
 * keeps no loop and counts in no total; its reason says why. */
static void perf_nest_unpredicted(perf_nest *n)
{
    for (size_t i = 0; i < n->nloops; i++)
        free(n->loops[i].ws);
    free(n->loops);
    n->loops = NULL;
    n->nloops = 0;
    n->bottleneck = PERF_UNPREDICTED;
    perf_incore_release(&n->incore);
    n->incore = (perf_incore){0};
}

/* The loops of one nest in source order, each after its ancestors. */
static void perf_eval_nest(perf_nest *n, const lm_loop *top, const machine *m, perf_run *t)
{
    n->top = top;
    t->nest = n;
    size_t cap = 0;
    perf_trips *trips = perf_trips_create(t->b);
    for (const lm_loop *l = top; l && (l == top || l->depth > top->depth);
         l = lm_loop_next_preorder(l)) {
        perf_trip_sums sums;
        bool not_run = perf_ancestor_not_run(n, l) || perf_measured_not_run(l, t);
        if (not_run) {
            perf_trips_given(trips, l, 0, &sums);
        } else if (!perf_trip_count(l, t, trips, &sums)) {
            continue;
        }
        perf_chain c;
        perf_chain_of(l, &c);
        perf_chain_trips(trips, &c);
        perf_loop *pl = perf_nest_add_loop(n, &cap);
        perf_eval_loop(pl, l, &c, &sums, m, t->calls);
        pl->did_not_run = not_run;
        /* Data a loop that did not run never touched holds no cache. */
        if (not_run) {
            for (unsigned k = 0; k < pl->nlevels; k++)
                pl->ws[k] = 0;
            pl->footprint = 0;
        }
        perf_chain_release(&c);
    }
    perf_trips_free(&trips);
    /* A nest that did not run costs nothing in that run, not even its barriers: the timing
     * models are not asked. */
    n->did_not_run = n->nloops > 0 && n->loops[0].loop == top && n->loops[0].did_not_run;
    if (n->did_not_run) {
        n->bottleneck = PERF_DID_NOT_RUN;
        return;
    }
    if (n->unpredicted) {
        perf_nest_unpredicted(n);
        return;
    }
    perf_nest_totals(n, m);
    /* -cores puts every nest on its cores; else a worksharing nest runs on all the
     * machine's and sequential code on one, with no barrier. */
    n->worksharing = perf_nest_worksharing(top);
    n->cores = t->cores_given || n->worksharing ? t->cores : 1;
    if (!perf_incore_nest(n, m, t->opt, &t->mca_said))
        t->failed = true;
    if (m->benchmarks.present)
        perf_time_nest(n, m, t->model, n->cores, &t->warned);
    else
        perf_time_plain(n, m, n->cores);
}

/* The bottleneck of the nest that takes the most time, or of the plain
 * model's totals. */
static const char *perf_total_bottleneck(const perf_result *r)
{
    const perf_nest *slowest = NULL;
    for (size_t i = 0; i < r->nnests; i++)
        if (r->nests[i].nlevels && (!slowest || r->nests[i].runtime_s > slowest->runtime_s))
            slowest = &r->nests[i];
    if (slowest)
        return slowest->bottleneck;
    return r->memory_s >= r->compute_s ? "memory" : "compute";
}

/* The times a measurement says the loop `top` was entered, for perf_calls_runs. */
static bool perf_measured_entries(const void *ctx, const lm_loop *top, unsigned long long *entries)
{
    unsigned long long iterations;
    bool have_iterations;
    return perf_loop_measured(ctx, top, entries, &iterations, &have_iterations);
}

/* A nest whose function is called from a nest with no prediction: how often it runs is not
 * known, so neither is any of its totals. */
static void perf_runs_unknown(void *ctx, perf_nest *n, const lm_call *call, const lm_loop *in)
{
    perf_run *t = ctx;
    t->nest = n;
    perf_unpredictable(t, n->top,
                       "how often this nest runs is not known: its function is called at "
                       "line %u inside the nest at %s:%u, which has no prediction; give that "
                       "nest's counts, or a measurement of this loop's entries",
                       call->line, in->loc.file, in->loc.line);
    perf_nest_unpredicted(n);
}

/* The program's totals, of the predicted nests at their runs. */
static void perf_result_totals(perf_result *out)
{
    for (size_t i = 0; i < out->nnests; i++) {
        const perf_nest *n = &out->nests[i];
        if (!n->unpredicted)
            out->npredicted++;
        out->flops += n->flops;
        out->weighted_flops += n->weighted_flops;
        out->specials += n->specials;
        out->bytes += n->bytes;
        out->compute_s += n->compute_s;
        out->memory_s += n->memory_s;
        out->runtime_s += n->runtime_s;
        if (n->working_set > out->working_set)
            out->working_set = n->working_set;
    }
}

bool perf_evaluate(const lm_program *p, const machine *m, const perf_options *opt,
                   perf_result *out)
{
    perf_run t = {opt->bindings, opt->measured, opt->measured_ctx, opt->model, 0, false,
                  opt->cores != 0, opt->say, perf_calls_memo_create(p), NULL, false, opt, false};
    t.cores = opt->cores ? opt->cores : m->cores ? m->cores : 1;
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    out->nloops = p->nloops;
    out->nest_of = mem_alloc((p->nloops ? p->nloops : 1) * sizeof *out->nest_of);
    for (size_t i = 0; i < p->nloops; i++)
        out->nest_of[i] = SIZE_MAX;
    for (const lm_file *f = p->files; f; f = f->next) {
        for (const lm_function *fn = f->functions; fn; fn = fn->next) {
            for (const lm_loop *top = fn->loops; top; top = top->next) {
                if (out->nnests == cap) {
                    cap = cap ? 2 * cap : 8;
                    out->nests = mem_realloc(out->nests, cap * sizeof *out->nests);
                }
                out->nest_of[top->index] = out->nnests;
                perf_nest *n = &out->nests[out->nnests++];
                memset(n, 0, sizeof *n);
                perf_eval_nest(n, top, m, &t);
            }
        }
    }
    perf_calls_runs(p, out, &(perf_calls_measure){perf_measured_entries, &t}, perf_runs_unknown,
                    &t);
    perf_result_totals(out);
    perf_calls_memo_free(&t.calls);
    out->bottleneck = perf_total_bottleneck(out);
    out->model = t.model;
    out->cores = t.cores;
    out->cores_given = t.cores_given;
    return !t.failed;
}

bool perf_options_parse(const char *model, long long cores, perf_options *out)
{
    *out = (perf_options){.model = PERF_ROOFLINE, .cores = (unsigned)cores};
    if (model && !strcmp(model, "ecm")) {
        out->model = PERF_ECM;
    } else if (model && strcmp(model, "roofline") != 0) {
        diag_tool(DIAG_ERROR, "-model %s: the models are roofline and ecm", model);
        return false;
    }
    return true;
}

const char *perf_compile_command(const char *given, const machine *m)
{
    if (given)
        return strcmp(given, "off") ? given : NULL;
    return m ? m->compile : NULL;
}

int perf_options_check(const perf_options *opt, const machine *m, const char *machine_file)
{
    if (opt->model == PERF_ECM && !m->benchmarks.present) {
        diag_tool(DIAG_ERROR, "%s: -model ecm needs the machine's \"benchmarks\" table "
                              "(perfmodel -calibrate measures one)", machine_file);
        return 1;
    }
    if (opt->cores && m->cores && opt->cores > m->cores) {
        diag_tool(DIAG_ERROR, "-cores %u: the machine has %u", opt->cores, m->cores);
        return 2;
    }
    return 0;
}

void perf_result_release(perf_result *r)
{
    for (size_t i = 0; i < r->nnests; i++) {
        for (size_t k = 0; k < r->nests[i].nloops; k++)
            free(r->nests[i].loops[k].ws);
        free(r->nests[i].loops);
        free(r->nests[i].unpredicted);
        perf_incore_release(&r->nests[i].incore);
    }
    free(r->nests);
    free(r->nest_of);
    memset(r, 0, sizeof *r);
}

const perf_nest *perf_nest_of(const perf_result *r, const lm_loop *l)
{
    if (!r || l->index >= r->nloops || r->nest_of[l->index] == SIZE_MAX)
        return NULL;
    return &r->nests[r->nest_of[l->index]];
}

double perf_intensity(double flops, double bytes)
{
    return bytes > 0 ? flops / bytes : 0;
}
