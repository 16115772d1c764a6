/* Loops and bodies that come from macros are counted where they are used. */
#include "macro_header.h"

#define SCALE(x) ((x) * 0.5)
#define FOR_EACH(i, n) for (i = 0; i < (n); i++)
#define AXPY_BODY(i) y[i] = y[i] + alpha * x[i]

double macros(int n, double alpha, double *x, double *y)
{
    int i;
    FOR_EACH(i, n)
        y[i] = SCALE(x[i]);           /* multiply 1 */
    for (i = 0; i < n; i++)
        AXPY_BODY(i);                 /* plus 1, multiply 1 */
    FOR_EACH(i, n) { AXPY_BODY(i); }  /* plus 1, multiply 1 */
    HEADER_LOOP(i, n, x);             /* multiply 1 */
    return header_sum(x, n);
}
