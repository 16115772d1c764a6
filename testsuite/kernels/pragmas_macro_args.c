/* Pragmas that macros make from their arguments (pragma_helpers.h and
 * below): every one holds.  What counts is the text after stringizing and
 * expansion, as `clang -E` shows it. */
#include "pragma_helpers.h"

#define AITOOL(clauses) PRAGMA(aitool clauses)
#define PLUS_ONE "aitool fp_plus(1)"
#define OMP_CHECKED(clauses) _Pragma("omp parallel for") PRAGMA(aitool clauses)

void sums(int n, double *a, const double *b, double s)
{
    CHECK("aitool fp_plus(1) fp_total(1)")
    for (int i = 0; i < n; i++)
        a[i] = b[i] + 1.0;

    PRAGMA(aitool fp_multiply(1) fp_plus(1))
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s + b[i];

    AITOOL(fp_divide(1))
    for (int i = 0; i < n; i++)
        a[i] = b[i] / s;

    CHECK(PLUS_ONE)
    for (int i = 0; i < n; i++)
        a[i] += s;

    _Pragma(STR(aitool fp_minus(1)))
    for (int i = 0; i < n; i++)
        a[i] = b[i] - s;

    OMP_CHECKED(fp_total(2) /* two products */)
    for (int i = 0; i < n; i++)
        a[i] = a[i] * b[i] * s;
}

PRAGMA(aitool fp_total(2))
double poly(double x)
{
    return x * x + 1.0;
}

#define DO_PRAGMA _Pragma
#define CHECK_ALIAS CHECK

/* Names for _Pragma and for a function-like macro: the arguments follow. */
void aliases(int n, double *a, double s)
{
    DO_PRAGMA("aitool fp_multiply(1)")
    for (int i = 0; i < n; i++)
        a[i] *= s;
    CHECK_ALIAS("aitool fp_divide(1)")
    for (int i = 0; i < n; i++)
        a[i] /= s;
}
