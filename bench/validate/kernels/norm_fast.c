/* norm's loop, compiled with -ffast-math: the adds reordered over lanes and registers. */
#include "../kernels.h"

double norm_fast(long n, const double *restrict x)
{
    double s = 0.0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        s = s + x[i] * x[i];
    return s;
}
