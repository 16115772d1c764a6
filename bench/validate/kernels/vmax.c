/* The largest element, as a comparison carried from one element to the next: no counted
 * flops.  Plain C: GCC vectorizes the select into a max only when NaNs and signed zeros may
 * be ignored (vmax_fast is the same loop with -ffast-math). */
#include "../kernels.h"

double vmax(long n, const double *restrict a)
{
    double m = a[0];
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}
