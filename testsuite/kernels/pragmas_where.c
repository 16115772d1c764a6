/* Pragmas where users write them; every one holds, under the default
 * algorithm without -DV2 and under -use-algorithm-v2 with -DV2.  The counts
 * are worked out in the comments. */
#include <math.h>

#include "pragmas_header.h"

/* A macro that is only a pragma, and one that is a pragma and a loop. */
#define MULTIPLY_ADD _Pragma("aitool fp_multiply(1) fp_plus(1)")
#define SCALE_LOOP(n, a) _Pragma("aitool fp_multiply(1)") for (int i_ = 0; i_ < (n); i_++) (a)[i_] *= 2.0

void where(int n, double *a, double *b, double s, int k)
{
#if 0
#pragma aitool fp_total(99)
#endif
#pragma aitool fp_multiply(1) fp_plus(1)
    /* a comment, and a blank line, do not detach the pragma */

    for (int i = 0; i < n; i++)
        a[i] = a[i] * s + b[i];

    /* The switch: case 0 does 3 operations, the run of cases 1 and 2 does
     * 2, default none: the largest run 3, all of them 5. */
#ifdef V2
#pragma aitool fp_total(3) fp_multiply(2)
#else
#pragma aitool fp_total(5) fp_multiply(2)
#endif
    switch (k) {
    case 0:
        a[0] = a[1] * s + b[0] * s;
        break;
    case 1:
        a[1] = b[1] - s;
        /* falls through */
    case 2:
        a[2] = b[2] / s;
        break;
    default:
        a[3] = 0.0;
    }

    /* The if: its condition multiplies; the then arm calls sqrt, the else
     * arm adds.  Both arms: fp_total 2, fp_special 1; the largest arm (by
     * fp_total, the else arm): fp_total 2, fp_special 0. */
#ifdef V2
#pragma aitool fp_multiply(1) fp_plus(1) fp_total(2) fp_special(0)
#else
#pragma aitool fp_multiply(1) fp_plus(1) fp_total(2) fp_special(1)
#endif
    if (s > 0.5 * b[0])
        a[0] = sqrt(s);
    else
        a[0] = s + 1.0;

    /* A block: two additions and a division. */
#pragma aitool fp_plus(2) fp_divide(1) fp_total(3)
    {
        double t = a[0] + b[0];
        a[1] = t / (s + 1.0);
    }

    /* An expression statement. */
#pragma aitool fp_minus(1) fp_multiply(2) fp_total(3)
    a[2] = (a[2] - b[2]) * s * s;

    _Pragma("aitool fp_total(2)")
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s + 1.0;

    MULTIPLY_ADD
    for (int i = 0; i < n; i++)
        b[i] = b[i] * s + a[i];

    SCALE_LOOP(n, a);

    /* Another pragma between the pragma and its loop does not detach it. */
#pragma aitool fp_divide(1) fp_total(1)
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] = b[i] / s;
}
