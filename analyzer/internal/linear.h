/* linear: integer expressions as linear forms c + k1*a1 + k2*a2 + ...
 * (internal to the analyzer), for loop bounds and array subscripts.
 *
 * An atom is a variable (a DeclRefExpr, remembered by its declaration) or
 * any expression that is not linear (`n*m`, `(n-2)/2`, `f(x)`), remembered by
 * its source text.  Integer literals, enumeration constants and constant
 * subexpressions fold into c.  A form owns its atom texts: lin_release(). */
#ifndef AITOOL_LINEAR_H
#define AITOOL_LINEAR_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "strbuf.h"

enum { LIN_MAX_TERMS = 8 };

typedef struct lin_term {
    char *atom;   /* source text */
    CXCursor var; /* the canonical declaration of a variable atom, else a null cursor */
    long coef;
} lin_term;

typedef struct lin {
    long c;
    unsigned n;
    lin_term t[LIN_MAX_TERMS];
} lin;

/* The form of expression e; always succeeds (the whole of e is one atom at worst). */
void lin_of_expr(CXTranslationUnit tu, CXCursor e, lin *out);
void lin_release(lin *l);

/* l * k; false (and l unusable) on overflow. */
bool lin_scale(lin *l, long k);
/* Take the term `1*var` out of l; false when l has no such term. */
bool lin_remove_var(lin *l, CXCursor var);

/* True when l is one variable with coefficient 1, plus a constant. */
bool lin_is_var_plus_const(const lin *l);
bool lin_is_const(const lin *l);

/* l, compactly: "n-2", "2*n", "n+m-1", "(n-2)/2+1", "7". */
void lin_format(strbuf *out, const lin *l);

/* An expression with parentheses and implicit conversions looked through. */
CXCursor lin_strip(CXCursor e);

#endif
