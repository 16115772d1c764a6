/* A 5 x 5 box filter over a float image, written as image code writes it: two short loops
 * over the window (5 iterations each) inside the loops over the pixels.  25 loads of five
 * rows per pixel, in single precision. */
#include "../kernels.h"

void blur5(long n, const float (*restrict in)[n], float (*restrict out)[n])
{
#pragma omp for schedule(static)
    for (long i = 2; i < n - 2; i++)
        for (long j = 2; j < n - 2; j++) {
            float s = 0.0f;
            for (long di = -2; di <= 2; di++)
                for (long dj = -2; dj <= 2; dj++)
                    s = s + in[i + di][j + dj];
            out[i][j] = s * (1.0f / 25.0f);
        }
}
