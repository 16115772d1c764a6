/* annot: function side-effect annotation files (ROSE measureTool's format).
 *
 *   operator NAME(TYPE PARAM, ...) { modify none|{P, ...}; read{P, ...}; alias none|{...}; }
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

typedef struct annot_set annot_set;

annot_set *annot_set_create(void);
void annot_set_free(annot_set **s);

/* Parse one file, or text named `name` in messages.  False on a syntax error. */
bool annot_parse_file(annot_set *s, const char *path);
bool annot_parse_text(annot_set *s, const char *name, const char *text);

/* The annotation for a function, or NULL. */
const annot_function *annot_lookup(const annot_set *s, const char *name);
size_t annot_count(const annot_set *s);

/* Every operator, in the file format, in the order read. */
void annot_dump(FILE *out, const annot_set *s);

/* Add the default set for the C standard library and libm, built into the
 * tool; its entries are marked builtin.  Files parsed later override them. */
void annot_load_defaults(annot_set *s);

/* The default set's text. */
extern const char annot_default_text[];

#endif
