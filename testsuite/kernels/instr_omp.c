/* Automatic instrumentation under OpenMP: a parallel loop inside a serial
 * one, and a worksharing loop in a parallel region. */
#include <stdio.h>

#define N 1000

static double a[N], b[N];

int main(void)
{
    double sum = 0.0;
    for (int t = 0; t < 3; t++) {
#pragma omp parallel for reduction(+:sum)
        for (int i = 0; i < N; i++) {
            a[i] = b[i] * 2.0 + t;
            if (i % 2 == 0)
                sum += a[i];
        }
    }
#pragma omp parallel
    {
        double local = 0.0;
#pragma omp for
        for (int i = 0; i < N; i++)
            local = local + a[i] * 0.5;
#pragma omp critical
        sum = sum + local;
    }
    printf("%.3f\n", sum);
    return 0;
}
