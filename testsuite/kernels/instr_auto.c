/* Automatic instrumentation: the exact counts of every loop are worked out
 * by hand in test_instrument.c.  x[k] = k throughout. */
#include <math.h>
#include <stdio.h>

#define N 10
#define SQ(v) ((v) * (v))

static double x[N], y[N];

static double branchy(void)
{
    double s = 0.0;
    for (int i = 0; i < N; i++) {
        if (i % 3 == 0)
            s = s + x[i] * 2.0;
        else
            s = s - x[i];
        if (i == 7)
            continue;
        s = s * 1.5;
        if (i == 8)
            break;
        y[i] = s / 3.0;
    }
    return s;
}

static int search(double t)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (x[i] + x[j] > t)
                return i * N + j;
    return -1;
}

static double mixed(int n)
{
    double acc = 1.0;
    int k = 0;
    do {
        switch (k % 4) {
        case 0:
            acc = acc + 1.0;
            /* fall through */
        case 1:
            acc = acc * 2.0;
            break;
        default:
            acc = acc - 0.5;
            break;
        }
        acc = (k > 2) ? acc / 2.0 : acc;
        if (k > 0 && acc * 0.5 > 1.0)
            acc = acc - 1.0;
        k++;
        if (k == n)
            goto done;
    } while (1);
done:
    return acc;
}

int main(void)
{
    for (int k = 0; k < N; k++)
        x[k] = k;
    double s = branchy();
    int hit = search(12.5);
    double m = mixed(6);
    double q = 0.0;
    for (int k = 0; k < N; k++)
        q += SQ(y[k]) + sqrt(x[k]);
    printf("%.6f %d %.6f %.6f\n", s, hit, m, q);
    return hit == 49 ? 3 : 0;
}
