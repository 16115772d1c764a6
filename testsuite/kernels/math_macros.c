/* <math.h> macros expand to compiler builtins the built-in annotations
 * describe: the loop stays complete.  special 2 (sincos, remquo), plus 2;
 * loads a; stores a, s, c (sincos writes through both) and q (remquo). */
#define _GNU_SOURCE
#include <math.h>

void classify(int n, double *a, double *s, double *c, int *q)
{
    for (int i = 0; i < n; i++) {
        if (isnan(a[i]) || isinf(a[i]) || signbit(a[i]) || !isfinite(a[i]))
            a[i] = INFINITY + HUGE_VAL + NAN;
        sincos(a[i], &s[i], &c[i]);
        a[i] = remquo(a[i], 2.0, &q[i]);
        __builtin_prefetch(&a[i + 8]);
    }
}
