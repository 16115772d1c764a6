/* A 7-point stencil sweep over a 3D grid with a one-cell halo, the kernel at
 * the heart of many finite-difference solvers.  cc -O2 stencil3d.c && ./a.out */
#include <stdio.h>
#include <stdlib.h>

static void stencil7(int n, const double *restrict in, double *restrict out, double c0, double c1)
{
    int plane = n * n;
    for (int k = 1; k < n - 1; k++)
        for (int j = 1; j < n - 1; j++)
            for (int i = 1; i < n - 1; i++) {
                int c = k * plane + j * n + i;
                out[c] = c0 * in[c]
                         + c1 * (in[c - 1] + in[c + 1] + in[c - n] + in[c + n]
                                 + in[c - plane] + in[c + plane]);
            }
}

int main(void)
{
    int n = 64;
    double *a = calloc((size_t)n * n * n, sizeof *a);
    double *b = calloc((size_t)n * n * n, sizeof *b);
    if (!a || !b)
        return 1;
    for (int c = 0; c < n * n * n; c++)
        a[c] = (double)(c % 7);
    for (int step = 0; step < 10; step++) {
        stencil7(n, a, b, -6.0, 1.0);
        double *t = a;
        a = b;
        b = t;
    }
    double sum = 0.0;
    for (int c = 0; c < n * n * n; c++)
        sum += a[c];
    printf("checksum %.6f\n", sum);
    free(a);
    free(b);
    return 0;
}
