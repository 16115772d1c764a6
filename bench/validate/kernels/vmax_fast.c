/* vmax's loop, compiled with -ffast-math: the select becomes a vector max. */
#include "../kernels.h"

double vmax_fast(long n, const double *restrict a)
{
    double m = a[0];
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}
