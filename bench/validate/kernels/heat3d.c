/* One explicit time step of the 3D heat equation, 7 points: the new value is the old one
 * plus alpha times the discrete Laplacian, as a diffusion solver writes it (the issue 30
 * example of a loop GCC 12 at -O2 leaves scalar). */
#include "../kernels.h"

void heat3d(long n, double alpha, const double (*restrict in)[n][n],
                       double (*restrict out)[n][n])
{
#pragma omp for schedule(static)
    for (long k = 1; k < n - 1; k++)
        for (long j = 1; j < n - 1; j++)
            for (long i = 1; i < n - 1; i++)
                out[k][j][i] = in[k][j][i] +
                               alpha * (in[k][j][i - 1] + in[k][j][i + 1] + in[k][j - 1][i] +
                                        in[k][j + 1][i] + in[k - 1][j][i] + in[k + 1][j][i] -
                                        6.0 * in[k][j][i]);
}
