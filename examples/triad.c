/* The STREAM triad a = b + s*c in single and double precision.
 * cc -O2 triad.c && ./a.out */
#include <stdio.h>

#define LEN 100000

static double a[LEN], b[LEN], c[LEN];
static float af[LEN], bf[LEN], cf[LEN];

int main(void)
{
    double s = 3.0;
    for (int i = 0; i < LEN; i++) {
        b[i] = i;
        c[i] = 2 * i;
        bf[i] = (float)i;
        cf[i] = (float)(2 * i);
    }
    for (int i = 0; i < LEN; i++)
        a[i] = b[i] + s * c[i];
    for (int i = 0; i < LEN; i++)
        af[i] = bf[i] + 3.0f * cf[i];
    printf("a[7] = %.1f  af[7] = %.1f\n", a[7], (double)af[7]);
    return 0;
}
