/* A reduction with a divide, s = sum of a[i] / b[i]: the divides are independent of each
 * other, the adds one chain; which one limits depends on the divider's throughput. */
#include "../kernels.h"

double divsum(long n, const double *restrict a, const double *restrict b)
{
    double sum = 0.0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        sum = sum + a[i] / b[i];
    return sum;
}
