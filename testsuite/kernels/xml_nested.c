/* Nested loops with work at every level, scalars, strides and directions,
 * for the ExaSAT XML golden test. */
#include <math.h>

double sweep(int n, int m, double *a, double *b, const double w)
{
    double total = 0.0;
    const int half = n / 2;
    for (int i = n - 1; i >= 0; i--) {
        double s = a[i] * w;
        for (int j = 0; j < m; j += 2) {
            s = s + b[j] / w;
            for (int k = half; k != 0; --k)
                total -= sqrt(s) * b[j + k];
        }
        a[i] = s - total;
    }
    int t = 0;
    while (t < n) {
        total += a[t];
        t = t + 3;
    }
    return total;
}
