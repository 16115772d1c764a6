/* Blocked matrix multiply c += a b on matrices stored by tiles (nb x nb tiles of bs x bs,
 * each tile contiguous, as tiled linear algebra stores them): the three tiles of one step
 * stay in cache while they are reused bs times. */
#include "../kernels.h"

void matmul_blocked(long nb, long bs, const double (*restrict a)[nb][bs][bs],
                    const double (*restrict b)[nb][bs][bs], double (*restrict c)[nb][bs][bs])
{
#pragma omp for schedule(static)
    for (long ib = 0; ib < nb; ib++)
        for (long jb = 0; jb < nb; jb++)
            for (long kb = 0; kb < nb; kb++)
                for (long i = 0; i < bs; i++)
                    for (long k = 0; k < bs; k++)
                        for (long j = 0; j < bs; j++)
                            c[ib][jb][i][j] = c[ib][jb][i][j] + a[ib][kb][i][k] * b[kb][jb][k][j];
}
