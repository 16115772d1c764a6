/* A 2D 9-point box stencil, the mean of a point's 3 x 3 neighbourhood, on an n x n grid: nine
 * loads from three rows of in per point.  GCC 12 at -O2 does not vectorize it (the issue 30
 * example). */
#include "../kernels.h"

void box9(long n, const double (*restrict in)[n], double (*restrict out)[n])
{
#pragma omp for schedule(static)
    for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
            out[i][j] = (in[i - 1][j - 1] + in[i - 1][j] + in[i - 1][j + 1] + in[i][j - 1] +
                         in[i][j] + in[i][j + 1] + in[i + 1][j - 1] + in[i + 1][j] +
                         in[i + 1][j + 1]) *
                        (1.0 / 9.0);
}
