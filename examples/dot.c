/* Dot product and a norm: reductions into a scalar, with a libm call after
 * the loop.  cc -O2 dot.c -lm && ./a.out */
#include <math.h>
#include <stdio.h>

static double dot(int n, const double *x, const double *y)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i] * y[i];
    return sum;
}

static double norm(int n, const double *x)
{
    double sum = 0.0;
    int i = 0;
    while (i < n) {
        sum = sum + x[i] * x[i];
        i++;
    }
    return sqrt(sum);
}

int main(void)
{
    double x[1000], y[1000];
    for (int i = 0; i < 1000; i++) {
        x[i] = 1.0 / (i + 1);
        y[i] = i;
    }
    printf("dot %.6f  norm %.6f\n", dot(1000, x, y), norm(1000, x));
    return 0;
}
