/* sum's loop, compiled with -ffast-math: the compiler may reorder the adds, so it splits the
 * chain over vector lanes and registers. */
#include "../kernels.h"

double sum_fast(long n, const double *restrict a)
{
    double s = 0.0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        s = s + a[i];
    return s;
}
