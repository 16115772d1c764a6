/* chips_object: the loaded objects of a program (prefix co_), private to
 * chips/: the loader (chips_load.c, which defines the functions declared
 * here) builds them and the evaluator (chips_eval.c) runs them; the table
 * of built-in functions (Log2, max, ...) lives here so that both read it
 * and neither includes the other.  The program owns an arena holding every
 * tree and object; each object's value array (vals) and the values' heap
 * parts (data vectors) are heap memory that chips_free() releases
 * (co_value_clear() frees one value's). */
#ifndef AITOOL_CHIPS_OBJECT_H
#define AITOOL_CHIPS_OBJECT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "chips.h"
#include "chips_ast.h"
#include "mem.h"

typedef enum co_kind {
    CO_APPLICATION,
    CO_SUBTASK,
    CO_PARTMP,
    CO_HARDWARE,
    CO_LA,
} co_kind;

typedef enum co_value_kind {
    CO_VAL_NONE,
    CO_VAL_NUM,
    CO_VAL_STR,
    CO_VAL_COST, /* a resource vector, as the seconds it costs */
    CO_VAL_DATA, /* a data vector (dim), its elements owned by the value */
} co_value_kind;

typedef struct co_value {
    co_value_kind kind;
    double num;
    const char *str;
    double *data;
    size_t n;
} co_value;

/* The options an object may have, by kind. */
typedef enum co_option {
    CO_OPT_NSTAGE,
    CO_OPT_SEVAL,
    CO_OPT_TEMPLATE,
    CO_OPT_DEBUG,
    CO_OPT_COUNT,
} co_option;

typedef struct co_object co_object;
struct co_object {
    co_kind kind;
    const chips_ast *ast;
    co_object **incs; /* as ast->includes */
    co_value *vals;   /* as ast->vars */
    co_value opts[CO_OPT_COUNT];
    bool opt_linked[CO_OPT_COUNT];
    const chips_ast *opt_file[CO_OPT_COUNT]; /* where a linked option was set */
    chips_pos opt_pos[CO_OPT_COUNT];
};

struct chips_program {
    arena *a;
    co_object *app;
    co_object **objects; /* every loaded object, the built-ins included */
    size_t nobjects;
    co_object *hardware, *la, *sequential;
    size_t *iface; /* indexes into app->ast->vars */
    size_t niface;
    struct chips_vtypes *vtypes; /* the built-in vector types and those of -vectors */
};

/* The option called name of an object of kind k, or CO_OPT_COUNT. */
co_option co_option_of(co_kind k, const char *name);
bool co_is_interface(const chips_decl *d);
/* The variable called name of o, or -1. */
int co_var_index(const co_object *o, const char *name);
void co_value_clear(co_value *v);

/* ---- The built-in functions (Log2, max, ...): the loader checks that a
 * call names one, the evaluator applies it. ---- */

typedef struct co_builtin {
    const char *names; /* "|Log2|log2|" */
    int nargs;         /* -1: one or more */
    double (*fn1)(double);
    int op;            /* for the others: 'p'ower, 'M'ax, 'm'in */
} co_builtin;

static inline double co_log2(double x)
{
    return log2(x);
}

static const co_builtin co_builtins[] = {
    {"|Log2|log2|", 1, co_log2, 0},       {"|Log|log|", 1, log, 0},
    {"|Exp|exp|", 1, exp, 0},             {"|Sqrt|sqrt|", 1, sqrt, 0},
    {"|Floor|floor|", 1, floor, 0},       {"|Ceiling|ceiling|ceil|Ceil|", 1, ceil, 0},
    {"|Round|round|", 1, round, 0},       {"|Abs|abs|", 1, fabs, 0},
    {"|Power|power|", 2, NULL, 'p'},      {"|Max|max|", -1, NULL, 'M'},
    {"|Min|min|", -1, NULL, 'm'},
};

/* The built-in function called name, or NULL. */
static inline const co_builtin *co_find_builtin(const char *name)
{
    char key[80];
    if (strlen(name) > 64)
        return NULL;
    snprintf(key, sizeof key, "|%s|", name);
    for (size_t i = 0; i < sizeof co_builtins / sizeof *co_builtins; i++)
        if (strstr(co_builtins[i].names, key))
            return &co_builtins[i];
    return NULL;
}

#endif
