/* annot: function side-effect annotation files (ROSE measureTool's format),
 * and two C++ kinds of our own:
 *
 *   operator NAME(TYPE PARAM, ...) { modify none|{P, ...}; read{P, ...}; alias none|{...}; }
 *   loop QUALIFIED::NAME(ROLE, ...);     a call that is a loop (README.md)
 *   element QUALIFIED::CLASS(TYPE|auto); its operator() and [] access one element
 *
 * Several operators per file; // and block comments anywhere.  A later
 * operator of the same name replaces an earlier one, so files given on the
 * command line override the default set.  An annot_set owns everything it
 * read; annot_set_free() releases it.  Syntax errors are reported through
 * diag as file:line:col and leave the set as it was before that file.
 * Used by the analyzer (the effects of calls) and by measuretool (-annot,
 * and the default set compiled in). */
#ifndef AITOOL_ANNOT_H
#define AITOOL_ANNOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct annot_names {
    const char **v;
    size_t n;
    bool none; /* written as `none` */
    bool given;
} annot_names;

typedef struct annot_function {
    const char *name;
    const char *file;
    unsigned line, column;
    const char **param_types, **params;
    size_t nparams;
    annot_names modify, read, alias;
    bool builtin; /* from the default set (annot_load_defaults) */
} annot_function;

/* What each argument of a loop call is. */
typedef enum annot_role {
    ANNOT_ROLE_OTHER, /* `_`: a policy, a label: nothing */
    ANNOT_ROLE_COUNT, /* an integer: iterations 0 .. count-1 */
    ANNOT_ROLE_RANGE, /* an integer, or an object made of (begin, end) */
    ANNOT_ROLE_BEGIN, /* with end: an iterator pair, one load of an element each */
    ANNOT_ROLE_END,
    ANNOT_ROLE_IN,    /* a second input iterator: one load each */
    ANNOT_ROLE_OUT,   /* an output iterator: one store each */
    ANNOT_ROLE_BODY,  /* the lambda or functor run per iteration */
} annot_role;

typedef struct annot_loop {
    const char *name; /* qualified: "RAJA::forall" */
    const char *file;
    unsigned line, column;
    const annot_role *roles; /* one per argument */
    size_t nargs;
} annot_loop;

typedef struct annot_element {
    const char *class_name; /* qualified: "Kokkos::View" */
    const char *elem_type;  /* a C arithmetic type, or NULL for `auto` (what the operator returns) */
    unsigned long elem_size; /* its size on x86-64; 0 with auto */
    const char *file;
    unsigned line, column;
} annot_element;

typedef struct annot_set annot_set;

annot_set *annot_set_create(void);
void annot_set_free(annot_set **s);

/* Parse one file, or text named `name` in messages.  False on a syntax error. */
bool annot_parse_file(annot_set *s, const char *path);
bool annot_parse_text(annot_set *s, const char *name, const char *text);

/* The annotation for a function, or NULL. */
const annot_function *annot_lookup(const annot_set *s, const char *name);
size_t annot_count(const annot_set *s);

/* The loop annotations of a function with nargs arguments, in the order
 * read: the first after `after` (NULL: the first), or NULL.  Several may
 * share a name and arity (std::transform with a policy and a unary
 * operation, or without one and a binary); the analyzer picks by the
 * arguments.  The element annotation of a class, or NULL. */
const annot_loop *annot_lookup_loop(const annot_set *s, const char *name, size_t nargs,
                                    const annot_loop *after);
const annot_element *annot_lookup_element(const annot_set *s, const char *class_name);

/* After a run's analysis: a warning at each entry of an annotation file (not the built-in
 * set) that no lookup found, a function no analyzed file calls (issue 31's bad input). */
void annot_warn_unused(const annot_set *s);

/* Every annotation, in the file format, in the order read. */
void annot_dump(FILE *out, const annot_set *s);

/* Add the default set for the C standard library and libm, built into the
 * tool; its entries are marked builtin.  Files parsed later override them. */
void annot_load_defaults(annot_set *s);

/* The default set's text. */
extern const char annot_default_text[];

#endif
