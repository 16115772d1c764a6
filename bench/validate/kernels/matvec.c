/* Dense matrix times vector, y = A x, A m x n by rows: A streams once, x is reused from cache
 * for every row. */
#include "../kernels.h"

void matvec(long m, long n, const double (*restrict a)[n], const double *restrict x,
            double *restrict y)
{
#pragma omp for schedule(static)
    for (long i = 0; i < m; i++) {
        double sum = 0.0;
        for (long j = 0; j < n; j++)
            sum = sum + a[i][j] * x[j];
        y[i] = sum;
    }
}
