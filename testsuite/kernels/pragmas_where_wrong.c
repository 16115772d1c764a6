/* Pragmas where users write them, each with one wrong clause or misplaced. */
#include "pragmas_header_wrong.h"

#define WRONG_MACRO _Pragma("aitool fp_plus(2)")

#pragma aitool fp_total(1)
int not_a_statement;

void wrong(int n, double *a, double s, int k)
{
#ifdef NEVER_DEFINED
#pragma aitool fp_total(1)
#else
#pragma aitool fp_total(4)
#endif
    switch (k) {
    case 0:
        a[0] = s * s;
        break;
    default:
        a[1] = s + s;
    }
#pragma aitool fp_divide(1)
    if (s > 1.0)
        a[0] = s;
#pragma aitool fp_plus(0)
    {
        a[1] = s + 1.0;
    }
#pragma aitool fp_multiply(3)
    a[2] = s * s;
    _Pragma("aitool fp_minus(1)")
    for (int i = 0; i < n; i++)
        a[i] = a[i] + s;
    WRONG_MACRO
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s;
#pragma aitool fp_total(1)
#pragma aitool fp_total(2)
    a[3] = s * s;
    _Pragma("aitool fp_plus(1) fp_bogus(2)")
    a[4] = s + s;
#pragma aitool fp_total(0)
}
