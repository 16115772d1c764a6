/* Pragmas that macros make from their arguments, each wrong or malformed:
 * every error is at the macro's use.  (Whole in itself: a fuzzing seed.) */
#define CHECK(s) _Pragma(s)
#define PRAGMA(x) _Pragma(#x)
#define AITOOL(clauses) PRAGMA(aitool clauses)

void wrong(int n, double *a, double s)
{
    CHECK("aitool fp_plus(5)")
    for (int i = 0; i < n; i++)
        a[i] = s;
    PRAGMA(aitool fp_plus(5))
    for (int i = 0; i < n; i++)
        a[i] = s;
    AITOOL(fp_multiply(2))
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s;
    CHECK("aitool fp_plus(x)")
    for (int i = 0; i < n; i++)
        a[i] = s;
    PRAGMA(aitool fp_plus(1) fp_bogus(2))
    for (int i = 0; i < n; i++)
        a[i] = a[i] + s;
}
