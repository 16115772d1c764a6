/* Naive matrix multiply c += a b, (m x n)(n x p), in i-k-j order so the innermost loop runs
 * along rows.  The threads split each row of b and c between them, so no two threads ever read
 * the same element of b; each thread keeps to its own columns of c from call to call, so no
 * barrier is needed between calls. */
#include "../kernels.h"

void matmul(long m, long n, long p, const double (*restrict a)[n], const double (*restrict b)[p],
            double (*restrict c)[p])
{
    for (long i = 0; i < m; i++)
        for (long k = 0; k < n; k++) {
#pragma omp for schedule(static) nowait
            for (long j = 0; j < p; j++)
                c[i][j] = c[i][j] + a[i][k] * b[k][j];
        }
}
