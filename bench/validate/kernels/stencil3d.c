/* One Jacobi sweep of the 3D 7-point stencil on an n x n x n grid. */
#include "../kernels.h"

void stencil3d(long n, double c0, double c1, const double (*restrict in)[n][n], double (*restrict out)[n][n])
{
#pragma omp for schedule(static)
    for (long k = 1; k < n - 1; k++)
        for (long j = 1; j < n - 1; j++)
            for (long i = 1; i < n - 1; i++)
                out[k][j][i] = c0 * in[k][j][i] +
                               c1 * (in[k][j][i - 1] + in[k][j][i + 1] + in[k][j - 1][i] +
                                     in[k][j + 1][i] + in[k - 1][j][i] + in[k + 1][j][i]);
}
