/* Building the ExaSAT detail of the loop model: the constructors behind the
 * lm_bounds/lm_scalar/lm_array_ref/... part of loop_model.h, and the tables
 * that name its enumerations. */
#include "loop_model.h"

#include <string.h>

#include "mem.h"

lm_scalar *lm_loop_add_scalar(lm_program *p, lm_loop *l, const char *name, const char *datatype)
{
    lm_scalar *s = arena_alloc(p->arena, sizeof *s);
    s->name = arena_strdup(p->arena, name);
    s->datatype = arena_strdup(p->arena, datatype);
    LM_APPEND(l->scalars, l->last_scalar, s);
    return s;
}

lm_scalar *lm_loop_find_scalar(const lm_loop *l, const char *name)
{
    for (lm_scalar *s = l->scalars; s; s = s->next)
        if (!strcmp(s->name, name))
            return s;
    return NULL;
}

void lm_ghost_init(lm_program *p, lm_ghost *g, unsigned ndims)
{
    g->ndims = ndims;
    g->neg = ndims ? arena_alloc(p->arena, ndims * sizeof *g->neg) : NULL;
    g->pos = ndims ? arena_alloc(p->arena, ndims * sizeof *g->pos) : NULL;
}

lm_array_ref *lm_loop_add_array_ref(lm_program *p, lm_loop *l, const char *name,
                                    const char *component, const char *datatype, unsigned ndims)
{
    lm_array_ref *a = arena_alloc(p->arena, sizeof *a);
    a->name = arena_strdup(p->arena, name);
    a->component = arena_strdup(p->arena, component ? component : "");
    a->datatype = arena_strdup(p->arena, datatype);
    lm_ghost_init(p, &a->ghost, ndims);
    LM_APPEND(l->array_refs, l->last_array_ref, a);
    return a;
}

lm_array_ref *lm_loop_find_array_ref(const lm_loop *l, const char *name)
{
    for (lm_array_ref *a = l->array_refs; a; a = a->next)
        if (!strcmp(a->name, name))
            return a;
    return NULL;
}

lm_access *lm_array_ref_add_access(lm_program *p, lm_array_ref *a, unsigned ndims, unsigned norder)
{
    lm_access *x = arena_alloc(p->arena, sizeof *x);
    x->ndims = ndims;
    x->norder = norder;
    x->index = ndims ? arena_alloc(p->arena, ndims * sizeof *x->index) : NULL;
    x->order = norder ? arena_alloc(p->arena, norder * sizeof *x->order) : NULL;
    x->relative = true;
    LM_APPEND(a->accesses, a->last_access, x);
    return x;
}

long *lm_access_add_scale(lm_program *p, const lm_access *x)
{
    long *scale = arena_alloc(p->arena, (x->ndims ? x->ndims : 1) * sizeof *scale);
    for (unsigned d = 0; d < x->ndims; d++)
        scale[d] = 1;
    return scale;
}

void lm_function_add_var(lm_program *p, lm_function *fn, bool local, const char *name)
{
    lm_var *v = arena_alloc(p->arena, sizeof *v);
    v->name = arena_strdup(p->arena, name);
    if (local)
        LM_APPEND(fn->locals, fn->last_local, v);
    else
        LM_APPEND(fn->nonlocals, fn->last_nonlocal, v);
}

bool lm_function_has_var(const lm_function *fn, bool local, const char *name)
{
    for (const lm_var *v = local ? fn->locals : fn->nonlocals; v; v = v->next)
        if (!strcmp(v->name, name))
            return true;
    return false;
}

lm_call *lm_function_add_call(lm_program *p, lm_function *fn, lm_loop *loop, unsigned line,
                              const char *name)
{
    lm_call *c = arena_alloc(p->arena, sizeof *c);
    c->line = line;
    c->name = arena_strdup(p->arena, name);
    c->loop = loop;
    LM_APPEND(fn->calls, fn->last_call, c);
    return c;
}

/* Append s to a vector of strings in the arena (the old one is left there:
 * argument and parameter lists are short). */
static void lm_strings_push(lm_program *p, const char ***v, size_t *n, const char *s)
{
    const char **grown = arena_alloc(p->arena, (*n + 1) * sizeof *grown);
    if (*n)
        memcpy(grown, *v, *n * sizeof *grown);
    grown[(*n)++] = arena_strdup(p->arena, s);
    *v = grown;
}

void lm_call_add_arg(lm_program *p, lm_call *c, const char *text)
{
    lm_strings_push(p, &c->args, &c->nargs, text);
}

void lm_function_add_param(lm_program *p, lm_function *fn, const char *name)
{
    lm_strings_push(p, &fn->params, &fn->nparams, name);
}

lm_comm *lm_function_add_comm(lm_program *p, lm_function *fn, unsigned line,
                              const char *commtype, const char *interface)
{
    lm_comm *c = arena_alloc(p->arena, sizeof *c);
    c->line = line;
    c->commtype = arena_strdup(p->arena, commtype);
    c->interface = arena_strdup(p->arena, interface);
    LM_APPEND(fn->comms, fn->last_comm, c);
    return c;
}

lm_comm_var *lm_comm_add_var(lm_program *p, lm_comm *c, bool is_array, const char *name,
                             const char *datatype)
{
    lm_comm_var *v = arena_alloc(p->arena, sizeof *v);
    v->is_array = is_array;
    v->name = arena_strdup(p->arena, name);
    v->datatype = arena_strdup(p->arena, datatype);
    v->components = 1;
    LM_APPEND(c->vars, c->last_var, v);
    return v;
}

const char *lm_access_type_name(lm_access_type t)
{
    static const char *const names[] = {
        [LM_READONLY] = "readonly",
        [LM_WRITEONLY] = "writeonly",
        [LM_READWRITE] = "readwrite",
    };
    return (unsigned)t < sizeof names / sizeof *names ? names[t] : "readwrite";
}

const char *lm_pin_field_name(lm_pin_field f)
{
    static const char *const names[LM_PIN_NFIELDS] = {
        [LM_PIN_ENTRIES] = "entries",         [LM_PIN_ITERS] = "iters",
        [LM_PIN_OPS] = "ops",                 [LM_PIN_READS] = "reads",
        [LM_PIN_WRITES] = "writes",           [LM_PIN_BYTEREADS] = "bytereads",
        [LM_PIN_BYTEWRITES] = "bytewrites",   [LM_PIN_UNIQUEREADS] = "uniquereads",
        [LM_PIN_UNIQUEWRITES] = "uniquewrites", [LM_PIN_ADDS] = "adds",
        [LM_PIN_SUBS] = "subs",               [LM_PIN_MULS] = "muls",
        [LM_PIN_DIVS] = "divs",               [LM_PIN_SPECIALS] = "specials",
        [LM_PIN_CACHEHITS] = "cachehits",     [LM_PIN_CACHEMISSES] = "cachemisses",
    };
    return (unsigned)f < LM_PIN_NFIELDS ? names[f] : "";
}

static const struct {
    unsigned omp;
    const char *name;
} lm_omp_names[] = {
    {LM_OMP_FOR, "for"},
    {LM_OMP_FOR | LM_OMP_NOWAIT, "for nowait"},
    {LM_OMP_FOR | LM_OMP_PARALLEL, "parallel for"},
    {LM_OMP_FOR | LM_OMP_PARALLEL | LM_OMP_NOWAIT, "parallel for nowait"},
};

const char *lm_omp_name(unsigned omp)
{
    for (size_t i = 0; i < sizeof lm_omp_names / sizeof *lm_omp_names; i++)
        if (lm_omp_names[i].omp == omp)
            return lm_omp_names[i].name;
    return NULL;
}

unsigned lm_omp_parse(const char *name)
{
    for (size_t i = 0; name && i < sizeof lm_omp_names / sizeof *lm_omp_names; i++)
        if (!strcmp(lm_omp_names[i].name, name))
            return lm_omp_names[i].omp;
    return 0;
}

unsigned long lm_datatype_size(const char *datatype)
{
    static const struct {
        const char *name;
        unsigned long size;
    } sizes[] = {
        {"char", 1},         {"signed char", 1},        {"unsigned char", 1},
        {"_Bool", 1},        {"bool", 1},               {"short", 2},
        {"unsigned short", 2}, {"int", 4},              {"unsigned int", 4},
        {"unsigned", 4},     {"long", 8},               {"unsigned long", 8},
        {"long long", 8},    {"unsigned long long", 8}, {"float", 4},
        {"double", 8},       {"long double", 16},       {"size_t", 8},
        {"int32_t", 4},      {"int64_t", 8},            {"uint32_t", 4},
        {"uint64_t", 8},     {"real", 8},               {"integer", 4},
    };
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        if (!strcmp(sizes[i].name, datatype))
            return sizes[i].size;
    return 0;
}
