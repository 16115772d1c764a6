/* perf_trips: exact iteration counts of loops whose bounds name the variables of the
 * loops around them.
 *
 * A loop L at the end of a chain of levels 0 (the nest's outermost) .. d-1 (L) starts
 * once for every execution of its parent's body and runs, each time, its trip
 * max(0, floor((upper - lower) / stride) + 1) (upper inclusive; with a negative stride
 * (lower - upper) / -stride), the bounds evaluated at the current values of the
 * enclosing loops' variables.  So L's entries are its parent's executions, and its
 * executions are the sum of its trip over the points of levels 0 .. d-2.
 *
 * The shape of a bound (bexpr_affine): which enclosing variables it names, and whether
 * it is affine in them, c0 + sum of c_k * v_k with integer c (`i`, `i + b`, `n - i`,
 * `2 * (n - i) - 1`).  A loop whose three bounds are affine with a constant stride is
 * "affine"; one whose bounds name no enclosing variable is rectangular.
 *
 * The sum, by walking levels 0 .. d-2 from the outside in:
 *  - rectangular L: entries times its one trip, nothing walked (the rectangle);
 *  - a level whose variable no deeper bound of the chain names contributes its trip as
 *    a factor (a rectangular level outside a triangle costs nothing to walk);
 *  - the parent P of an affine L closes in a few integer steps: along P's values
 *    x_t = lo_P + t * s_P (t = 0 .. T-1) L's span is A + B t, so its trip is
 *    max(0, floor((C + B t) / m)) with m = |stride| and C = A + m; the t where that is
 *    positive are one interval (the clamp, as for `k = i; k < n - i` once i > n/2), found
 *    by one division, and over it the sum of floor((C + B t) / m) is the count of lattice
 *    points under a line, which Euclid's reduction gives in O(log) steps (pt_floor_sum;
 *    with m = 1, Faulhaber's arithmetic series).  A 3-deep simplex walks its outermost
 *    level only: n steps, under a millisecond at n = 4000;
 *  - any other level with a named variable is enumerated, value by value.
 * Counts are exact integers (128 bits inside a closed form, a long double of 64-bit
 * mantissa across the walk: exact below 2^64 iterations).
 *
 * A bound that is not affine (`nk + (dir == 2)`, `i * i`, `n / i`), or a stride that
 * depends on a variable, is evaluated at every point of the levels around the loop: at
 * most PERF_TRIPS_WALK_MAX of them (its entries); beyond that it is unevaluated, with
 * the variable named, and the caller asks for its iterations by name or measurement, as
 * it does where such a bound does not evaluate at one of those points (`j < f(i)`, f(4)
 * not bound).
 * The enumeration of an affine loop's outer levels has the same cap.  A bound that names
 * the variable of a loop whose values are not known (a loop without bounds, or with
 * iterations given) is unevaluated too. */
#include "perf_trips.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"

__extension__ typedef __int128 pt_i128;

enum { PT_LOWER, PT_UPPER, PT_STRIDE, PT_NBOUNDS };

static const char *const pt_bound_name[PT_NBOUNDS] = {"lowerbound", "upperbound", "stride"};

typedef enum pt_kind {
    PT_GIVEN,  /* iterations per entry given; the variable's values unknown */
    PT_AFFINE, /* affine bounds, a constant stride */
    PT_WALK,   /* evaluated at each point of the levels around it */
} pt_kind;

/* One loop of the nest as the sums see it. */
typedef struct pt_level {
    const lm_loop *loop;
    pt_kind kind;
    long long given;
    unsigned depth;              /* levels around it */
    unsigned *named, nnamed;     /* the levels around it that its bounds name, outermost first */
    long long *coef[PT_NBOUNDS]; /* PT_AFFINE: c0, then the coefficient of each named level */
    perf_trip_sums sums;
} pt_level;

/* Sparse, so that a nest thousands of loops deep costs no square of its depth a loop. */
struct perf_trips {
    const bexpr_bindings *b;
    pt_level *levels;
    size_t n, cap;
    /* by depth - 1: the index in levels of the last loop added at that depth, which in
     * preorder is an ancestor of the loop being added */
    size_t *path;
    unsigned npath;
};

perf_trips *perf_trips_create(const bexpr_bindings *b)
{
    perf_trips *t = mem_alloc(sizeof *t);
    t->b = b;
    return t;
}

static void pt_level_release(pt_level *lv)
{
    free(lv->named);
    for (int k = 0; k < PT_NBOUNDS; k++)
        free(lv->coef[k]);
}

void perf_trips_free(perf_trips **t)
{
    if (!t || !*t)
        return;
    for (size_t i = 0; i < (*t)->n; i++)
        pt_level_release(&(*t)->levels[i]);
    free((*t)->levels);
    free((*t)->path);
    free(*t);
    *t = NULL;
}

static const pt_level *pt_find(const perf_trips *t, const lm_loop *l)
{
    if (l->depth > 0 && l->depth <= t->npath && t->levels[t->path[l->depth - 1]].loop == l)
        return &t->levels[t->path[l->depth - 1]];
    for (size_t i = t->n; i > 0; i--)
        if (t->levels[i - 1].loop == l)
            return &t->levels[i - 1];
    return NULL;
}

bool perf_trips_sums_of(const perf_trips *t, const lm_loop *l, perf_trip_sums *out)
{
    const pt_level *lv = pt_find(t, l);
    if (lv)
        *out = lv->sums;
    return lv != NULL;
}

static pt_level *pt_add(perf_trips *t, pt_level *lv)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 8;
        t->levels = mem_realloc(t->levels, t->cap * sizeof *t->levels);
    }
    t->levels[t->n] = *lv;
    unsigned depth = lv->loop->depth;
    if (depth > t->npath) {
        t->path = mem_realloc(t->path, depth * sizeof *t->path);
        t->npath = depth;
    }
    if (depth > 0)
        t->path[depth - 1] = t->n;
    return &t->levels[t->n++];
}

/* The times l starts: its parent's executions, once for a loop of the nest's top. */
static double pt_entries(const perf_trips *t, const lm_loop *l)
{
    const pt_level *parent = l->parent ? pt_find(t, l->parent) : NULL;
    return parent ? parent->sums.executions : 1;
}

double perf_trips_entries(const perf_trips *t, const lm_loop *l)
{
    return pt_entries(t, l);
}

void perf_trips_given(perf_trips *t, const lm_loop *l, double trip, perf_trip_sums *out)
{
    /* A mean from a measurement need not be whole: the executions keep it exact, the
     * walks (which never name a given loop's variable) its nearest whole number. */
    pt_level lv = {.loop = l, .kind = PT_GIVEN, .given = llround(trip)};
    lv.sums.entries = pt_entries(t, l);
    lv.sums.executions = lv.sums.entries * trip;
    lv.sums.mean = trip;
    lv.sums.max = (long long)ceil(trip);
    *out = pt_add(t, &lv)->sums;
}

/* ---- a chain and its walk ---- */

/* The levels around a loop and the loop itself, outermost first, with the variables'
 * names and current values. */
typedef struct pt_walk {
    const pt_level **chain;
    const char **names;
    long long *values;
    bool *deeper_names; /* by level: some deeper level of the chain names its variable */
    unsigned d;
    const bexpr_bindings *b;
    long double executions;
    long long max;
    double steps;       /* values enumerated */
    bool failed, over;  /* an error reported; more than PERF_TRIPS_WALK_MAX steps */
    /* The loop's own bound did not evaluate at a point (f(i), f unknown there): why says
     * where, for the caller to ask for its iterations instead. */
    bool unevaluated;
    strbuf *why;
} pt_walk;

/* C's floor and ceiling of a / b, b > 0. */
static pt_i128 pt_floor_div(pt_i128 a, pt_i128 b)
{
    pt_i128 q = a / b;
    return q * b > a ? q - 1 : q;
}

static pt_i128 pt_ceil_div(pt_i128 a, pt_i128 b)
{
    return -pt_floor_div(-a, b);
}

/* The sum over i = 0 .. n-1 of floor((a * i + b) / m), for a, b >= 0 and m > 0: the
 * lattice points under a line.  The whole parts of a/m and b/m give an arithmetic series
 * each; what remains (a, b < m) is the same count read by columns of the mirrored line,
 * with m and a exchanged, so the loop ends in O(log m) steps as Euclid's does. */
static pt_i128 pt_floor_sum(pt_i128 n, pt_i128 m, pt_i128 a, pt_i128 b)
{
    if (m == 1) /* unit strides: the arithmetic series alone, without a division */
        return a * (n * (n - 1) / 2) + b * n;
    pt_i128 sum = 0;
    while (n > 0) {
        sum += (a / m) * (n * (n - 1) / 2) + (b / m) * n;
        a %= m;
        b %= m;
        pt_i128 top = a * n + b;
        if (top < m)
            break;
        n = top / m;
        b = top % m;
        pt_i128 swap = m;
        m = a;
        a = swap;
    }
    return sum;
}

/* An affine bound's value at the current values of the levels around it. */
static pt_i128 pt_affine_value(const pt_walk *w, const pt_level *lv, int bound)
{
    const long long *c = lv->coef[bound];
    pt_i128 v = c[0];
    for (unsigned q = 0; q < lv->nnamed; q++)
        v += (pt_i128)c[q + 1] * w->values[lv->named[q]];
    return v;
}

/* A bound of level k that does not evaluate at the current values: the loop's own is
 * unevaluated there (with the values in why), a level around it a failure (why says which). */
static void pt_error(pt_walk *w, unsigned k, int bound, const char *text, const char *message)
{
    const lm_loop *l = w->chain[k]->loop;
    if (k + 1 < w->d) {
        strbuf_printf(w->why, "%s '%s' of the loop at line %u around it: %s",
                      pt_bound_name[bound], text, l->loc.line, message);
        w->failed = true;
        return;
    }
    strbuf_printf(w->why, "%s '%s' at", pt_bound_name[bound], text);
    const pt_level *own = w->chain[k];
    for (unsigned q = 0; q < own->nnamed; q++)
        strbuf_printf(w->why, "%s %s = %lld", q ? "," : "", w->names[own->named[q]],
                      w->values[own->named[q]]);
    strbuf_printf(w->why, ": %s; bind it, or ", message);
    w->unevaluated = true;
}

/* Iterations from the bounds: 0 when already crossed. */
static pt_i128 pt_trip_of(pt_i128 lo, pt_i128 hi, pt_i128 stride)
{
    pt_i128 span = stride > 0 ? hi - lo : lo - hi;
    pt_i128 step = stride > 0 ? stride : -stride;
    return span < 0 ? 0 : span / step + 1;
}

static void pt_stride_zero(pt_walk *w, const lm_loop *l)
{
    if (l == w->chain[w->d - 1]->loop)
        strbuf_append(w->why, "the loop's stride is 0: it never ends");
    else
        strbuf_printf(w->why, "the stride of the loop at line %u around it is 0: it never ends",
                      l->loc.line);
    w->failed = true;
}

/* Level k's first value, step and trip at the current values of the levels around it;
 * false after an error (reported). */
static bool pt_range(pt_walk *w, unsigned k, pt_i128 *lo, pt_i128 *stride, pt_i128 *trip)
{
    const pt_level *lv = w->chain[k];
    if (lv->kind == PT_GIVEN) {
        *lo = *stride = 0;
        *trip = lv->given;
        return true;
    }
    pt_i128 v[PT_NBOUNDS];
    if (lv->kind == PT_AFFINE) {
        for (int j = 0; j < PT_NBOUNDS; j++)
            v[j] = pt_affine_value(w, lv, j);
    } else {
        const lm_bounds *bd = &lv->loop->bounds;
        const char *text[PT_NBOUNDS] = {bd->lower, bd->upper, bd->stride};
        bexpr_vars vars = {w->names, w->values, k};
        for (int j = 0; j < PT_NBOUNDS; j++) {
            bexpr_result r = bexpr_eval_vars(text[j], w->b, &vars);
            if (!r.ok) {
                pt_error(w, k, j, text[j], r.message);
                return false;
            }
            v[j] = r.value;
        }
    }
    if (v[PT_STRIDE] == 0) {
        pt_stride_zero(w, lv->loop);
        return false;
    }
    *lo = v[PT_LOWER];
    *stride = v[PT_STRIDE];
    *trip = pt_trip_of(v[PT_LOWER], v[PT_UPPER], v[PT_STRIDE]);
    return true;
}

static void pt_count(pt_walk *w, long double weight, pt_i128 sum, pt_i128 max)
{
    w->executions += weight * (long double)sum;
    if (max > w->max)
        w->max = (long long)max;
}

/* The affine loop L (level d-1) summed along all values of its parent (level d-2) at
 * once, weight times (see the top of the file). */
static void pt_close(pt_walk *w, long double weight)
{
    unsigned p = w->d - 2;
    const pt_level *l = w->chain[w->d - 1];
    if (l->coef[PT_STRIDE][0] == 0) {
        pt_stride_zero(w, l->loop);
        return;
    }
    pt_i128 lo_p, s_p, n_p;
    if (!pt_range(w, p, &lo_p, &s_p, &n_p) || n_p == 0)
        return;
    w->values[p] = 0;
    pt_i128 lo = pt_affine_value(w, l, PT_LOWER), hi = pt_affine_value(w, l, PT_UPPER);
    /* p, the deepest level L can name, is the last it names */
    pt_i128 a = l->coef[PT_LOWER][l->nnamed], b = l->coef[PT_UPPER][l->nnamed];
    pt_i128 stride = l->coef[PT_STRIDE][0];
    pt_i128 m = stride > 0 ? stride : -stride;
    /* span(x) = e0 + e1 * x, x = lo_p + s_p * t */
    pt_i128 e0 = stride > 0 ? hi - lo : lo - hi, e1 = stride > 0 ? b - a : a - b;
    pt_i128 c = e0 + e1 * lo_p + m, slope = e1 * s_p;
    pt_i128 t0 = 0, t1 = n_p - 1;
    if (slope > 0)
        t0 = pt_ceil_div(m - c, slope) > 0 ? pt_ceil_div(m - c, slope) : 0;
    else if (slope < 0 && pt_floor_div(c - m, -slope) < t1)
        t1 = pt_floor_div(c - m, -slope);
    else if (slope == 0 && c < m)
        return;
    if (t0 > t1)
        return;
    pt_i128 sum = slope >= 0 ? pt_floor_sum(t1 - t0 + 1, m, slope, c + slope * t0)
                             : pt_floor_sum(t1 - t0 + 1, m, -slope, c + slope * t1);
    pt_i128 top = slope >= 0 ? c + slope * t1 : c + slope * t0;
    pt_count(w, weight, sum, top / m);
}

static void pt_walk_level(pt_walk *w, unsigned k, long double weight)
{
    if (w->failed || w->over || w->unevaluated)
        return;
    pt_i128 lo, stride, trip;
    if (k == w->d - 1) {
        if (pt_range(w, k, &lo, &stride, &trip))
            pt_count(w, weight, trip, trip);
        return;
    }
    const pt_level *l = w->chain[w->d - 1];
    if (w->deeper_names[k] && k == w->d - 2 && l->kind == PT_AFFINE) {
        pt_close(w, weight);
        return;
    }
    if (!pt_range(w, k, &lo, &stride, &trip) || trip == 0)
        return;
    if (!w->deeper_names[k]) {
        pt_walk_level(w, k + 1, weight * (long double)trip);
        return;
    }
    for (pt_i128 t = 0; t < trip && !w->failed && !w->over && !w->unevaluated; t++) {
        if (++w->steps > PERF_TRIPS_WALK_MAX) {
            w->over = true;
            return;
        }
        w->values[k] = (long long)(lo + t * stride);
        pt_walk_level(w, k + 1, weight);
    }
}

/* ---- a loop's bounds ---- */

/* The chain of l: the levels of the loops around it (all added before), and l's own. */
static bool pt_chain(const perf_trips *t, const lm_loop *l, pt_level *own, pt_walk *w)
{
    w->d = l->depth;
    w->chain = mem_alloc(w->d * sizeof *w->chain);
    w->names = mem_alloc(w->d * sizeof *w->names);
    w->values = mem_alloc(w->d * sizeof *w->values);
    w->deeper_names = mem_alloc(w->d * sizeof *w->deeper_names);
    unsigned k = w->d;
    w->chain[--k] = own;
    for (const lm_loop *a = l->parent; a && k > 0; a = a->parent) {
        w->chain[--k] = pt_find(t, a);
        if (!w->chain[k])
            return false;
    }
    w->b = t->b;
    /* a level whose values are not known still hides a parameter of its name */
    for (k = 0; k < w->d; k++)
        w->names[k] = w->chain[k]->loop->bounds.loopvar;
    return true;
}

static void pt_walk_release(pt_walk *w)
{
    free(w->chain);
    free(w->names);
    free(w->values);
    free(w->deeper_names);
}

/* The loop of l's function, not around l, whose variable is name; NULL when none is. */
static const lm_loop *pt_other_loop_of(const lm_loop *l, const char *name)
{
    for (const lm_loop *o = l->function ? l->function->loops : NULL; o;
         o = lm_loop_next_preorder(o)) {
        bool around = false;
        for (const lm_loop *a = l->parent; a && !around; a = a->parent)
            around = a == o;
        if (!around && o != l && o->bounds.loopvar && !strcmp(o->bounds.loopvar, name))
            return o;
    }
    return NULL;
}

/* Why a bound does not evaluate: the evaluator's message, but a name left unbound that is
 * the variable of another loop of the function (its value after that loop: `j < i` after
 * the i loop) is said to be that, not a parameter. */
static void pt_unbound_why(const lm_loop *l, const char *message, strbuf *why)
{
    static const char unbound[] = "unbound parameter '";
    const char *name = !strncmp(message, unbound, sizeof unbound - 1)
                           ? message + sizeof unbound - 1 : NULL;
    const char *end = name ? strrchr(name, '\'') : NULL;
    char *var = NULL;
    if (end) {
        var = mem_alloc((size_t)(end - name) + 1);
        memcpy(var, name, (size_t)(end - name));
    }
    const lm_loop *o = var ? pt_other_loop_of(l, var) : NULL;
    if (o)
        strbuf_printf(why, "'%s' is the variable of the loop at %s:%u, which does not enclose "
                      "this one", var, o->loc.file, o->loc.line);
    else
        strbuf_append(why, message);
    free(var);
}

/* own's named levels (those any[k] marks) and, from the dense coefficients of each bound
 * (c0, then one per level around it), the sparse ones of its named levels. */
static void pt_compress(pt_level *own, const bool *any, long long *const *dense)
{
    own->named = mem_alloc((own->depth ? own->depth : 1) * sizeof *own->named);
    for (unsigned k = 0; k < own->depth; k++)
        if (any[k])
            own->named[own->nnamed++] = k;
    for (int j = 0; j < PT_NBOUNDS; j++) {
        own->coef[j] = mem_alloc((own->nnamed + 1) * sizeof *own->coef[j]);
        own->coef[j][0] = dense[j][0];
        for (unsigned q = 0; q < own->nnamed; q++)
            own->coef[j][q + 1] = dense[j][own->named[q] + 1];
    }
}

/* Why a bound that names the variable of a loop whose iterations are given cannot be
 * evaluated; false when it names none. */
static bool pt_names_unknown(const pt_walk *w, const bool *named, unsigned n, int bound,
                             const char *text, strbuf *why)
{
    for (unsigned k = 0; k < n; k++)
        if (named[k] && w->chain[k]->kind == PT_GIVEN) {
            const lm_loop *a = w->chain[k]->loop;
            strbuf_printf(why, "%s '%s' names '%s', the variable of the loop at %s:%u, whose "
                          "values are not known (its iterations are given); ",
                          pt_bound_name[bound], text, w->names[k], a->loc.file, a->loc.line);
            return true;
        }
    return false;
}

/* The shape of each of l's bounds over the variables around it, into own; false with why
 * when one does not evaluate or names a loop whose values are not known. */
static bool pt_shape(const perf_trips *t, const lm_loop *l, pt_level *own, const pt_walk *w,
                     strbuf *why)
{
    const char *text[PT_NBOUNDS] = {l->bounds.lower, l->bounds.upper, l->bounds.stride};
    unsigned n = own->depth;
    bexpr_vars vars = {w->names, NULL, n};
    bool *named = mem_alloc((n ? n : 1) * sizeof *named);
    bool *any = mem_alloc((n ? n : 1) * sizeof *any);
    long long *dense[PT_NBOUNDS];
    bool ok = true, affine = true;
    for (int j = 0; j < PT_NBOUNDS; j++)
        dense[j] = mem_alloc((n + 1) * sizeof *dense[j]);
    for (int j = 0; j < PT_NBOUNDS && ok; j++) {
        bexpr_result r = bexpr_affine(text[j], t->b, &vars, named, dense[j]);
        bool names = false;
        for (unsigned k = 0; k < n; k++) {
            any[k] |= named[k];
            names |= named[k];
        }
        ok = !pt_names_unknown(w, named, n, j, text[j], why);
        if (ok && !r.ok) {
            strbuf_printf(why, "%s '%s': ", pt_bound_name[j], text[j]);
            pt_unbound_why(l, r.message, why);
            strbuf_append(why, "; bind it, or ");
            ok = false;
        }
        affine &= r.affine && (j != PT_STRIDE || !names);
    }
    if (ok)
        pt_compress(own, any, dense);
    for (int j = 0; j < PT_NBOUNDS; j++)
        free(dense[j]);
    free(any);
    free(named);
    own->kind = affine ? PT_AFFINE : PT_WALK;
    return ok;
}

/* The enclosing variables that l's bounds name, for messages: "'i'", "'i', 'j'". */
static void pt_named_list(const pt_level *own, const pt_walk *w, strbuf *out)
{
    for (unsigned q = 0; q < own->nnamed; q++)
        strbuf_printf(out, "%s'%s'", out->len ? ", " : "", w->names[own->named[q]]);
}

/* l's sums over the walk of the levels around it (see the top of the file). */
static perf_trips_status pt_sum(pt_level *own, pt_walk *w, strbuf *why)
{
    w->why = why;
    if (own->nnamed == 0) {
        /* the rectangle: one trip, whatever the values around it */
        pt_i128 lo, stride, trip;
        if (!pt_range(w, w->d - 1, &lo, &stride, &trip))
            return PERF_TRIPS_FAILED;
        own->sums.executions = own->sums.entries * (double)trip;
        own->sums.mean = (double)trip;
        own->sums.max = (long long)trip;
        return PERF_TRIPS_SUMMED;
    }
    for (unsigned j = 0; j < w->d; j++)
        for (unsigned q = 0; q < w->chain[j]->nnamed; q++)
            w->deeper_names[w->chain[j]->named[q]] = true;
    if (own->kind == PT_WALK && own->sums.entries > PERF_TRIPS_WALK_MAX) {
        strbuf vars = STRBUF_INIT;
        pt_named_list(own, w, &vars);
        strbuf_printf(why, "its bounds depend on %s in no affine way, and the loops around "
                      "it run %.17g times, more than the %.0f walked to evaluate them; ",
                      vars.len ? strbuf_cstr(&vars) : "a loop variable", own->sums.entries,
                      PERF_TRIPS_WALK_MAX);
        strbuf_release(&vars);
        return PERF_TRIPS_UNEVALUATED;
    }
    pt_walk_level(w, 0, 1);
    if (w->failed)
        return PERF_TRIPS_FAILED;
    if (w->unevaluated)
        return PERF_TRIPS_UNEVALUATED;
    if (w->over) {
        strbuf vars = STRBUF_INIT;
        pt_named_list(own, w, &vars);
        strbuf_printf(why, "summing its bounds over %s would walk more than %.0f iterations "
                      "of the loops around it; ", strbuf_cstr(&vars), PERF_TRIPS_WALK_MAX);
        strbuf_release(&vars);
        return PERF_TRIPS_UNEVALUATED;
    }
    own->sums.executions = (double)w->executions;
    own->sums.max = w->max;
    own->sums.mean = own->sums.entries > 0 ? own->sums.executions / own->sums.entries : 0;
    return PERF_TRIPS_SUMMED;
}

perf_trips_status perf_trips_sum(perf_trips *t, const lm_loop *l, perf_trip_sums *out,
                                 strbuf *why)
{
    const lm_bounds *bd = &l->bounds;
    if (!bd->lower || !bd->upper || !bd->stride) {
        strbuf_append(why, "the loop has no bounds: ");
        return PERF_TRIPS_UNEVALUATED;
    }
    pt_level own = {.loop = l, .depth = l->depth ? l->depth - 1 : 0};
    own.sums.entries = pt_entries(t, l);
    pt_walk w = {0};
    perf_trips_status status = PERF_TRIPS_FAILED;
    if (pt_chain(t, l, &own, &w)) {
        if (!pt_shape(t, l, &own, &w, why))
            status = PERF_TRIPS_UNEVALUATED;
        else
            status = pt_sum(&own, &w, why);
    }
    pt_walk_release(&w);
    if (status != PERF_TRIPS_SUMMED) {
        pt_level_release(&own);
        return status;
    }
    *out = pt_add(t, &own)->sums;
    return status;
}

/* ---- bindings of loop variables ---- */

/* Whether some bound of p outside the loops whose variable is name reads name: there
 * it is a parameter. */
static bool pt_read_as_parameter(const lm_program *p, const char *name)
{
    const char *names[1] = {name};
    bexpr_vars vars = {names, NULL, 1};
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                bool inside = false;
                for (const lm_loop *a = l->parent; a && !inside; a = a->parent)
                    inside = a->bounds.loopvar && !strcmp(a->bounds.loopvar, name);
                const char *text[PT_NBOUNDS] = {l->bounds.lower, l->bounds.upper,
                                                l->bounds.stride};
                for (int j = 0; j < PT_NBOUNDS && !inside; j++) {
                    bool named = false;
                    long long coef[2];
                    if (text[j])
                        bexpr_affine(text[j], NULL, &vars, &named, coef);
                    if (named)
                        return true;
                }
            }
    return false;
}

/* The first loop of p whose variable is name, or NULL. */
static const lm_loop *pt_first_loop_of(const lm_program *p, const char *name)
{
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
                if (l->bounds.loopvar && !strcmp(l->bounds.loopvar, name))
                    return l;
    return NULL;
}

bool perf_trips_check_bindings(const lm_program *p, const bexpr_bindings *b, const char *option)
{
    bool ok = true;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                const char *v = l->bounds.loopvar;
                long long value;
                if (!v || pt_first_loop_of(p, v) != l || !bexpr_bindings_get(b, v, &value) ||
                    pt_read_as_parameter(p, v))
                    continue;
                diag_tool(DIAG_ERROR, "%s %s=%lld: '%s' is the variable of the loop at %s:%u, "
                          "not a parameter: its bounds give its values", option, v, value, v,
                          l->loc.file, l->loc.line);
                ok = false;
            }
    return ok;
}
