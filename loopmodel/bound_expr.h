/* perf_expr: the integer expressions of ExaSAT loop bounds (`n-2`, `2*n+1`,
 * `(n-2)/2`, `grid->n`, `((blk)->nk)-1`), evaluated with parameter bindings.
 *
 * A binding set is created empty, filled with perf_bindings_set (names are
 * copied), and freed with perf_bindings_free.  Evaluation is C's integer
 * arithmetic on long long (division truncates); symbols are names with
 * `.` and `->` member steps, and Fortran array elements such as `lo(3)`
 * (ExaSAT's own bounds), named by their subscripts' values. */
#ifndef AITOOL_PERF_EXPR_H
#define AITOOL_PERF_EXPR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct perf_bindings perf_bindings;

perf_bindings *perf_bindings_create(void);
void perf_bindings_free(perf_bindings **b);
/* Bind (or rebind) name to value. */
void perf_bindings_set(perf_bindings *b, const char *name, long long value);
/* Parse "name=value"; false (with *error set to a static message) when
 * malformed. */
bool perf_bindings_parse(perf_bindings *b, const char *assignment, const char **error);
/* Each "name=value" of a command line's `option` (-D, -param); every bad
 * one is reported through diag as "OPTION ASSIGNMENT: problem".  False when
 * any was bad. */
bool perf_bindings_parse_all(perf_bindings *b, const char *const *assignments, int n,
                             const char *option);
bool perf_bindings_get(const perf_bindings *b, const char *name, long long *value);

/* The result of an evaluation: ok, or what went wrong and where. */
typedef struct perf_expr_result {
    bool ok;
    long long value;
    char message[160]; /* when !ok: "unbound parameter 'n'", "division by zero", ... */
} perf_expr_result;

perf_expr_result perf_expr_eval(const char *text, const perf_bindings *b);

#endif
