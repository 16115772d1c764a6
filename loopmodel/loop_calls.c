/* The call graph of a finished program: each call's callee among the
 * program's functions and whether it closes a cycle (recursion).
 *
 * Callees are found by name through a sorted index, one of the caller's own
 * file first (a static function there), else the first of that name in
 * program order.  Cycles are the strongly connected components of the graph
 * (Tarjan's algorithm over the resolved calls): a call is recursive when its
 * callee lies in its caller's component, itself included. */
#include "loop_model.h"

#include <stdlib.h>
#include <string.h>

#include "mem.h"

typedef struct lc_entry {
    const char *name;
    lm_function *fn;
    const lm_file *file;
    size_t order; /* position in program order: the first of a name wins */
} lc_entry;

typedef struct lc_graph {
    lc_entry *by_name;  /* sorted by name, then order */
    lm_function **fns;  /* program order */
    size_t n;
    /* Tarjan's bookkeeping, by a function's position in program order. */
    size_t *index, *low, *component, *stack;
    bool *on_stack;
    size_t next_index, depth, ncomponents;
} lc_graph;

static int lc_by_name(const void *a, const void *b)
{
    const lc_entry *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

static lm_function *lc_lookup(const lc_graph *g, const char *name, const lm_file *file)
{
    size_t lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(g->by_name[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    lm_function *first = NULL;
    for (size_t i = lo; i < g->n && !strcmp(g->by_name[i].name, name); i++) {
        if (g->by_name[i].file == file)
            return g->by_name[i].fn;
        if (!first)
            first = g->by_name[i].fn;
    }
    return first;
}

/* Program order of fn, found through its name's entries. */
static size_t lc_position(const lc_graph *g, const lm_function *fn)
{
    size_t lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(g->by_name[mid].name, fn->name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    while (g->by_name[lo].fn != fn)
        lo++;
    return g->by_name[lo].order;
}

static void lc_connect(lc_graph *g, size_t v)
{
    g->index[v] = g->low[v] = ++g->next_index;
    g->stack[g->depth++] = v;
    g->on_stack[v] = true;
    for (const lm_call *c = g->fns[v]->calls; c; c = c->next) {
        if (!c->callee)
            continue;
        size_t w = lc_position(g, c->callee);
        if (!g->index[w]) {
            lc_connect(g, w);
            if (g->low[w] < g->low[v])
                g->low[v] = g->low[w];
        } else if (g->on_stack[w] && g->index[w] < g->low[v]) {
            g->low[v] = g->index[w];
        }
    }
    if (g->low[v] != g->index[v])
        return;
    size_t w;
    do {
        w = g->stack[--g->depth];
        g->on_stack[w] = false;
        g->component[w] = g->ncomponents;
    } while (w != v);
    g->ncomponents++;
}

void lm_program_link_calls(lm_program *p)
{
    lc_graph g = {0};
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            g.n++;
    if (!g.n)
        return;
    g.by_name = mem_alloc(g.n * sizeof *g.by_name);
    g.fns = mem_alloc(g.n * sizeof *g.fns);
    size_t k = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (lm_function *fn = f->functions; fn; fn = fn->next, k++) {
            g.by_name[k] = (lc_entry){fn->name, fn, f, k};
            g.fns[k] = fn;
        }
    qsort(g.by_name, g.n, sizeof *g.by_name, lc_by_name);
    for (const lm_file *f = p->files; f; f = f->next)
        for (lm_function *fn = f->functions; fn; fn = fn->next)
            for (lm_call *c = fn->calls; c; c = c->next)
                c->callee = c->indirect ? NULL : lc_lookup(&g, c->name, f);
    g.index = mem_alloc(g.n * sizeof *g.index);
    g.low = mem_alloc(g.n * sizeof *g.low);
    g.component = mem_alloc(g.n * sizeof *g.component);
    g.stack = mem_alloc(g.n * sizeof *g.stack);
    g.on_stack = mem_alloc(g.n * sizeof *g.on_stack);
    for (size_t v = 0; v < g.n; v++)
        if (!g.index[v])
            lc_connect(&g, v);
    for (size_t v = 0; v < g.n; v++)
        for (lm_call *c = g.fns[v]->calls; c; c = c->next)
            c->recursive = c->callee && g.component[lc_position(&g, c->callee)] == g.component[v];
    free(g.by_name);
    free(g.fns);
    free(g.index);
    free(g.low);
    free(g.component);
    free(g.stack);
    free(g.on_stack);
}
