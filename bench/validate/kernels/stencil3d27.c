/* One Jacobi sweep of the 3D 27-point stencil on an n x n x n grid: the centre, its 6 faces,
 * 12 edges and 8 corners, each group with its own weight.  Three planes of in are reused. */
#include "../kernels.h"

void stencil3d27(long n, const double w[restrict 4], const double (*restrict in)[n][n],
                 double (*restrict out)[n][n])
{
#pragma omp for schedule(static)
    for (long k = 1; k < n - 1; k++)
        for (long j = 1; j < n - 1; j++)
            for (long i = 1; i < n - 1; i++)
                out[k][j][i] =
                    w[0] * in[k][j][i] +
                    w[1] * (in[k][j][i - 1] + in[k][j][i + 1] + in[k][j - 1][i] + in[k][j + 1][i] +
                            in[k - 1][j][i] + in[k + 1][j][i]) +
                    w[2] * (in[k][j - 1][i - 1] + in[k][j - 1][i + 1] + in[k][j + 1][i - 1] +
                            in[k][j + 1][i + 1] + in[k - 1][j][i - 1] + in[k - 1][j][i + 1] +
                            in[k + 1][j][i - 1] + in[k + 1][j][i + 1] + in[k - 1][j - 1][i] +
                            in[k - 1][j + 1][i] + in[k + 1][j - 1][i] + in[k + 1][j + 1][i]) +
                    w[3] * (in[k - 1][j - 1][i - 1] + in[k - 1][j - 1][i + 1] +
                            in[k - 1][j + 1][i - 1] + in[k - 1][j + 1][i + 1] +
                            in[k + 1][j - 1][i - 1] + in[k + 1][j - 1][i + 1] +
                            in[k + 1][j + 1][i - 1] + in[k + 1][j + 1][i + 1]);
}
