/* Memory-bound: STREAM triad over arrays far larger than the caches. */
#include <stdio.h>
#include <stdlib.h>

#define N (1L << 24)
#define REPEAT 12

int main(void)
{
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    if (!a || !b || !c)
        return 1;
    for (long i = 0; i < N; i++) {
        b[i] = 0.5 * (double)(i % 97);
        c[i] = 2.0 - 0.25 * (double)(i % 13);
    }
    double s = 3.0;
    for (int r = 0; r < REPEAT; r++) {
        for (long i = 0; i < N; i++)
            a[i] = b[i] + s * c[i];
        s = s * 0.5 + 1.0;
    }
    double sum = 0.0;
    for (long i = 0; i < N; i += 4096)
        sum += a[i];
    printf("%.6f\n", sum);
    free(a);
    free(b);
    free(c);
    return 0;
}
