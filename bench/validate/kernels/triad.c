/* STREAM triad: two arrays read, one written (and, on a write-allocate cache, read first). */
#include "../kernels.h"

void triad(long n, double s, double *restrict a, const double *restrict b, const double *restrict c)
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
}
