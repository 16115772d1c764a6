/* chips_eval: evaluating a loaded program to seconds (issue 15, "Objects
 * and linking" and "Evaluation"; chips/README.md has the formulas).
 *
 * Every evaluation returns a ce_flow: how control leaves it.  Errors are
 * reported where they happen and travel up as CEF_ERROR; `exit;` travels up
 * as CEF_EXIT and ends the point without a time. */
#include "chips_object.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chips.h"
#include "chips_ast.h"
#include "chips_lex.h"
#include "chips_vct.h"
#include "diag.h"
#include "machine.h"
#include "mem.h"
#include "replay.h"

typedef enum ce_flow {
    CEF_NEXT,
    CEF_BREAK,
    CEF_CONTINUE,
    CEF_RETURN,
    CEF_EXIT,
    CEF_ERROR,
} ce_flow;

typedef struct ce_frame {
    co_object *obj;
    const chips_proc *proc; /* NULL: the object's own scope (declarations, links, options) */
    co_value *locals;       /* the parameters, then the locals */
    unsigned loops;         /* whiles entered, for break and continue */
    co_value ret;
} ce_frame;

typedef struct ce_msg {
    double bytes;
    double src, dst;
} ce_msg;

enum { CE_DEV_NONE, CE_DEV_CPU, CE_DEV_INPCOM, CE_DEV_DISK, CE_NDEVICES };

/* The devices a step uses, and what a confdev in one takes. */
static const struct ce_device {
    const char *name;
    size_t min_args, max_args;
    const char *takes;
} ce_devices[CE_NDEVICES] = {
    [CE_DEV_CPU] = {"cpu", 1, 1, "one argument, the time"},
    [CE_DEV_INPCOM] = {"inpcom", 3, 3, "three arguments: bytes, source, destination"},
    [CE_DEV_DISK] = {"disk", 1, 2, "one or two arguments: bytes, and seeks (default 1)"},
};

typedef struct ce_eval {
    chips_program *p;
    const chips_hardware *hw;
    unsigned depth;
    double *stage; /* the stage being summed, NULL outside a partmp */
    int device;    /* of the step being configured */
    bool debug_steps; /* the partmp being evaluated has option debug = 1 */
    double cpu;    /* the time of a cpu or disk step so far */
    ce_msg *msgs;
    size_t nmsgs, capmsgs;
    const chips_vtype *syms; /* of the resource vector whose element is being evaluated */
    unsigned nesting; /* expressions and statements being evaluated, all calls together */
} ce_eval;

static ce_flow ce_expr(ce_eval *ev, ce_frame *f, const chips_expr *e, co_value *out);
static ce_flow ce_object_time(ce_eval *ev, ce_frame *f, co_object *t, chips_pos pos, double *time);
static ce_flow ce_exec_list(ce_eval *ev, ce_frame *f, chips_stmt *const *body, size_t n);
static ce_flow ce_exec(ce_eval *ev, ce_frame *f, const chips_stmt *s);
static ce_flow ce_cflow_list(ce_eval *ev, ce_frame *f, chips_stmt *const *body, size_t n,
                             double *time);

static ce_flow ce_vfail(const chips_ast *ast, chips_pos pos, const char *fmt, va_list ap)
{
    diag_vat(DIAG_ERROR, ast->file, pos.line, pos.col, fmt, ap);
    return CEF_ERROR;
}

/* An error at pos of o's file, or of the file ast (a link sets an option in
 * another object's file). */
static ce_flow ce_fail(const co_object *o, chips_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static ce_flow ce_fail_in(const chips_ast *ast, chips_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static ce_flow ce_fail(const co_object *o, chips_pos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ce_flow fl = ce_vfail(o->ast, pos, fmt, ap);
    va_end(ap);
    return fl;
}

static ce_flow ce_fail_in(const chips_ast *ast, chips_pos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ce_flow fl = ce_vfail(ast, pos, fmt, ap);
    va_end(ap);
    return fl;
}

/* ---- names ---------------------------------------------------------------- */

/* A variable visible in f: its slot and declaration (NULL for a parameter). */
static co_value *ce_lookup(ce_frame *f, const char *name, const chips_decl **decl)
{
    *decl = NULL;
    if (f->proc) {
        const chips_proc *pr = f->proc;
        for (size_t i = 0; i < pr->nparams; i++)
            if (!strcmp(pr->params[i], name))
                return &f->locals[i];
        for (size_t i = 0; i < pr->nlocals; i++)
            if (!strcmp(pr->locals[i].name, name)) {
                *decl = &pr->locals[i];
                return &f->locals[pr->nparams + i];
            }
    }
    int v = co_var_index(f->obj, name);
    if (v < 0)
        return NULL;
    *decl = &f->obj->ast->vars[v];
    return &f->obj->vals[v];
}

static const chips_proc *ce_find_proc(const co_object *o, const char *name)
{
    for (size_t i = 0; i < o->ast->nprocs; i++)
        if (!strcmp(o->ast->procs[i].name, name))
            return &o->ast->procs[i];
    return NULL;
}

static co_object *ce_find_included(const co_object *o, const char *name)
{
    for (size_t i = 0; i < o->ast->nincludes; i++)
        if (!strcmp(o->incs[i]->ast->name, name))
            return o->incs[i];
    return NULL;
}

/* Stores v into slot, declared as decl (NULL: a numeric parameter). */
static ce_flow ce_store(const co_object *o, chips_pos pos, const char *name,
                        const chips_decl *decl, co_value *slot, const co_value *v)
{
    chips_type type = decl ? decl->type : CHIPS_NUMERIC;
    bool fits = (type == CHIPS_NUMERIC && v->kind == CO_VAL_NUM) ||
                (type == CHIPS_VECTOR && v->kind == CO_VAL_COST) ||
                (type == CHIPS_STRING && v->kind == CO_VAL_STR);
    if (!fits)
        return ce_fail(o, pos, "'%s' is a %s variable: it cannot hold %s", name,
                       chips_type_name(type),
                       v->kind == CO_VAL_NUM   ? "a number"
                       : v->kind == CO_VAL_STR ? "a string"
                                               : "a resource vector");
    co_value_clear(slot);
    *slot = *v;
    return CEF_NEXT;
}

/* ---- procedures ----------------------------------------------------------- */

/* The value of e, which must be of kind `kind` (`what` in the message), as
 * its number: a number, or the seconds a resource vector costs. */
static ce_flow ce_scalar(ce_eval *ev, ce_frame *f, const chips_expr *e, co_value_kind kind,
                         const char *what, double *out)
{
    co_value v = {0};
    ce_flow fl = ce_expr(ev, f, e, &v);
    if (fl != CEF_NEXT)
        return fl;
    if (v.kind != kind) {
        ce_fail(f->obj, e->pos, "expected %s here", what);
        return CEF_ERROR;
    }
    *out = v.num;
    return CEF_NEXT;
}

static ce_flow ce_number(ce_eval *ev, ce_frame *f, const chips_expr *e, double *out)
{
    return ce_scalar(ev, f, e, CO_VAL_NUM, "a number", out);
}

static bool ce_is_data_constant(const chips_expr *e)
{
    return e->kind == CHE_VECTOR && e->name && !strcmp(e->name, "data");
}

/* `<is data, e1, ...>` into a vector variable: its elements, as `dim` and assignments to
 * v[i] would make them (the seed's data vectors). */
static ce_flow ce_data_constant(ce_eval *ev, ce_frame *f, chips_pos pos, const char *name,
                                const chips_decl *decl, co_value *slot, const chips_expr *e)
{
    if (!decl || decl->type != CHIPS_VECTOR)
        return ce_fail(f->obj, pos, "'%s' is a %s variable: it cannot hold a data vector", name,
                       chips_type_name(decl ? decl->type : CHIPS_NUMERIC));
    if (e->nargs > CHIPS_MAX_DIM)
        return ce_fail(f->obj, e->pos, "a vector of %zu elements (0 to %d)", e->nargs,
                       CHIPS_MAX_DIM);
    double *data = mem_alloc((e->nargs + 1) * sizeof *data);
    for (size_t i = 0; i < e->nargs; i++) {
        ce_flow fl = ce_number(ev, f, e->args[i], &data[i]);
        if (fl != CEF_NEXT) {
            free(data);
            return fl;
        }
    }
    co_value_clear(slot);
    *slot = (co_value){.kind = CO_VAL_DATA, .data = data, .n = e->nargs};
    return CEF_NEXT;
}

/* The value of e into slot, a variable declared as decl, at pos: what an assignment and
 * a declaration's initial value do. */
static ce_flow ce_assign_value(ce_eval *ev, ce_frame *f, chips_pos pos, const char *name,
                               const chips_decl *decl, co_value *slot, const chips_expr *e)
{
    if (ce_is_data_constant(e))
        return ce_data_constant(ev, f, pos, name, decl, slot, e);
    co_value v;
    ce_flow fl = ce_expr(ev, f, e, &v);
    if (fl != CEF_NEXT)
        return fl;
    return ce_store(f->obj, pos, name, decl, slot, &v);
}

static ce_flow ce_init_locals(ce_eval *ev, ce_frame *f)
{
    const chips_proc *pr = f->proc;
    for (size_t i = 0; i < pr->nlocals; i++) {
        const chips_decl *d = &pr->locals[i];
        if (!d->init)
            continue;
        ce_flow fl = ce_assign_value(ev, f, d->pos, d->name, d, &f->locals[pr->nparams + i],
                                     d->init);
        if (fl != CEF_NEXT)
            return fl;
    }
    return CEF_NEXT;
}

/* Calls pr of o with the arguments args (evaluated in caller); its value
 * into *result: a cflow's time, an exec's return (0 without one). */
static ce_flow ce_call(ce_eval *ev, ce_frame *caller, co_object *o, const chips_proc *pr,
                       chips_expr *const *args, size_t nargs, chips_pos pos, double *result)
{
    if (nargs != pr->nparams)
        return ce_fail(caller->obj, pos, "'%s' takes %zu argument%s, not %zu", pr->name,
                       pr->nparams, pr->nparams == 1 ? "" : "s", nargs);
    if (ev->depth >= CHIPS_MAX_CALL_DEPTH)
        return ce_fail(caller->obj, pos, "calls nested deeper than %d", CHIPS_MAX_CALL_DEPTH);
    ce_frame f = {o, pr, mem_alloc((pr->nparams + pr->nlocals + 1) * sizeof *f.locals), 0, {0}};
    ce_flow fl = CEF_NEXT;
    for (size_t i = 0; i < nargs && fl == CEF_NEXT; i++) {
        f.locals[i].kind = CO_VAL_NUM;
        fl = ce_number(ev, caller, args[i], &f.locals[i].num);
    }
    const chips_vtype *syms = ev->syms;
    ev->syms = NULL;
    ev->depth++;
    if (fl == CEF_NEXT)
        fl = ce_init_locals(ev, &f);
    *result = 0;
    if (fl == CEF_NEXT && pr->is_cflow)
        fl = ce_cflow_list(ev, &f, pr->body, pr->nbody, result);
    else if (fl == CEF_NEXT)
        fl = ce_exec_list(ev, &f, pr->body, pr->nbody);
    ev->depth--;
    ev->syms = syms;
    if (fl == CEF_RETURN) {
        fl = CEF_NEXT;
        if (f.ret.kind == CO_VAL_STR)
            fl = ce_fail(o, pr->pos, "'%s' returned a string, not a number", pr->name);
        else
            *result = f.ret.num;
    }
    for (size_t i = 0; i < pr->nparams + pr->nlocals; i++)
        co_value_clear(&f.locals[i]);
    free(f.locals);
    return fl;
}

/* ---- built-in functions (their table: chips_object.h) ---------------------- */

static ce_flow ce_apply_builtin(ce_eval *ev, ce_frame *f, const chips_expr *e,
                                const co_builtin *b, double *out)
{
    if ((b->nargs >= 0 && (size_t)b->nargs != e->nargs) || e->nargs == 0)
        return ce_fail(f->obj, e->pos, "'%s' takes %s argument%s", e->name,
                       b->nargs == 1 ? "one" : b->nargs == 2 ? "two" : "one or more",
                       b->nargs == 1 ? "" : "s");
    double x[2];
    for (size_t i = 0; i < e->nargs; i++) {
        double v;
        ce_flow fl = ce_number(ev, f, e->args[i], &v);
        if (fl != CEF_NEXT)
            return fl;
        if (i < 2)
            x[i] = v;
        if (i == 0)
            *out = v;
        else if (b->op == 'M' && v > *out)
            *out = v;
        else if (b->op == 'm' && v < *out)
            *out = v;
    }
    if ((b->fn1 == log || b->fn1 == co_log2) && x[0] <= 0)
        return ce_fail(f->obj, e->pos, "'%s' of %g, which is not positive", e->name, x[0]);
    if (b->fn1 == sqrt && x[0] < 0)
        return ce_fail(f->obj, e->pos, "'%s' of %g, which is negative", e->name, x[0]);
    if (b->fn1)
        *out = b->fn1(x[0]);
    else if (b->op == 'p')
        *out = pow(x[0], x[1]);
    if (!isfinite(*out))
        return ce_fail(f->obj, e->pos, "'%s' gives no finite number", e->name);
    return CEF_NEXT;
}

/* ---- resource vectors ------------------------------------------------------ */

static bool ce_symbol(const chips_vtype *t, const char *name, size_t *index)
{
    for (size_t i = 0; t && i < t->nsymbols; i++)
        if (!strcmp(t->symbols[i], name)) {
            *index = i;
            return true;
        }
    return false;
}

/* How many symbol factors e has: 0 or more, -1 when a symbol is not a
 * factor (3+add, add*add is 2). */
static int ce_symbol_factors(const chips_vtype *t, const chips_expr *e)
{
    size_t index;
    int a, b;
    switch (e->kind) {
    case CHE_NAME:
        return ce_symbol(t, e->name, &index) ? 1 : 0;
    case CHE_UNARY:
        return ce_symbol_factors(t, e->a);
    case CHE_BINARY:
        a = ce_symbol_factors(t, e->a);
        b = ce_symbol_factors(t, e->b);
        if (a < 0 || b < 0)
            return -1;
        if (e->op == '*')
            return a + b;
        if (e->op == '/')
            return b ? -1 : a;
        return a || b ? -1 : 0;
    case CHE_CALL:
    case CHE_VECTOR:
        for (size_t i = 0; i < e->nargs; i++)
            if (ce_symbol_factors(t, e->args[i]))
                return -1;
        return 0;
    case CHE_INDEX:
        return ce_symbol_factors(t, e->a) ? -1 : 0;
    default:
        return 0;
    }
}

/* Where the machine's costs of the built-in types are kept in chips_hardware
 * (has 0: every cost is given); names NULL: the type is numeric, its cost
 * the one "unit".  Any other type's costs are the user costs, and time's
 * unit is the second. */
static const struct ce_cost_class {
    const char *type;
    const char *const *names;
    size_t n;
    size_t costs, has;
} ce_cost_classes[] = {
    {"flop", machine_chips_flop_names, MACHINE_CHIPS_NFLOP, offsetof(chips_hardware, flop), 0},
    {"mem", machine_chips_mem_names, MACHINE_CHIPS_NMEM, offsetof(chips_hardware, mem), 0},
    {"hllc", machine_chips_hllc_names, MACHINE_CHIPS_NHLLC, offsetof(chips_hardware, hllc),
     offsetof(chips_hardware, has_hllc)},
    {"icc", NULL, 0, offsetof(chips_hardware, icc_unit), offsetof(chips_hardware, has_icc)},
};

/* The seconds a symbol of type (or its "unit") costs on hw; false when hw gives none. */
static bool ce_cost_of(const chips_hardware *hw, const char *type, const char *symbol,
                       double *cost)
{
    const char *base = (const char *)hw;
    if (!strcmp(type, "time")) {
        *cost = 1;
        return true;
    }
    for (size_t c = 0; c < sizeof ce_cost_classes / sizeof *ce_cost_classes; c++) {
        const struct ce_cost_class *k = &ce_cost_classes[c];
        if (strcmp(k->type, type))
            continue;
        for (size_t i = 0; i < (k->names ? k->n : 1); i++) {
            if (k->names && strcmp(k->names[i], symbol))
                continue;
            *cost = ((const double *)(base + k->costs))[i];
            return !k->has || ((const bool *)(base + k->has))[i];
        }
        return false;
    }
    for (size_t i = 0; i < hw->nuser; i++)
        if (!strcmp(hw->user[i].type, type) && !strcmp(hw->user[i].element, symbol)) {
            *cost = hw->user[i].seconds;
            return true;
        }
    return false;
}

/* An element of a vector of type t is what its kind says: a number, one
 * symbol, or a count times one symbol. */
static ce_flow ce_check_element(const co_object *o, const chips_vtype *t, const chips_expr *e)
{
    size_t index;
    if (t->kind == CHIPS_VK_SYMBOL && !(e->kind == CHE_NAME && ce_symbol(t, e->name, &index)))
        return ce_fail(o, e->pos, "each element of a %s vector is one of its symbols (%s%s)",
                       t->name, t->symbols[0], t->nsymbols > 1 ? ", ..." : "");
    if (t->kind == CHIPS_VK_COMBINATION && ce_symbol_factors(t, e) != 1)
        return ce_fail(o, e->pos, "each element of a %s vector is a count times one %s symbol "
                                  "(3*%s)", t->name, t->name, t->symbols[0]);
    return CEF_NEXT;
}

static ce_flow ce_vector(ce_eval *ev, ce_frame *f, const chips_expr *e, double *cost)
{
    *cost = 0;
    if (!e->name)
        return CEF_NEXT;
    if (ce_is_data_constant(e))
        return ce_fail(f->obj, e->pos, "a data vector <is data, ...> is the value of a vector "
                                       "variable, not a cost");
    /* the loader checked that the type exists and the number of elements */
    const chips_vtype *t = chips_vtypes_find(ev->p->vtypes, e->name);
    double unit = 1;
    if (t->kind == CHIPS_VK_NUMERIC && !ce_cost_of(ev->hw, t->name, "unit", &unit))
        return ce_fail(f->obj, e->pos, "the machine file gives no \"chips\" %s unit", t->name);
    for (size_t i = 0; i < e->nargs; i++) {
        if (ce_check_element(f->obj, t, e->args[i]) != CEF_NEXT)
            return CEF_ERROR;
        const chips_vtype *saved = ev->syms;
        ev->syms = t->kind == CHIPS_VK_NUMERIC ? NULL : t;
        double v;
        ce_flow fl = ce_number(ev, f, e->args[i], &v);
        ev->syms = saved;
        if (fl != CEF_NEXT)
            return fl;
        *cost += v;
    }
    *cost *= unit;
    return CEF_NEXT;
}

static ce_flow ce_cost(ce_eval *ev, ce_frame *f, const chips_expr *e, double *cost)
{
    return ce_scalar(ev, f, e, CO_VAL_COST, "a resource vector", cost);
}

/* ---- expressions ------------------------------------------------------------ */

static ce_flow ce_read(const co_object *o, chips_pos pos, const char *name, const co_value *slot,
                       co_value *out)
{
    if (slot->kind == CO_VAL_NONE)
        return ce_fail(o, pos, "'%s' has no value", name);
    if (slot->kind == CO_VAL_DATA)
        return ce_fail(o, pos, "'%s' is a data vector: read its elements, %s[i]", name, name);
    *out = *slot;
    return CEF_NEXT;
}

static ce_flow ce_name(ce_eval *ev, ce_frame *f, const chips_expr *e, co_value *out)
{
    size_t index;
    if (ev->syms && ce_symbol(ev->syms, e->name, &index)) {
        *out = (co_value){.kind = CO_VAL_NUM};
        if (!ce_cost_of(ev->hw, ev->syms->name, e->name, &out->num))
            return ce_fail(f->obj, e->pos, "the machine file gives no \"chips\" cost of %s %s",
                           ev->syms->name, e->name);
        return CEF_NEXT;
    }
    const chips_decl *decl;
    co_value *slot = ce_lookup(f, e->name, &decl);
    if (slot)
        return ce_read(f->obj, e->pos, e->name, slot, out);
    const chips_proc *pr = ce_find_proc(f->obj, e->name);
    co_object *inc = ce_find_included(f->obj, e->name);
    out->kind = CO_VAL_NUM;
    if (pr)
        return ce_call(ev, f, f->obj, pr, NULL, 0, e->pos, &out->num);
    if (inc)
        return ce_object_time(ev, f, inc, e->pos, &out->num);
    return ce_fail(f->obj, e->pos, "unknown name '%s'", e->name);
}

static ce_flow ce_member(ce_frame *f, const chips_expr *e, co_value *out)
{
    co_object *inc = ce_find_included(f->obj, e->name);
    if (!inc)
        return ce_fail(f->obj, e->pos, "'%s' is not an included object", e->name);
    int v = co_var_index(inc, e->member);
    if (v < 0 || !co_is_interface(&inc->ast->vars[v]))
        return ce_fail(f->obj, e->pos, "'%s' has no interface variable '%s'", e->name,
                       e->member);
    char full[160];
    snprintf(full, sizeof full, "%.70s.%.70s", e->name, e->member);
    return ce_read(f->obj, e->pos, full, &inc->vals[v], out);
}

/* The element slot of a data vector v[index]. */
static ce_flow ce_element(ce_eval *ev, ce_frame *f, const char *name, const chips_expr *index,
                          chips_pos pos, double **elem)
{
    const chips_decl *decl;
    co_value *slot = ce_lookup(f, name, &decl);
    if (!slot || slot->kind != CO_VAL_DATA)
        return ce_fail(f->obj, pos, "'%s' is not a data vector (dim it first)", name);
    double i;
    ce_flow fl = ce_number(ev, f, index, &i);
    if (fl != CEF_NEXT)
        return fl;
    if (i != floor(i) || i < 1 || i > (double)slot->n)
        return ce_fail(f->obj, index->pos, "index %g is outside %s[1..%zu]", i, name, slot->n);
    *elem = &slot->data[(size_t)i - 1];
    return CEF_NEXT;
}

static ce_flow ce_binary(ce_eval *ev, ce_frame *f, const chips_expr *e, double *out)
{
    double a, b;
    ce_flow fl = ce_number(ev, f, e->a, &a);
    if (fl == CEF_NEXT)
        fl = ce_number(ev, f, e->b, &b);
    if (fl != CEF_NEXT)
        return fl;
    switch (e->op) {
    case '+': *out = a + b; break;
    case '-': *out = a - b; break;
    case '*': *out = a * b; break;
    case '/':
        if (b == 0)
            return ce_fail(f->obj, e->pos, "division by zero");
        *out = a / b;
        break;
    case '<': *out = a < b; break;
    case '>': *out = a > b; break;
    case CHT_LE: *out = a <= b; break;
    case CHT_GE: *out = a >= b; break;
    case CHT_EQ: *out = a == b; break;
    default: *out = a != b; break;
    }
    if (!isfinite(*out))
        return ce_fail(f->obj, e->pos, "the result is too large for a number");
    return CEF_NEXT;
}

static ce_flow ce_expr_node(ce_eval *ev, ce_frame *f, const chips_expr *e, co_value *out)
{
    out->kind = CO_VAL_NUM;
    double *elem;
    ce_flow fl;
    switch (e->kind) {
    case CHE_NUM:
        out->num = e->num;
        if (!isfinite(out->num))
            return ce_fail(f->obj, e->pos, "the number is too large");
        return CEF_NEXT;
    case CHE_STR:
        out->kind = CO_VAL_STR;
        out->str = e->name;
        return CEF_NEXT;
    case CHE_NAME:
        return ce_name(ev, f, e, out);
    case CHE_MEMBER:
        return ce_member(f, e, out);
    case CHE_INDEX:
        fl = ce_element(ev, f, e->name, e->a, e->pos, &elem);
        if (fl == CEF_NEXT)
            out->num = *elem;
        return fl;
    case CHE_CALL: {
        const chips_proc *pr = ce_find_proc(f->obj, e->name);
        if (pr)
            return ce_call(ev, f, f->obj, pr, e->args, e->nargs, e->pos, &out->num);
        const co_builtin *b = co_find_builtin(e->name);
        if (!b)
            return ce_fail(f->obj, e->pos, "unknown procedure or function '%s'", e->name);
        return ce_apply_builtin(ev, f, e, b, &out->num);
    }
    case CHE_UNARY:
        fl = ce_number(ev, f, e->a, &out->num);
        if (e->op == '-')
            out->num = -out->num;
        return fl;
    case CHE_BINARY:
        return ce_binary(ev, f, e, &out->num);
    case CHE_VECTOR:
        out->kind = CO_VAL_COST;
        return ce_vector(ev, f, e, &out->num);
    }
    return CEF_ERROR;
}

/* Nesting is bounded as a whole, not only per call, so that deep
 * expressions in deep calls cannot exhaust the stack. */
static ce_flow ce_expr(ce_eval *ev, ce_frame *f, const chips_expr *e, co_value *out)
{
    memset(out, 0, sizeof *out);
    if (ev->nesting >= CHIPS_MAX_EVAL_NESTING)
        return ce_fail(f->obj, e->pos, "evaluation nested deeper than %d",
                       CHIPS_MAX_EVAL_NESTING);
    ev->nesting++;
    ce_flow fl = ce_expr_node(ev, f, e, out);
    ev->nesting--;
    return fl;
}

/* ---- devices --------------------------------------------------------------- */

static int ce_msg_cmp_src(const void *a, const void *b)
{
    const ce_msg *x = *(const ce_msg *const *)a, *y = *(const ce_msg *const *)b;
    if (x->src != y->src)
        return x->src < y->src ? -1 : 1;
    return x < y ? -1 : x > y;
}

static int ce_msg_cmp_dst(const void *a, const void *b)
{
    const ce_msg *x = *(const ce_msg *const *)a, *y = *(const ce_msg *const *)b;
    if (x->dst != y->dst)
        return x->dst < y->dst ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* The longest chain of one direction: the messages sorted by processor
 * (confdev order kept within one), each starting max(g, o+(k-1)G) after
 * the previous of its processor. */
static double ce_chain(const chips_hardware *hw, ce_msg **order, size_t n, bool by_src)
{
    double longest = 0, start = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (by_src ? order[i]->src != order[i - 1]->src
                             : order[i]->dst != order[i - 1]->dst))
            start = 0;
        double k = order[i]->bytes;
        double c = 2 * hw->o + hw->L + (fmax(k, 1) - 1) * hw->G;
        longest = fmax(longest, start + c);
        start += fmax(hw->g, hw->o + (k - 1) * hw->G);
    }
    return longest;
}

/* The step on a SIMON network: every message sent at once, in confdev
 * order, processor k as task k + 1; the step ends when the last arrives. */
static bool ce_network_time(ce_eval *ev, double *seconds)
{
    simon_replay_msg *m = mem_alloc(ev->nmsgs * sizeof *m);
    for (size_t i = 0; i < ev->nmsgs; i++)
        m[i] = (simon_replay_msg){(int)ev->msgs[i].src + 1, (int)ev->msgs[i].dst + 1,
                                  (size_t)ceil(ev->msgs[i].bytes), 0};
    int64_t last;
    bool ok = simon_replay(ev->hw->network, m, ev->nmsgs, &last);
    free(m);
    *seconds = (double)last * 1e-9;
    return ok;
}

static double ce_inpcom_time(ce_eval *ev)
{
    if (!ev->nmsgs)
        return 0;
    ce_msg **order = mem_alloc(ev->nmsgs * sizeof *order);
    for (size_t i = 0; i < ev->nmsgs; i++)
        order[i] = &ev->msgs[i];
    qsort(order, ev->nmsgs, sizeof *order, ce_msg_cmp_src);
    double sends = ce_chain(ev->hw, order, ev->nmsgs, true);
    qsort(order, ev->nmsgs, sizeof *order, ce_msg_cmp_dst);
    double receives = ce_chain(ev->hw, order, ev->nmsgs, false);
    free(order);
    return fmax(sends, receives);
}

/* A disk transfer: its seeks, then its bytes (README: `step disk`). */
static ce_flow ce_disk_transfer(ce_eval *ev, ce_frame *f, const chips_stmt *s, const double *v)
{
    if (!ev->hw->has_disk)
        return ce_fail(f->obj, s->pos, "the machine file gives no \"chips\" disk costs");
    double seeks = s->nargs > 1 ? v[1] : 1;
    if (seeks < 0 || seeks != floor(seeks))
        return ce_fail(f->obj, s->args[1]->pos, "%g seeks: a whole number >= 0", seeks);
    ev->cpu += seeks * ev->hw->disk_seek + v[0] * ev->hw->disk_byte;
    return CEF_NEXT;
}

static ce_flow ce_confdev(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    double v[3];
    const struct ce_device *d = &ce_devices[ev->device];
    if (s->nargs < d->min_args || s->nargs > d->max_args)
        return ce_fail(f->obj, s->pos, "confdev of %s takes %s", d->name, d->takes);
    for (size_t i = 0; i < s->nargs; i++) {
        ce_flow fl = ce_number(ev, f, s->args[i], &v[i]);
        if (fl != CEF_NEXT)
            return fl;
    }
    if (v[0] < 0)
        return ce_fail(f->obj, s->args[0]->pos, "confdev of %g: it must be >= 0", v[0]);
    if (ev->device != CE_DEV_CPU && v[0] != floor(v[0]))
        return ce_fail(f->obj, s->args[0]->pos,
                       "confdev of %.15g bytes: a %s is a whole number of bytes", v[0],
                       ev->device == CE_DEV_DISK ? "transfer" : "message");
    if (ev->device == CE_DEV_CPU) {
        ev->cpu += v[0];
        return CEF_NEXT;
    }
    if (ev->device == CE_DEV_DISK)
        return ce_disk_transfer(ev, f, s, v);
    if (!ev->hw->has_inpcom && !ev->hw->network)
        return ce_fail(f->obj, s->pos, "the machine file gives no \"chips\" inpcom parameters "
                                       "(nor is there a -network)");
    /* hardware.Nproc as linked, which may differ from the machine's */
    const co_value *nproc = &ev->p->hardware->vals[0];
    double n = nproc->kind == CO_VAL_NUM ? nproc->num : ev->hw->nproc;
    for (size_t i = 1; i < 3; i++)
        if (v[i] != floor(v[i]) || v[i] < 0 || v[i] >= n)
            return ce_fail(f->obj, s->args[i]->pos,
                           "processor %g is not one of 0 to hardware.Nproc - 1 (%g)", v[i],
                           n - 1);
    if (ev->nmsgs >= CHIPS_MAX_MESSAGES)
        return ce_fail(f->obj, s->pos, "more than %d messages in one step", CHIPS_MAX_MESSAGES);
    if (ev->nmsgs == ev->capmsgs) {
        ev->capmsgs = ev->capmsgs ? 2 * ev->capmsgs : 16;
        ev->msgs = mem_realloc(ev->msgs, ev->capmsgs * sizeof *ev->msgs);
    }
    ev->msgs[ev->nmsgs++] = (ce_msg){v[0], v[1], v[2]};
    return CEF_NEXT;
}

static ce_flow ce_step(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    if (ev->device != CE_DEV_NONE)
        return ce_fail(f->obj, s->pos, "a step inside a step");
    if (!ev->stage)
        return ce_fail(f->obj, s->pos, "a step outside the evaluation of a stage");
    for (int d = CE_DEV_CPU; d < CE_NDEVICES && ev->device == CE_DEV_NONE; d++)
        if (!strcmp(s->name, ce_devices[d].name))
            ev->device = d;
    if (ev->device == CE_DEV_NONE)
        return ce_fail(f->obj, s->pos, "unknown device '%s' (cpu, inpcom, disk)", s->name);
    ev->cpu = 0;
    ev->nmsgs = 0;
    ce_flow fl = ce_exec_list(ev, f, s->body, s->nbody);
    if (fl != CEF_ERROR && fl != CEF_EXIT) {
        double t = ev->cpu;
        if (ev->device == CE_DEV_INPCOM && ev->hw->network && ev->nmsgs &&
            !ce_network_time(ev, &t))
            fl = ce_fail(f->obj, s->pos, "the step's processors cannot be placed on the network");
        else if (ev->device == CE_DEV_INPCOM && !ev->hw->network)
            t = ce_inpcom_time(ev);
        *ev->stage += t;
        if (ev->debug_steps && fl == CEF_NEXT)
            fprintf(stderr, "debug: partmp %s: stage %g: step %s: %.6g s\n", f->obj->ast->name,
                    ev->p->la->vals[0].num, ce_devices[ev->device].name, t);
    }
    ev->device = CE_DEV_NONE;
    return fl;
}

/* ---- exec statements ------------------------------------------------------- */

static ce_flow ce_assign(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    if (s->index) {
        double *elem, v;
        ce_flow fl = ce_element(ev, f, s->name, s->index, s->pos, &elem);
        if (fl == CEF_NEXT)
            fl = ce_number(ev, f, s->a, &v);
        if (fl == CEF_NEXT)
            *elem = v;
        return fl;
    }
    const chips_decl *decl;
    co_value *slot = ce_lookup(f, s->name, &decl);
    if (!slot)
        return ce_fail(f->obj, s->pos, "'%s' is not a declared variable", s->name);
    return ce_assign_value(ev, f, s->pos, s->name, decl, slot, s->a);
}

static ce_flow ce_while(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    f->loops++;
    ce_flow fl = CEF_NEXT;
    for (long n = 0;; n++) {
        double c;
        fl = ce_number(ev, f, s->a, &c);
        if (fl != CEF_NEXT || c == 0)
            break;
        if (n == CHIPS_MAX_WHILE) {
            fl = ce_fail(f->obj, s->pos, "the while loop ran %d iterations, the limit",
                         CHIPS_MAX_WHILE);
            break;
        }
        fl = ce_exec_list(ev, f, s->body, s->nbody);
        if (fl == CEF_BREAK) {
            fl = CEF_NEXT;
            break;
        }
        if (fl == CEF_CONTINUE)
            fl = CEF_NEXT;
        if (fl != CEF_NEXT)
            break;
    }
    f->loops--;
    return fl;
}

static ce_flow ce_print(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    for (size_t i = 0; i < s->nargs; i++) {
        co_value v;
        ce_flow fl = ce_expr(ev, f, s->args[i], &v);
        if (fl != CEF_NEXT)
            return fl;
        if (v.kind == CO_VAL_STR)
            fprintf(stderr, "%s%s", i ? " " : "", v.str);
        else
            fprintf(stderr, "%s%.17g", i ? " " : "", v.num);
    }
    fputc('\n', stderr);
    return CEF_NEXT;
}

static ce_flow ce_dim(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    const chips_decl *decl;
    co_value *slot = ce_lookup(f, s->name, &decl);
    if (!slot || !decl || decl->type != CHIPS_VECTOR)
        return ce_fail(f->obj, s->pos, "'%s' is not a declared vector", s->name);
    if (s->kind == CHS_FREE) {
        co_value_clear(slot);
        return CEF_NEXT;
    }
    double n;
    ce_flow fl = ce_number(ev, f, s->a, &n);
    if (fl != CEF_NEXT)
        return fl;
    if (n != floor(n) || n < 0 || n > CHIPS_MAX_DIM)
        return ce_fail(f->obj, s->a->pos, "a vector of %g elements (0 to %d)", n, CHIPS_MAX_DIM);
    co_value_clear(slot);
    slot->kind = CO_VAL_DATA;
    slot->n = (size_t)n;
    slot->data = mem_alloc((slot->n + 1) * sizeof *slot->data);
    return CEF_NEXT;
}

static ce_flow ce_exec_call(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    const chips_proc *pr = ce_find_proc(f->obj, s->name);
    if (!pr)
        return ce_fail(f->obj, s->pos, "unknown procedure '%s'", s->name);
    if (pr->is_cflow)
        return ce_fail(f->obj, s->pos,
                       "'call' in an exec procedure calls exec procedures; '%s' is cflow "
                       "(use its value in an expression)", s->name);
    double ignored;
    return ce_call(ev, f, f->obj, pr, s->args, s->nargs, s->pos, &ignored);
}

static ce_flow ce_exec_node(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    double c;
    ce_flow fl;
    switch (s->kind) {
    case CHS_BLOCK:
        return ce_exec_list(ev, f, s->body, s->nbody);
    case CHS_ASSIGN:
        return ce_assign(ev, f, s);
    case CHS_IF:
        fl = ce_number(ev, f, s->a, &c);
        if (fl != CEF_NEXT)
            return fl;
        if (c != 0)
            return ce_exec(ev, f, s->body[0]);
        return s->nbody > 1 ? ce_exec(ev, f, s->body[1]) : CEF_NEXT;
    case CHS_WHILE:
        return ce_while(ev, f, s);
    case CHS_BREAK:
    case CHS_CONTINUE:
        if (!f->loops)
            return ce_fail(f->obj, s->pos, "'%s' outside a while loop",
                           s->kind == CHS_BREAK ? "break" : "continue");
        return s->kind == CHS_BREAK ? CEF_BREAK : CEF_CONTINUE;
    case CHS_PRINT:
        return ce_print(ev, f, s);
    case CHS_CALL:
        return ce_exec_call(ev, f, s);
    case CHS_RETURN:
        memset(&f->ret, 0, sizeof f->ret);
        if (s->a && (fl = ce_expr(ev, f, s->a, &f->ret)) != CEF_NEXT)
            return fl;
        return CEF_RETURN;
    case CHS_EXIT:
        return CEF_EXIT;
    case CHS_DIM:
    case CHS_FREE:
        return ce_dim(ev, f, s);
    case CHS_STEP:
        return ce_step(ev, f, s);
    case CHS_CONFDEV:
        return ce_confdev(ev, f, s);
    default:
        return ce_fail(f->obj, s->pos, "a control flow statement in an exec procedure");
    }
}

static ce_flow ce_exec(ce_eval *ev, ce_frame *f, const chips_stmt *s)
{
    if (ev->nesting >= CHIPS_MAX_EVAL_NESTING)
        return ce_fail(f->obj, s->pos, "evaluation nested deeper than %d",
                       CHIPS_MAX_EVAL_NESTING);
    ev->nesting++;
    ce_flow fl = ce_exec_node(ev, f, s);
    ev->nesting--;
    return fl;
}

static ce_flow ce_exec_list(ce_eval *ev, ce_frame *f, chips_stmt *const *body, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        ce_flow fl = ce_exec(ev, f, body[i]);
        if (fl != CEF_NEXT)
            return fl;
    }
    return CEF_NEXT;
}

/* ---- cflow statements ------------------------------------------------------- */

static ce_flow ce_case(ce_eval *ev, ce_frame *f, const chips_stmt *s, double *time)
{
    double t, sum = 0;
    ce_flow fl = ce_cost(ev, f, s->a, &t);
    if (fl != CEF_NEXT)
        return fl;
    *time += t;
    for (size_t i = 0; i < s->nargs; i++) {
        double prob, branch = 0;
        if ((fl = ce_number(ev, f, s->args[i], &prob)) != CEF_NEXT)
            return fl;
        if (prob < 0 || prob > 1)
            return ce_fail(f->obj, s->args[i]->pos, "probability %g is not in [0, 1]", prob);
        sum += prob;
        if (sum > 1 + 1e-12)
            return ce_fail(f->obj, s->args[i]->pos, "the probabilities add up to %g, over 1",
                           sum);
        if ((fl = ce_cflow_list(ev, f, s->cases[i], s->ncases[i], &branch)) != CEF_NEXT)
            return fl;
        *time += prob * branch;
    }
    return CEF_NEXT;
}

static ce_flow ce_cflow(ce_eval *ev, ce_frame *f, const chips_stmt *s, double *time)
{
    double t = 0, count, body = 0;
    ce_flow fl;
    const chips_proc *pr;
    switch (s->kind) {
    case CHS_COMPUTE:
        fl = ce_cost(ev, f, s->a, &t);
        *time += t;
        return fl;
    case CHS_LOOP:
        if ((fl = ce_cost(ev, f, s->a, &t)) != CEF_NEXT ||
            (fl = ce_number(ev, f, s->b, &count)) != CEF_NEXT)
            return fl;
        if (count < 0)
            return ce_fail(f->obj, s->b->pos, "a loop of %g iterations", count);
        if ((fl = ce_cflow_list(ev, f, s->body, s->nbody, &body)) != CEF_NEXT)
            return fl;
        *time += count * (t + body);
        return CEF_NEXT;
    case CHS_CASE:
        return ce_case(ev, f, s, time);
    default:
        pr = ce_find_proc(f->obj, s->name);
        if (!pr)
            return ce_fail(f->obj, s->pos, "unknown procedure '%s'", s->name);
        fl = ce_call(ev, f, f->obj, pr, s->args, s->nargs, s->pos, &t);
        *time += t;
        return fl;
    }
}

static ce_flow ce_cflow_list(ce_eval *ev, ce_frame *f, chips_stmt *const *body, size_t n,
                             double *time)
{
    for (size_t i = 0; i < n; i++) {
        ce_flow fl = ce_cflow(ev, f, body[i], time);
        if (fl != CEF_NEXT)
            return fl;
    }
    if (!isfinite(*time))
        return ce_fail(f->obj, n ? body[n - 1]->pos : f->proc->pos, "the time is too large");
    return CEF_NEXT;
}

/* ---- objects ---------------------------------------------------------------- */

/* The links of linker to target: values in the linker's scope. */
static ce_flow ce_apply_links(ce_eval *ev, co_object *linker, co_object *target)
{
    ce_frame scope = {linker, NULL, NULL, 0, {0}};
    for (size_t i = 0; i < linker->ast->nlinks; i++) {
        const chips_link *l = &linker->ast->links[i];
        if (strcmp(l->target, target->ast->name))
            continue;
        for (size_t j = 0; j < l->nassigns; j++) {
            const chips_assign *as = &l->assigns[j];
            co_value v;
            ce_flow fl = ce_expr(ev, &scope, as->value, &v);
            if (fl != CEF_NEXT)
                return fl;
            int var = co_var_index(target, as->name);
            if (var >= 0) {
                fl = ce_store(linker, as->pos, as->name, &target->ast->vars[var],
                              &target->vals[var], &v);
                if (fl != CEF_NEXT)
                    return fl;
                continue;
            }
            co_option opt = co_option_of(target->kind, as->name);
            target->opts[opt] = v;
            target->opt_linked[opt] = true;
            target->opt_file[opt] = linker->ast;
            target->opt_pos[opt] = as->pos;
        }
    }
    return CEF_NEXT;
}

static ce_flow ce_apply_hardware_links(ce_eval *ev, co_object *linker)
{
    return ce_apply_links(ev, linker, ev->p->hardware);
}

/* An option's value: linked, else the object's own, else *given false. */
static ce_flow ce_option_value(ce_eval *ev, co_object *o, const char *name, co_value *v,
                               bool *given, const chips_ast **where_ast, chips_pos *where)
{
    co_option opt = co_option_of(o->kind, name);
    *given = false;
    if (o->opt_linked[opt]) {
        *v = o->opts[opt];
        *given = true;
        *where_ast = o->opt_file[opt];
        *where = o->opt_pos[opt];
        return CEF_NEXT;
    }
    for (size_t i = 0; i < o->ast->noptions; i++)
        if (!strcmp(o->ast->options[i].name, name)) {
            ce_frame scope = {o, NULL, NULL, 0, {0}};
            *given = true;
            *where_ast = o->ast;
            *where = o->ast->options[i].pos;
            return ce_expr(ev, &scope, o->ast->options[i].value, v);
        }
    return CEF_NEXT;
}

static ce_flow ce_whole_option(ce_eval *ev, co_object *o, const char *name, double fallback,
                               double max, double *out)
{
    co_value v;
    bool given;
    const chips_ast *where_ast = o->ast;
    chips_pos where = o->ast->pos;
    ce_flow fl = ce_option_value(ev, o, name, &v, &given, &where_ast, &where);
    *out = fallback;
    if (fl != CEF_NEXT || !given)
        return fl;
    if (v.kind != CO_VAL_NUM || v.num != floor(v.num) || v.num < 0 || v.num > max)
        return ce_fail_in(where_ast, where, "option %s of '%s' must be a whole number from 0 to %g",
                       name, o->ast->name, max);
    *out = v.num;
    return CEF_NEXT;
}

static ce_flow ce_run_init(ce_eval *ev, co_object *o, double *value)
{
    const chips_proc *init = ce_find_proc(o, "init");
    *value = 0;
    if (!init)
        return CEF_NEXT;
    ce_frame scope = {o, NULL, NULL, 0, {0}};
    return ce_call(ev, &scope, o, init, NULL, 0, init->pos, value);
}

/* Option debug (0 or 1, default 0): whether o's evaluation is traced on standard error,
 * as `print` writes (README: "debug"). */
static ce_flow ce_debug(ce_eval *ev, co_object *o, bool *on)
{
    double v;
    ce_flow fl = ce_whole_option(ev, o, "debug", 0, 1, &v);
    *on = v == 1;
    return fl;
}

static ce_flow ce_partmp_time(ce_eval *ev, co_object *pm, double *time)
{
    double nstage, seval, stage_time;
    bool debug, saved_debug = ev->debug_steps;
    ce_flow fl = ce_whole_option(ev, pm, "nstage", 1, 1e15, &nstage);
    if (fl == CEF_NEXT)
        fl = ce_whole_option(ev, pm, "seval", 0, 1, &seval);
    if (fl == CEF_NEXT)
        fl = ce_debug(ev, pm, &debug);
    if (fl != CEF_NEXT)
        return fl;
    ev->debug_steps = debug;
    if (seval == 1 && nstage > CHIPS_MAX_STAGES)
        return ce_fail(pm, pm->ast->pos, "%g stages evaluated one by one, over the limit of %d",
                       nstage, CHIPS_MAX_STAGES);
    double *saved = ev->stage;
    double runs = seval == 1 ? nstage : nstage > 0;
    *time = 0;
    for (double s = 1; s <= runs && fl == CEF_NEXT; s++) {
        co_value_clear(&ev->p->la->vals[0]);
        ev->p->la->vals[0] = (co_value){.kind = CO_VAL_NUM, .num = s};
        stage_time = 0;
        ev->stage = &stage_time;
        double ignored;
        fl = ce_run_init(ev, pm, &ignored);
        *time += seval == 1 ? stage_time : stage_time * nstage;
        if (debug && fl == CEF_NEXT)
            fprintf(stderr, "debug: partmp %s: stage %g: %.6g s\n", pm->ast->name, s,
                    stage_time);
    }
    ev->stage = saved;
    ev->debug_steps = saved_debug;
    if (debug && fl == CEF_NEXT)
        fprintf(stderr, "debug: partmp %s: %.6g s (%g stages, seval %g)\n", pm->ast->name,
                *time, nstage, seval);
    return fl;
}

/* The partmp a subtask evaluates: its template option, else the first
 * partmp it includes, else sequential. */
static ce_flow ce_template(ce_eval *ev, co_object *st, co_object **pm)
{
    co_value v;
    bool given;
    const chips_ast *where_ast = st->ast;
    chips_pos where = st->ast->pos;
    ce_flow fl = ce_option_value(ev, st, "template", &v, &given, &where_ast, &where);
    if (fl != CEF_NEXT)
        return fl;
    *pm = ev->p->sequential;
    if (!given) {
        for (size_t i = 0; i < st->ast->nincludes; i++)
            if (st->incs[i]->kind == CO_PARTMP) {
                *pm = st->incs[i];
                break;
            }
        return CEF_NEXT;
    }
    if (v.kind != CO_VAL_STR)
        return ce_fail_in(where_ast, where, "option template is a partmp's name in quotes");
    if (!strcmp(v.str, "sequential"))
        return CEF_NEXT;
    *pm = ce_find_included(st, v.str);
    if (!*pm || (*pm)->kind != CO_PARTMP)
        return ce_fail_in(where_ast, where, "template '%s' is not a partmp '%s' includes", v.str,
                       st->ast->name);
    return CEF_NEXT;
}

static ce_flow ce_subtask_linked_time(ce_eval *ev, co_object *st, double *time)
{
    double ignored;
    co_object *pm = NULL;
    ce_flow fl = ce_apply_hardware_links(ev, st);
    if (fl == CEF_NEXT)
        fl = ce_run_init(ev, st, &ignored);
    if (fl == CEF_NEXT)
        fl = ce_template(ev, st, &pm);
    if (fl == CEF_NEXT)
        fl = ce_apply_links(ev, st, pm);
    if (fl == CEF_NEXT)
        fl = ce_partmp_time(ev, pm, time);
    return fl;
}

/* A subtask's links to hardware hold while it is evaluated, and hardware's Nproc is put
 * back after it (chips/README.md, "the link rule"): otherwise the first subtask of
 * `A + 10*B` would set Nproc for the second and the sum would depend on its order.
 * Nproc, a number, is hardware's one variable (the built-in object of chips_load.c). */
static ce_flow ce_subtask_time(ce_eval *ev, co_object *st, double *time)
{
    co_value *nproc = &ev->p->hardware->vals[0];
    co_value saved = *nproc;
    ce_flow fl = ce_subtask_linked_time(ev, st, time);
    bool debug = false;
    if (fl == CEF_NEXT)
        fl = ce_debug(ev, st, &debug);
    if (fl == CEF_NEXT && debug)
        fprintf(stderr, "debug: subtask %s: %.6g s (hardware.Nproc %g)\n", st->ast->name, *time,
                nproc->num);
    *nproc = saved;
    return fl;
}

static ce_flow ce_object_time(ce_eval *ev, ce_frame *f, co_object *t, chips_pos pos, double *time)
{
    if (t->kind != CO_SUBTASK && t->kind != CO_PARTMP)
        return ce_fail(f->obj, pos, "'%s' has variables but no time", t->ast->name);
    if (ev->depth >= CHIPS_MAX_CALL_DEPTH)
        return ce_fail(f->obj, pos, "evaluations nested deeper than %d", CHIPS_MAX_CALL_DEPTH);
    ev->depth++;
    ce_flow fl = ce_apply_links(ev, f->obj, t);
    if (fl == CEF_NEXT)
        fl = t->kind == CO_SUBTASK ? ce_subtask_time(ev, t, time) : ce_partmp_time(ev, t, time);
    ev->depth--;
    return fl;
}

/* ---- a point ------------------------------------------------------------------ */

static ce_flow ce_reset(ce_eval *ev)
{
    chips_program *p = ev->p;
    for (size_t i = 0; i < p->nobjects; i++) {
        co_object *o = p->objects[i];
        for (size_t j = 0; j < o->ast->nvars; j++)
            co_value_clear(&o->vals[j]);
        memset(o->opt_linked, 0, sizeof o->opt_linked);
    }
    p->hardware->vals[0] = (co_value){.kind = CO_VAL_NUM, .num = ev->hw->nproc};
    for (size_t i = 0; i < p->nobjects; i++) {
        co_object *o = p->objects[i];
        ce_frame scope = {o, NULL, NULL, 0, {0}};
        for (size_t j = 0; j < o->ast->nvars; j++) {
            const chips_decl *d = &o->ast->vars[j];
            if (!d->init)
                continue;
            ce_flow fl = ce_assign_value(ev, &scope, d->pos, d->name, d, &o->vals[j], d->init);
            if (fl != CEF_NEXT)
                return fl;
        }
    }
    return CEF_NEXT;
}

bool chips_evaluate(chips_program *p, const chips_hardware *hw, const chips_setting *settings,
                    size_t nsettings, double *time, bool *has_time, double *values)
{
    ce_eval ev = {.p = p, .hw = hw, .device = CE_DEV_NONE};
    co_object *app = p->app;
    *time = 0;
    *has_time = false;
    ce_flow fl = ce_reset(&ev);
    for (size_t i = 0; i < nsettings && fl == CEF_NEXT; i++) {
        co_value *slot = &app->vals[p->iface[settings[i].iface]];
        co_value_clear(slot);
        *slot = (co_value){.kind = CO_VAL_NUM, .num = settings[i].value};
    }
    for (size_t i = 0; values && i < p->niface; i++) {
        const co_value *v = &app->vals[p->iface[i]];
        values[i] = v->kind == CO_VAL_NUM ? v->num : NAN;
    }
    if (fl == CEF_NEXT)
        fl = ce_apply_hardware_links(&ev, app);
    if (fl == CEF_NEXT)
        fl = ce_run_init(&ev, app, time);
    bool debug = false;
    if (fl == CEF_NEXT)
        fl = ce_debug(&ev, app, &debug);
    if (fl == CEF_NEXT && debug)
        fprintf(stderr, "debug: application %s: %.6g s\n", app->ast->name, *time);
    free(ev.msgs);
    *has_time = fl == CEF_NEXT;
    return fl == CEF_NEXT || fl == CEF_EXIT;
}

void chips_hardware_from_machine(const machine *m, chips_hardware *hw)
{
    const machine_chips *c = &m->chips;
    memset(hw, 0, sizeof *hw);
    hw->name = m->name;
    hw->nproc = c->nproc ? c->nproc : m->cores ? m->cores : 1;
    double cores = m->cores ? m->cores : 1;
    double flop_s = cores / (m->peak_gflops * 1e9);
    /* add sub mul cmp div sqr exp sin other */
    const double weights[MACHINE_CHIPS_NFLOP] = {
        m->weight_add,     m->weight_add,     m->weight_multiply,
        m->weight_add,     m->weight_divide,  m->weight_special,
        m->weight_special, m->weight_special, m->weight_special};
    for (size_t i = 0; i < MACHINE_CHIPS_NFLOP; i++)
        hw->flop[i] = c->has_flop[i] ? c->flop[i] : weights[i] * flop_s;
    for (size_t i = 0; i < MACHINE_CHIPS_NMEM; i++)
        hw->mem[i] = c->has_mem[i] ? c->mem[i] : 1 / (m->memory_bandwidth_gbs * 1e9);
    memcpy(hw->hllc, c->hllc, sizeof hw->hllc);
    memcpy(hw->has_hllc, c->has_hllc, sizeof hw->has_hllc);
    hw->icc_unit = c->icc_unit;
    hw->has_icc = c->has_icc;
    hw->L = c->L;
    hw->o = c->o;
    hw->g = c->g;
    hw->G = c->G;
    hw->has_inpcom = c->has_inpcom;
    hw->disk_seek = c->disk_seek;
    hw->disk_byte = c->disk_byte;
    hw->has_disk = c->has_disk;
    hw->user = c->user;
    hw->nuser = c->nuser;
}
