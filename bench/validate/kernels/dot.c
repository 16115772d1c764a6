/* Dot product: two arrays read, nothing written but the sum.  Plain C: the adds of one
 * thread's share form one chain, which ISO C forbids the compiler to reorder, so the loop
 * runs at an add's latency when its data is near (the chain the model's ECM charges). */
#include "../kernels.h"

double dot(long n, const double *restrict x, const double *restrict y)
{
    double sum = 0.0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        sum = sum + x[i] * y[i];
    return sum;
}
