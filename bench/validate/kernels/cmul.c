/* Pointwise complex multiply z = x y on arrays of re/im pairs (double[2], FFTW's
 * fftw_complex layout), as a convolution in Fourier space does: 4 multiplies and 2 adds per
 * element, the pairs interleaved in memory. */
#include "../kernels.h"

void cmul(long n, const double (*restrict x)[2], const double (*restrict y)[2],
                     double (*restrict z)[2])
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
        z[i][0] = x[i][0] * y[i][0] - x[i][1] * y[i][1];
        z[i][1] = x[i][0] * y[i][1] + x[i][1] * y[i][0];
    }
}
