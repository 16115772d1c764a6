/* One Jacobi sweep of the 2D 5-point Laplace stencil on an n x n grid. */
#include "../kernels.h"

void stencil2d(long n, const double (*restrict in)[n], double (*restrict out)[n])
{
#pragma omp for schedule(static)
    for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
            out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}
