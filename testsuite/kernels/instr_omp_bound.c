/* -auto-instrument of a loop an OpenMP directive binds, with an FP
 * operation in its test (test_instrument): the header stays as written
 * (OpenMP wants it so) and the runtime computes the iterations from it
 * once, so n * 1.5 counts once per entry, outside the loop.  By hand: the
 * loop of line 14 runs 60 iterations, 60 multiplies (i * 2.0); one more
 * multiply outside loops; it prints 118.0. */
#include <stdio.h>

int main(void)
{
    double a[100];
    int n = 40;
#pragma omp parallel for
    for (int i = 0; i < (int)(n * 1.5); i++)
        a[i] = i * 2.0;
    printf("%.1f\n", a[59]);
    return 0;
}
