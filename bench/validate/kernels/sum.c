/* The sum of an array.  Plain C: one chain of adds, which ISO C keeps in order (sum_fast is
 * the same loop with -ffast-math). */
#include "../kernels.h"

double sum(long n, const double *restrict a)
{
    double s = 0.0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        s = s + a[i];
    return s;
}
