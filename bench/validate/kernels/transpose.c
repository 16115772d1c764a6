/* Out-of-place transpose of an n x n matrix, b = a^T, the naive way: a read along its rows,
 * b written down its columns, a different line (and, on large matrices, page) per store. */
#include "../kernels.h"

void transpose(long n, const double (*restrict a)[n], double (*restrict b)[n])
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
            b[j][i] = a[i][j];
}
