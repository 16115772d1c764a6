/* Compute-bound: a degree-15 polynomial by Horner's rule at every point of a
 * small, cache-resident array, many times over (short inner loop, with a
 * branch). */
#include <stdio.h>

#define N 4096
#define DEGREE 16
#define SWEEPS 20000

static double x[N], coef[DEGREE];

int main(void)
{
    for (int k = 0; k < DEGREE; k++)
        coef[k] = 1.0 / (k + 1.0);
    for (int i = 0; i < N; i++)
        x[i] = (double)i / N;
    double total = 0.0;
    for (int s = 0; s < SWEEPS; s++) {
        for (int i = 0; i < N; i++) {
            double p = coef[DEGREE - 1];
            for (int k = DEGREE - 2; k >= 0; k--)
                p = p * x[i] + coef[k];
            if (p > 1.5)
                total += p - 1.5;
            else
                total -= p * 0.001;
        }
    }
    printf("%.6f\n", total);
    return 0;
}
