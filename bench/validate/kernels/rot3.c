/* n 3-vectors rotated by one 3 x 3 matrix, out[i] = m v[i], written with two inner loops of
 * 3 iterations: the short trip counts the compiler unrolls whole or leaves as loops with
 * their overhead. */
#include "../kernels.h"

void rot3(long n, const double m[restrict 3][3], const double (*restrict v)[3],
                     double (*restrict out)[3])
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        for (long r = 0; r < 3; r++) {
            double s = 0.0;
            for (long c = 0; c < 3; c++)
                s = s + m[r][c] * v[i][c];
            out[i][r] = s;
        }
}
