/* bound_expr: the language of loop bounds, the integer expressions ExaSAT
 * XML and the loop model carry (`n-2`, `2*n+1`, `(n-2)/2`, `grid->n`,
 * `((blk)->nk)-1`), evaluated with parameter bindings.  Part of loopmodel/:
 * pure C, no cJSON, no clang.
 *
 * Used by the performance model (perfmodel/perf.c: trip counts), the reader
 * of ExaSAT's own XML (xml-schema/xml_read_orig.c: constant bounds), the
 * CHIP3S emission (report/report_chips.c: -param values), the command
 * lines' -D and -param (tools/), bench/validate and fuzz/fuzz_expr.c.
 *
 * A binding set is created empty by bexpr_bindings_create, filled with
 * bexpr_bindings_set (names are copied; the set owns them), and freed with
 * bexpr_bindings_free.  Evaluation is C's integer arithmetic on long long
 * (division truncates); symbols are names with `.` and `->` member steps,
 * and Fortran array elements such as `lo(3)` (ExaSAT's own bounds), named
 * by their subscripts' values.  A bexpr_result is a value: nothing to free.
 * The values of "name=value" are whole numbers as support/numbers.h reads
 * them. */
#ifndef AITOOL_BOUND_EXPR_H
#define AITOOL_BOUND_EXPR_H

#include <stdbool.h>

typedef struct bexpr_bindings bexpr_bindings;

bexpr_bindings *bexpr_bindings_create(void);
void bexpr_bindings_free(bexpr_bindings **b);
/* Bind (or rebind) name to value. */
void bexpr_bindings_set(bexpr_bindings *b, const char *name, long long value);
/* Parse "name=value"; false (with *error set to a static message) when
 * malformed. */
bool bexpr_bindings_parse(bexpr_bindings *b, const char *assignment, const char **error);
/* Each "name=value" of a command line's `option` (-D, -param); every bad
 * one is reported through diag as "OPTION ASSIGNMENT: problem".  False when
 * any was bad. */
bool bexpr_bindings_parse_all(bexpr_bindings *b, const char *const *assignments, int n,
                              const char *option);
bool bexpr_bindings_get(const bexpr_bindings *b, const char *name, long long *value);

/* The result of an evaluation: ok, or what went wrong and where. */
typedef struct bexpr_result {
    bool ok;
    long long value;
    /* With loop variables: the value is c0 + sum of c_k * v_k, integers c, wherever it is
     * evaluated (sums, differences, products by a factor free of loop variables; no
     * quotient, comparison, logical operator, ?: test or subscript of one). */
    bool affine;
    char message[160]; /* when !ok: "unbound parameter 'n'", "division by zero", ... */
} bexpr_result;

bexpr_result bexpr_eval(const char *text, const bexpr_bindings *b);

/* The loop variables in scope of a bound (those of the loops enclosing it), outermost
 * first, and their values; a NULL name is a level without one.  A name in a bound is the
 * innermost variable of that name, else a binding: a loop variable is never a parameter. */
typedef struct bexpr_vars {
    const char *const *names;
    const long long *values;
    unsigned n;
} bexpr_vars;

bexpr_result bexpr_eval_vars(const char *text, const bexpr_bindings *b, const bexpr_vars *v);

/* How text depends on v's variables (their values are not read): named[k], whether it
 * names the k-th in any arm; when the result is ok and affine, coef[0] is the constant
 * c0 and coef[k + 1] the coefficient c_k (0 for those not named).  named has v->n
 * entries, coef v->n + 1. */
bexpr_result bexpr_affine(const char *text, const bexpr_bindings *b, const bexpr_vars *v,
                          bool *named, long long *coef);

#endif
