/* chips_object: the loaded objects of a program, shared by the loader
 * (chips_load.c) and the evaluator (chips_eval.c).  The program owns an
 * arena holding every tree and object, and the values' heap parts (data
 * vectors), which chips_free() releases. */
#ifndef AITOOL_CHIPS_OBJECT_H
#define AITOOL_CHIPS_OBJECT_H

#include "chips.h"
#include "chips_ast.h"
#include "mem.h"

typedef enum cx_kind {
    CX_APPLICATION,
    CX_SUBTASK,
    CX_PARTMP,
    CX_HARDWARE,
    CX_LA,
} cx_kind;

typedef enum cx_value_kind {
    CXV_NONE,
    CXV_NUM,
    CXV_STR,
    CXV_COST, /* a resource vector, as the seconds it costs */
    CXV_DATA, /* a data vector (dim), its elements owned by the value */
} cx_value_kind;

typedef struct cx_value {
    cx_value_kind kind;
    double num;
    const char *str;
    double *data;
    size_t n;
} cx_value;

/* The options an object may have, by kind. */
typedef enum cx_option {
    CXO_NSTAGE,
    CXO_SEVAL,
    CXO_TEMPLATE,
    CXO_COUNT,
} cx_option;

typedef struct cx_object cx_object;
struct cx_object {
    cx_kind kind;
    const chips_ast *ast;
    cx_object **incs; /* as ast->includes */
    cx_value *vals;   /* as ast->vars */
    cx_value opts[CXO_COUNT];
    bool opt_linked[CXO_COUNT];
    const chips_ast *opt_file[CXO_COUNT]; /* where a linked option was set */
    chips_pos opt_pos[CXO_COUNT];
};

struct chips_program {
    arena *a;
    cx_object *app;
    cx_object **objects; /* every loaded object, the built-ins included */
    size_t nobjects;
    cx_object *hardware, *la, *sequential;
    size_t *iface; /* indexes into app->ast->vars */
    size_t niface;
};

/* The option called name of an object of kind k, or CXO_COUNT. */
cx_option cx_option_of(cx_kind k, const char *name);
bool cx_is_interface(const chips_decl *d);
/* The variable called name of o, or -1. */
int cx_var_index(const cx_object *o, const char *name);
void cx_value_clear(cx_value *v);
/* True when name is a built-in function (Log2, max, ...). */
bool cx_is_builtin(const char *name);

#endif
