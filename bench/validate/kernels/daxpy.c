/* BLAS daxpy, y = alpha x + y: x read, y read and written back. */
#include "../kernels.h"

void daxpy(long n, double alpha, const double *restrict x, double *restrict y)
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        y[i] = y[i] + alpha * x[i];
}
