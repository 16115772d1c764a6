/* Dot product: two arrays read, nothing written but the sum.  `simd` lets the
 * compiler split each thread's sum over vector lanes; without it the sum is
 * one chain of dependent adds and the loop runs at the add's latency. */
#include "../kernels.h"

double dot(long n, const double *restrict x, const double *restrict y)
{
    double sum = 0.0;
#pragma omp parallel for simd schedule(static) reduction(+ : sum)
    for (long i = 0; i < n; i++)
        sum = sum + x[i] * y[i];
    return sum;
}
