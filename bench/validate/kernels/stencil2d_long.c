/* The 2D 5-point Jacobi sweep on an m x n grid of few, long rows: the three rows of in that
 * a point needs do not fit in the inner caches, so each is its own stream from further out
 * (the layer condition broken), where the square grid of stencil2d keeps them. */
#include "../kernels.h"

void stencil2d_long(long m, long n, const double (*restrict in)[n], double (*restrict out)[n])
{
#pragma omp for schedule(static)
    for (long i = 1; i < m - 1; i++)
        for (long j = 1; j < n - 1; j++)
            out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}
