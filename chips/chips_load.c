/* chips_load: reading a program (the application and, through its includes,
 * every object it uses) and the checks that need no evaluation. */
#include "chips_object.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chips.h"
#include "chips_ast.h"
#include "chips_parse.h"
#include "chips_vct.h"
#include "diag.h"
#include "fileio.h"
#include "mem.h"
#include "strbuf.h"

/* The built-in objects, written in the language itself: `sequential` is a
 * partmp of one cpu step of Tx; `hardware` and `la` only hold variables. */
static const struct {
    const char *name;
    co_kind kind;
    const char *text;
} cl_builtin_objects[] = {
    {"hardware", CO_HARDWARE, "partmp hardware { var sysd numeric: Nproc; }"},
    {"la", CO_LA, "partmp la { var sysd numeric: stage; }"},
    {"sequential", CO_PARTMP,
     "partmp sequential { var dtdp numeric: Tx = 0; "
     "proc exec init { step cpu { confdev Tx; } } }"},
};

static const char *const cl_groups[] = {"dtdp", "rsus", "hrddev", "scope", "local", "sysd"};

static const char *const cl_kind_names[] = {"application", "subtask", "partmp", "hardware",
                                            "la"};

co_option co_option_of(co_kind k, const char *name)
{
    static const struct {
        co_kind kind;
        const char *name;
        co_option opt;
    } options[] = {{CO_PARTMP, "nstage", CO_OPT_NSTAGE},
                   {CO_PARTMP, "seval", CO_OPT_SEVAL},
                   {CO_SUBTASK, "template", CO_OPT_TEMPLATE},
                   {CO_APPLICATION, "debug", CO_OPT_DEBUG},
                   {CO_SUBTASK, "debug", CO_OPT_DEBUG},
                   {CO_PARTMP, "debug", CO_OPT_DEBUG}};
    for (size_t i = 0; i < sizeof options / sizeof *options; i++)
        if (options[i].kind == k && !strcmp(options[i].name, name))
            return options[i].opt;
    return CO_OPT_COUNT;
}

bool co_is_interface(const chips_decl *d)
{
    return d->group && strcmp(d->group, "scope") && strcmp(d->group, "local");
}

int co_var_index(const co_object *o, const char *name)
{
    for (size_t i = 0; i < o->ast->nvars; i++)
        if (!strcmp(o->ast->vars[i].name, name))
            return (int)i;
    return -1;
}

void co_value_clear(co_value *v)
{
    free(v->data);
    memset(v, 0, sizeof *v);
}

typedef struct cl_loader {
    chips_program *p;
    const char *const *dirs;
    size_t ndirs;
    size_t cap;
    unsigned errors;
} cl_loader;

static void cl_error(cl_loader *l, const chips_ast *ast, chips_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void cl_error(cl_loader *l, const chips_ast *ast, chips_pos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vat(DIAG_ERROR, ast->file, pos.line, pos.col, fmt, ap);
    va_end(ap);
    l->errors++;
}

static co_object *cl_add_object(cl_loader *l, co_kind kind, const chips_ast *ast)
{
    chips_program *p = l->p;
    co_object *o = arena_alloc(p->a, sizeof *o);
    o->kind = kind;
    o->ast = ast;
    o->incs = arena_alloc(p->a, (ast->nincludes + 1) * sizeof *o->incs);
    o->vals = mem_alloc((ast->nvars + 1) * sizeof *o->vals);
    if (p->nobjects == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        p->objects = mem_realloc(p->objects, l->cap * sizeof *p->objects);
    }
    p->objects[p->nobjects++] = o;
    return o;
}

static co_object *cl_find_object(const chips_program *p, const char *name)
{
    for (size_t i = 0; i < p->nobjects; i++)
        if (!strcmp(p->objects[i]->ast->name, name))
            return p->objects[i];
    return NULL;
}

/* The directory part of path with its slash ("" for none), in the arena. */
static const char *cl_dir_of(arena *a, const char *path)
{
    const char *base = fileio_basename(path);
    return arena_strndup(a, path, (size_t)(base - path));
}

static bool cl_readable(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* Where NAME.la is: the includer's directory, then each include directory. */
static char *cl_find_file(cl_loader *l, const chips_ast *includer, const char *name)
{
    char *path = mem_alloc(strlen(includer->file) + strlen(name) + 8);
    sprintf(path, "%s%s.la", cl_dir_of(l->p->a, includer->file), name);
    if (cl_readable(path))
        return path;
    for (size_t i = 0; i < l->ndirs; i++) {
        free(path);
        path = mem_alloc(strlen(l->dirs[i]) + strlen(name) + 8);
        sprintf(path, "%s/%s.la", l->dirs[i], name);
        if (cl_readable(path))
            return path;
    }
    free(path);
    return NULL;
}

static const chips_ast *cl_parse_file(cl_loader *l, const char *path)
{
    char *text = fileio_read_text(path, "CHIP3S file");
    if (!text) {
        l->errors++;
        return NULL;
    }
    const chips_ast *ast = chips_parse(l->p->a, arena_strdup(l->p->a, path), text);
    free(text);
    if (!ast)
        l->errors++;
    return ast;
}

static co_object *cl_load_object(cl_loader *l, const chips_ast *ast);

static bool cl_may_include(co_kind includer, co_kind included)
{
    if (included == CO_HARDWARE || included == CO_LA)
        return true;
    return (includer == CO_APPLICATION && included == CO_SUBTASK) ||
           (includer == CO_SUBTASK && included == CO_PARTMP);
}

static co_object *cl_include(cl_loader *l, const co_object *o, const chips_include *inc)
{
    co_object *found = cl_find_object(l->p, inc->name);
    if (!found) {
        char *path = cl_find_file(l, o->ast, inc->name);
        if (!path) {
            cl_error(l, o->ast, inc->pos, "cannot find '%s.la' (the includer's directory, then -I)",
                     inc->name);
            return NULL;
        }
        const chips_ast *ast = cl_parse_file(l, path);
        free(path);
        if (!ast)
            return NULL;
        if (strcmp(ast->name, inc->name)) {
            cl_error(l, ast, ast->pos, "'%s.la' holds '%s', not '%s'", inc->name, ast->name,
                     inc->name);
            return NULL;
        }
        found = cl_load_object(l, ast);
        if (!found)
            return NULL;
    }
    if (!cl_may_include(o->kind, found->kind)) {
        cl_error(l, o->ast, inc->pos, "a%s %s cannot include the %s '%s'",
                 o->kind == CO_APPLICATION ? "n" : "", cl_kind_names[o->kind],
                 cl_kind_names[found->kind], inc->name);
        return NULL;
    }
    return found;
}

static bool cl_known_group(const chips_ast *ast, const char *group)
{
    for (size_t i = 0; i < sizeof cl_groups / sizeof *cl_groups; i++)
        if (!strcmp(cl_groups[i], group))
            return true;
    for (size_t i = 0; i < ast->ngroups; i++)
        if (!strcmp(ast->groups[i], group))
            return true;
    return false;
}

static void cl_check_vars(cl_loader *l, const co_object *o)
{
    const chips_ast *ast = o->ast;
    for (size_t i = 0; i < ast->nvars; i++) {
        const chips_decl *d = &ast->vars[i];
        if (!cl_known_group(ast, d->group))
            cl_error(l, ast, d->pos, "unknown variable group '%s' (defgroup it first)", d->group);
        if (co_var_index(o, d->name) != (int)i)
            cl_error(l, ast, d->pos, "'%s' is declared twice", d->name);
    }
    for (size_t i = 0; i < ast->nprocs; i++)
        for (size_t j = 0; j < i; j++)
            if (!strcmp(ast->procs[i].name, ast->procs[j].name))
                cl_error(l, ast, ast->procs[i].pos, "procedure '%s' is defined twice",
                         ast->procs[i].name);
}

static void cl_check_options(cl_loader *l, const co_object *o)
{
    for (size_t i = 0; i < o->ast->noptions; i++) {
        const chips_assign *as = &o->ast->options[i];
        if (co_option_of(o->kind, as->name) == CO_OPT_COUNT)
            cl_error(l, o->ast, as->pos, "a%s %s has no option '%s'",
                     o->kind == CO_APPLICATION ? "n" : "", cl_kind_names[o->kind], as->name);
    }
}

static const co_object *cl_included(const co_object *o, const char *name)
{
    for (size_t i = 0; i < o->ast->nincludes; i++)
        if (o->incs[i] && !strcmp(o->incs[i]->ast->name, name))
            return o->incs[i];
    return NULL;
}

static void cl_check_links(cl_loader *l, const co_object *o)
{
    for (size_t i = 0; i < o->ast->nlinks; i++) {
        const chips_link *link = &o->ast->links[i];
        const co_object *t = cl_included(o, link->target);
        bool named = false;
        for (size_t j = 0; j < o->ast->nincludes; j++)
            named |= !strcmp(o->ast->includes[j].name, link->target);
        if (!t && named)
            continue; /* the include itself was reported */
        if (!t) {
            cl_error(l, o->ast, link->pos, "link to '%s', which is not included", link->target);
            continue;
        }
        if (t->kind == CO_LA) {
            cl_error(l, o->ast, link->pos, "'la' is set by the run-time system, not linked");
            continue;
        }
        for (size_t j = 0; j < link->nassigns; j++) {
            const chips_assign *as = &link->assigns[j];
            int v = co_var_index(t, as->name);
            if (v < 0 ? co_option_of(t->kind, as->name) == CO_OPT_COUNT
                      : !co_is_interface(&t->ast->vars[v]))
                cl_error(l, o->ast, as->pos, "'%s' is not an interface variable or option of '%s'",
                         as->name, link->target);
        }
    }
}

static bool cl_has_proc(const chips_ast *ast, const char *name, bool exec)
{
    for (size_t i = 0; i < ast->nprocs; i++)
        if (!strcmp(ast->procs[i].name, name) && (!exec || !ast->procs[i].is_cflow))
            return true;
    return false;
}

static const chips_proc *cl_proc_named(const chips_ast *ast, const char *name)
{
    for (size_t i = 0; i < ast->nprocs; i++)
        if (!strcmp(ast->procs[i].name, name))
            return &ast->procs[i];
    return NULL;
}

/* True when name is included but its object could not be loaded (reported). */
static bool cl_include_failed(const co_object *o, const char *name)
{
    for (size_t i = 0; i < o->ast->nincludes; i++)
        if (!o->incs[i] && !strcmp(o->ast->includes[i].name, name))
            return true;
    return false;
}

/* `<is T, ...>`: T is a vector type with that many elements. */
static void cl_check_vector(cl_loader *l, const co_object *o, const chips_expr *e)
{
    const chips_vtype *t = chips_vtypes_find(l->p->vtypes, e->name);
    if (!t) {
        strbuf known = STRBUF_INIT;
        for (size_t i = 0; i < chips_vtypes_count(l->p->vtypes); i++)
            strbuf_printf(&known, "%s%s", i ? ", " : "", chips_vtypes_get(l->p->vtypes, i)->name);
        cl_error(l, o->ast, e->pos, "unknown vector type '%s' (%s; vctdef and -vectors add "
                 "others)", e->name, strbuf_cstr(&known));
        strbuf_release(&known);
    } else if (t->nargs >= 0 && e->nargs != (size_t)t->nargs) {
        cl_error(l, o->ast, e->pos, "a %s vector has %ld element%s, not %zu", t->name, t->nargs,
                 t->nargs == 1 ? "" : "s", e->nargs);
    }
}

/* Calls and `obj.x` name what exists: found before any evaluation, so that
 * -check reports them. */
static void cl_check_expr(cl_loader *l, const co_object *o, const chips_expr *e)
{
    if (!e)
        return;
    if (e->kind == CHE_CALL && !cl_proc_named(o->ast, e->name) && !co_find_builtin(e->name))
        cl_error(l, o->ast, e->pos, "unknown procedure or function '%s'", e->name);
    if (e->kind == CHE_MEMBER && !cl_include_failed(o, e->name)) {
        const co_object *inc = cl_included(o, e->name);
        int v = inc ? co_var_index(inc, e->member) : -1;
        if (!inc)
            cl_error(l, o->ast, e->pos, "'%s' is not an included object", e->name);
        else if (v < 0 || !co_is_interface(&inc->ast->vars[v]))
            cl_error(l, o->ast, e->pos, "'%s' has no interface variable '%s'", e->name,
                     e->member);
    }
    if (e->kind == CHE_VECTOR && e->name)
        cl_check_vector(l, o, e);
    cl_check_expr(l, o, e->a);
    cl_check_expr(l, o, e->b);
    for (size_t i = 0; i < e->nargs; i++)
        cl_check_expr(l, o, e->args[i]);
}

static void cl_check_stmts(cl_loader *l, const co_object *o, bool exec, chips_stmt *const *body,
                           size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const chips_stmt *s = body[i];
        cl_check_expr(l, o, s->a);
        cl_check_expr(l, o, s->b);
        cl_check_expr(l, o, s->index);
        for (size_t j = 0; j < s->nargs; j++)
            cl_check_expr(l, o, s->args[j]);
        if (s->kind == CHS_CALL) {
            const chips_proc *pr = cl_proc_named(o->ast, s->name);
            if (!pr)
                cl_error(l, o->ast, s->pos, "unknown procedure '%s'", s->name);
            else if (exec && pr->is_cflow)
                cl_error(l, o->ast, s->pos,
                         "'call' in an exec procedure calls exec procedures; '%s' is cflow "
                         "(use its value in an expression)",
                         s->name);
        }
        cl_check_stmts(l, o, exec, s->body, s->nbody);
        for (size_t j = 0; s->kind == CHS_CASE && j < s->nargs; j++)
            cl_check_stmts(l, o, exec, s->cases[j], s->ncases[j]);
    }
}

static void cl_check_code(cl_loader *l, const co_object *o)
{
    const chips_ast *ast = o->ast;
    for (size_t i = 0; i < ast->nvars; i++)
        cl_check_expr(l, o, ast->vars[i].init);
    for (size_t i = 0; i < ast->nlinks; i++)
        for (size_t j = 0; j < ast->links[i].nassigns; j++)
            cl_check_expr(l, o, ast->links[i].assigns[j].value);
    for (size_t i = 0; i < ast->noptions; i++)
        cl_check_expr(l, o, ast->options[i].value);
    for (size_t i = 0; i < ast->nprocs; i++) {
        const chips_proc *pr = &ast->procs[i];
        for (size_t j = 0; j < pr->nlocals; j++)
            cl_check_expr(l, o, pr->locals[j].init);
        cl_check_stmts(l, o, !pr->is_cflow, pr->body, pr->nbody);
    }
}

static co_object *cl_load_object(cl_loader *l, const chips_ast *ast)
{
    static const co_kind kinds[] = {CO_APPLICATION, CO_SUBTASK, CO_PARTMP};
    co_object *o = cl_add_object(l, kinds[ast->kind], ast);
    for (size_t i = 0; i < ast->nincludes; i++) {
        for (size_t j = 0; j < i; j++)
            if (!strcmp(ast->includes[i].name, ast->includes[j].name))
                cl_error(l, ast, ast->includes[i].pos, "'%s' is included twice",
                         ast->includes[i].name);
        o->incs[i] = cl_include(l, o, &ast->includes[i]);
        if (!o->incs[i])
            l->errors++;
    }
    cl_check_vars(l, o);
    cl_check_options(l, o);
    cl_check_links(l, o);
    cl_check_code(l, o);
    return o;
}

static void cl_load_builtins(cl_loader *l)
{
    for (size_t i = 0; i < sizeof cl_builtin_objects / sizeof *cl_builtin_objects; i++) {
        char name[32];
        snprintf(name, sizeof name, "<%s>", cl_builtin_objects[i].name);
        const chips_ast *ast =
            chips_parse(l->p->a, arena_strdup(l->p->a, name), cl_builtin_objects[i].text);
        co_object *o = cl_add_object(l, cl_builtin_objects[i].kind, ast);
        if (o->kind == CO_HARDWARE)
            l->p->hardware = o;
        else if (o->kind == CO_LA)
            l->p->la = o;
        else
            l->p->sequential = o;
    }
}

static void cl_collect_interface(chips_program *p)
{
    const chips_ast *ast = p->app->ast;
    p->iface = arena_alloc(p->a, (ast->nvars + 1) * sizeof *p->iface);
    for (size_t i = 0; i < ast->nvars; i++)
        if (co_is_interface(&ast->vars[i]))
            p->iface[p->niface++] = i;
}

chips_program *chips_load(const char *path, const char *const *include_dirs, size_t ndirs,
                          const char *const *vector_specs, size_t nspecs)
{
    chips_program *p = mem_alloc(sizeof *p);
    p->a = arena_create();
    p->vtypes = chips_vtypes_create();
    cl_loader l = {p, include_dirs, ndirs, 0, 0};
    for (size_t i = 0; i < nspecs; i++)
        l.errors += !chips_vtypes_add_file(p->vtypes, vector_specs[i]);
    if (l.errors) {
        chips_free(&p);
        return NULL;
    }
    cl_load_builtins(&l);
    const chips_ast *ast = cl_parse_file(&l, path);
    if (ast && ast->kind != CHIPS_APPLICATION)
        cl_error(&l, ast, ast->pos, "the program must be an application, not a %s",
                 cl_kind_names[ast->kind]);
    else if (ast && cl_find_object(p, ast->name))
        cl_error(&l, ast, ast->pos, "'%s' is the name of a built-in object", ast->name);
    else if (ast) {
        p->app = cl_load_object(&l, ast);
        if (!cl_has_proc(ast, "init", true))
            cl_error(&l, ast, ast->pos, "application '%s' has no 'proc exec init'", ast->name);
        cl_collect_interface(p);
    }
    if (l.errors || !p->app)
        chips_free(&p);
    return p;
}

void chips_free(chips_program **pp)
{
    if (!pp || !*pp)
        return;
    chips_program *p = *pp;
    for (size_t i = 0; i < p->nobjects; i++) {
        co_object *o = p->objects[i];
        for (size_t j = 0; j < o->ast->nvars; j++)
            co_value_clear(&o->vals[j]);
        free(o->vals);
    }
    free(p->objects);
    chips_vtypes_free(&p->vtypes);
    arena_free(&p->a);
    free(p);
    *pp = NULL;
}

bool chips_check_user_costs(const chips_program *p, const chips_hardware *hw,
                            const char *machine_file)
{
    bool ok = true;
    for (size_t i = 0; i < hw->nuser; i++) {
        const machine_chips_cost *u = &hw->user[i];
        const chips_vtype *t = chips_vtypes_find(p->vtypes, u->type);
        bool named = false;
        for (size_t j = 0; t && j < t->nsymbols; j++)
            named |= !strcmp(t->symbols[j], u->element);
        if (t && t->kind == CHIPS_VK_NUMERIC)
            named = !strcmp(u->element, "unit");
        if (!t || !named) {
            diag_at(DIAG_ERROR, machine_file, u->line, u->col,
                    t ? "'%s' is not a symbol of vector type '%s'%s"
                      : "'%s' costs a vector type '%s' the program does not have (-vectors)%s",
                    u->element, u->type, t && t->kind == CHIPS_VK_NUMERIC ? " (a numeric type "
                    "has one cost, \"unit\")" : "");
            ok = false;
        }
    }
    return ok;
}

const char *chips_name(const chips_program *p)
{
    return p->app->ast->name;
}

size_t chips_iface_count(const chips_program *p)
{
    return p->niface;
}

const char *chips_iface_name(const chips_program *p, size_t i)
{
    return p->app->ast->vars[p->iface[i]].name;
}

const char *chips_iface_group(const chips_program *p, size_t i)
{
    return p->app->ast->vars[p->iface[i]].group;
}

bool chips_iface_numeric(const chips_program *p, size_t i)
{
    return p->app->ast->vars[p->iface[i]].type == CHIPS_NUMERIC;
}

const char *chips_iface_type(const chips_program *p, size_t i)
{
    return chips_type_name(p->app->ast->vars[p->iface[i]].type);
}

int chips_iface_find(const chips_program *p, const char *name)
{
    for (size_t i = 0; i < p->niface; i++)
        if (!strcmp(chips_iface_name(p, i), name))
            return (int)i;
    return -1;
}
