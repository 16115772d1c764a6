/* Whole-program totals: how often each nest runs, following the calls.
 *
 * The model evaluates each nest for one entry (perf.c).  A program runs a
 * nest as often as the function that holds it is called, and a loop that
 * calls a function of the program already counts, in its own FP operations,
 * one execution of the callee's body (the analyzer follows calls, README.md
 * "Calls and annotation files").  So:
 *
 *   - Runs.  A function no call site of the program calls (main, a library
 *     entry, a function called only through pointers) runs once.  Any other
 *     runs, over its call sites s in callers h,  sum C(h) * E(s),  where E(s)
 *     is the executions of the loop around s in one run of its nest (1 at
 *     function level), and C(h) the runs of h's nest (of h at function
 *     level).  Functions are taken callers first (the call graph without its
 *     recursive calls is acyclic); a recursive call adds nothing, so a cycle
 *     is counted once from outside it.  A nest with a measurement of its
 *     outermost loop runs as often as that measurement says it was entered,
 *     whatever the call graph says.  A call site in a nest the model could
 *     not predict leaves the callee's runs unknown: its nests without a
 *     measurement are unpredicted too, saying where the call is.
 *
 *   - No work twice.  A caller's loop keeps, of what a call added to it, only
 *     the part no nest counts: the callee's operations outside its loops, less
 *     what its own function-level calls added there, plus those callees' part
 *     of the same kind (perf_calls_kept), since the callees' nests count their
 *     loops at their own runs.  A call of a function not in the program (libm,
 *     an annotated one) keeps all it added: no nest counts it elsewhere.
 *
 * Scaling a nest evaluated for one entry to its runs multiplies every count,
 * byte and second of it and of its loops (perf_calls_scale); working sets,
 * streams, trips and rates stay. */
#include "perf_calls.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "strbuf.h"

/* ---- what a caller's loop keeps of a call ---- */

/* The program's functions by address, with what a call of each keeps: computed once a
 * function (a diamond of function-level calls would otherwise repeat its sides), and a
 * cycle the recursive flag missed (XML that names no callee twice alike) adds nothing
 * the second time round. */
struct perf_calls_memo {
    const lm_function **fns;
    lm_fp_counts *kept;
    unsigned char *state; /* 0: not yet, 1: being computed, 2: done */
    size_t n;
};

static int perf_calls_by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const lm_function *const *)a;
    uintptr_t y = (uintptr_t) * (const lm_function *const *)b;
    return (x > y) - (x < y);
}

/* The program's functions sorted by address, for lookups; *n of them. */
static const lm_function **perf_calls_functions(const lm_program *p, size_t *n)
{
    *n = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            (*n)++;
    const lm_function **fns = mem_alloc((*n ? *n : 1) * sizeof *fns);
    size_t i = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            fns[i++] = fn;
    qsort(fns, *n, sizeof *fns, perf_calls_by_address);
    return fns;
}

/* fn's position in sorted fns, or SIZE_MAX. */
static size_t perf_calls_position(const lm_function **fns, size_t n, const lm_function *fn)
{
    const lm_function **hit = bsearch(&fn, fns, n, sizeof *fns, perf_calls_by_address);
    return hit ? (size_t)(hit - fns) : SIZE_MAX;
}

perf_calls_memo *perf_calls_memo_create(const lm_program *p)
{
    perf_calls_memo *m = mem_alloc(sizeof *m);
    m->fns = perf_calls_functions(p, &m->n);
    m->kept = mem_alloc((m->n ? m->n : 1) * sizeof *m->kept);
    m->state = mem_alloc(m->n ? m->n : 1);
    memset(m->state, 0, m->n ? m->n : 1);
    return m;
}

void perf_calls_memo_free(perf_calls_memo **m)
{
    if (!*m)
        return;
    free((*m)->fns);
    free((*m)->kept);
    free((*m)->state);
    free(*m);
    *m = NULL;
}

static const lm_fp_counts perf_calls_nothing;

/* What a call of f keeps where it is made (perf_calls.h). */
static const lm_fp_counts *perf_calls_kept(perf_calls_memo *m, const lm_function *f)
{
    size_t at = perf_calls_position(m->fns, m->n, f);
    if (at == SIZE_MAX || m->state[at] == 1)
        return &perf_calls_nothing;
    if (m->state[at] == 2)
        return &m->kept[at];
    m->state[at] = 1;
    long long n[LM_FP_NCLASSES];
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        n[k] = (long long)f->own.n[k];
    for (const lm_call *c = f->calls; c; c = c->next) {
        if (c->loop || !c->callee || c->recursive || c->indirect)
            continue;
        const lm_fp_counts *inner = perf_calls_kept(m, c->callee);
        for (int k = 0; k < LM_FP_NCLASSES; k++)
            n[k] += (long long)inner->n[k] - (long long)c->added.n[k];
    }
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        m->kept[at].n[k] = n[k] > 0 ? (unsigned long)n[k] : 0;
    m->state[at] = 2;
    return &m->kept[at];
}

void perf_calls_own(perf_calls_memo *m, const lm_loop *l, lm_fp_counts *out)
{
    *out = l->own;
    if (!l->function)
        return;
    for (const lm_call *c = l->function->calls; c; c = c->next) {
        if (c->loop != l || !c->callee || c->recursive || c->indirect)
            continue;
        const lm_fp_counts *kept = perf_calls_kept(m, c->callee);
        for (int k = 0; k < LM_FP_NCLASSES; k++) {
            unsigned long off = c->added.n[k] > kept->n[k] ? c->added.n[k] - kept->n[k] : 0;
            out->n[k] = out->n[k] > off ? out->n[k] - off : 0;
        }
    }
}

/* ---- runs ---- */

/* The program's functions in order, and what is known of each one's runs. */
typedef struct perf_fn {
    const lm_function *fn;
    double runs;
    size_t pending;           /* callers' call sites not yet added */
    const lm_call *unknown;   /* a call site in an unpredicted nest, or NULL */
    const lm_loop *unknown_in; /* the top of that nest */
} perf_fn;

typedef struct perf_graph {
    perf_fn *fns; /* in the order of sorted */
    size_t n;
    const lm_function **sorted; /* by address, for lookups */
} perf_graph;

static perf_fn *perf_calls_find(const perf_graph *g, const lm_function *fn)
{
    size_t at = perf_calls_position(g->sorted, g->n, fn);
    return at == SIZE_MAX ? NULL : &g->fns[at];
}

/* Whether a call site counts toward its callee's runs. */
static bool perf_calls_edge(const lm_call *c)
{
    return c->callee && !c->recursive && !c->indirect;
}

static void perf_graph_build(const lm_program *p, perf_graph *g)
{
    g->sorted = perf_calls_functions(p, &g->n);
    g->fns = mem_alloc((g->n ? g->n : 1) * sizeof *g->fns);
    size_t i;
    for (i = 0; i < g->n; i++)
        g->fns[i] = (perf_fn){g->sorted[i], 0, 0, NULL, NULL};
    for (i = 0; i < g->n; i++)
        for (const lm_call *c = g->fns[i].fn->calls; c; c = c->next) {
            perf_fn *callee = perf_calls_edge(c) ? perf_calls_find(g, c->callee) : NULL;
            if (callee)
                callee->pending++;
        }
}

/* The executions, in the whole run, of the loop around call site c of function h (runs of
 * h at function level), from the nests evaluated for one entry; false when the nest has no
 * prediction (then *top is its outermost loop). */
static bool perf_calls_site_executions(const perf_result *r, const perf_fn *h, const lm_call *c,
                                       const double *nest_runs, double *out, const lm_loop **top)
{
    if (!c->loop) {
        *out = h->runs;
        return true;
    }
    const lm_loop *t = c->loop;
    while (t->parent)
        t = t->parent;
    *top = t;
    size_t i = t->index < r->nloops ? r->nest_of[t->index] : SIZE_MAX;
    if (i == SIZE_MAX)
        return false;
    const perf_nest *n = &r->nests[i];
    if (n->unpredicted)
        return false;
    *out = 0;
    for (size_t k = 0; k < n->nloops; k++)
        if (n->loops[k].loop == c->loop)
            *out = n->loops[k].executions * nest_runs[i];
    return true;
}

/* Callers first: a function whose callers' sites are all added has its runs; then its own
 * call sites add to their callees.  Functions left pending sit on a cycle only recursive
 * calls would close, which perf_calls_edge skips, so none is left. */
static void perf_graph_runs(const perf_result *r, perf_graph *g, double *nest_runs,
                            const bool *measured)
{
    size_t *queue = mem_alloc((g->n ? g->n : 1) * sizeof *queue);
    bool *queued = mem_alloc((g->n ? g->n : 1) * sizeof *queued);
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < g->n; i++) {
        queued[i] = !g->fns[i].pending;
        if (queued[i]) {
            g->fns[i].runs = 1;
            queue[tail++] = i;
        }
    }
    /* A cycle whose calls were not flagged recursive (a document that says no callee
     * twice alike) never frees its functions: each is taken with the runs it has. */
    for (size_t next = 0; head < tail || next < g->n;) {
        if (head == tail) {
            while (next < g->n && queued[next])
                next++;
            if (next == g->n)
                break;
            queued[next] = true;
            queue[tail++] = next;
            continue;
        }
        perf_fn *h = &g->fns[queue[head++]];
        /* Its nests' runs are known now: measured, or the function's. */
        for (const lm_loop *top = h->fn->loops; top; top = top->next) {
            size_t i = top->index < r->nloops ? r->nest_of[top->index] : SIZE_MAX;
            if (i != SIZE_MAX && !measured[i])
                nest_runs[i] = h->runs;
        }
        for (const lm_call *c = h->fn->calls; c; c = c->next) {
            perf_fn *callee = perf_calls_edge(c) ? perf_calls_find(g, c->callee) : NULL;
            if (!callee)
                continue;
            double e = 0;
            const lm_loop *top = NULL;
            if (h->unknown || !perf_calls_site_executions(r, h, c, nest_runs, &e, &top)) {
                if (!callee->unknown) {
                    callee->unknown = h->unknown ? h->unknown : c;
                    callee->unknown_in = h->unknown ? h->unknown_in : top;
                }
            } else {
                callee->runs += e;
            }
            size_t at = (size_t)(callee - g->fns);
            if (--callee->pending == 0 && !queued[at]) {
                queued[at] = true;
                queue[tail++] = at;
            }
        }
    }
    free(queued);
    free(queue);
}

/* Multiply everything that adds up over runs. */
static void perf_calls_scale(perf_nest *n, double runs)
{
    for (size_t k = 0; k < n->nloops; k++) {
        perf_loop *pl = &n->loops[k];
        pl->executions *= runs;
        pl->entries *= runs;
        pl->adds *= runs;
        pl->multiplies *= runs;
        pl->divides *= runs;
        pl->specials *= runs;
        pl->bytes *= runs;
        for (unsigned j = 0; j < PERF_MAX_LEVELS; j++)
            pl->level_bytes[j] *= runs;
        pl->chain_steps *= runs;
        pl->scalar_loads *= runs;
        pl->scalar_stores *= runs;
        pl->incore.cycles *= runs;
        pl->incore.load_store_cycles *= runs;
        pl->incore.remainder_iterations *= runs;
    }
    n->flops *= runs;
    n->weighted_flops *= runs;
    n->specials *= runs;
    n->bytes *= runs;
    n->compute_s *= runs;
    n->memory_s *= runs;
    n->runtime_s *= runs;
    for (unsigned j = 0; j < n->nlevels; j++) {
        n->levels[j].bytes *= runs;
        n->levels[j].seconds *= runs;
        n->levels[j].scalar_s *= runs;
    }
    n->ecm.overlapping_s *= runs;
    n->ecm.non_overlapping_s *= runs;
    n->ecm.single_core_s *= runs;
    n->barrier_s *= runs;
    n->barriers *= runs;
    n->incore.cycles *= runs;
    n->incore.load_store_cycles *= runs;
    n->incore.remainder_iterations *= runs;
    n->incore.seconds *= runs;
}

void perf_calls_runs(const lm_program *p, perf_result *r, const perf_calls_measure *measure,
                     perf_calls_unknown_fn unknown, void *ctx)
{
    perf_graph g;
    perf_graph_build(p, &g);
    /* A nest whose top was measured runs its measured entries; the others, 1 until their
     * function's runs are known. */
    double *nest_runs = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *nest_runs);
    bool *measured = mem_alloc((r->nnests ? r->nnests : 1) * sizeof *measured);
    for (size_t i = 0; i < r->nnests; i++) {
        unsigned long long entries;
        measured[i] = measure->entries &&
                      measure->entries(measure->ctx, r->nests[i].top, &entries);
        nest_runs[i] = measured[i] ? (double)entries : 1;
    }
    perf_graph_runs(r, &g, nest_runs, measured);
    for (size_t i = 0; i < r->nnests; i++) {
        perf_nest *n = &r->nests[i];
        if (n->unpredicted || n->did_not_run)
            continue; /* runs 0: nothing of it is counted */
        const perf_fn *f = perf_calls_find(&g, n->top->function);
        if (f && f->unknown && !measured[i]) {
            unknown(ctx, n, f->unknown, f->unknown_in);
            continue;
        }
        n->runs = nest_runs[i];
        perf_calls_scale(n, n->runs);
    }
    free(nest_runs);
    free(measured);
    free(g.fns);
    free(g.sorted);
}
