/* measureTool's protocol: counters declared, `chiterations = ...;` before
 * each counted loop.  The counts the instrumented program prints are worked
 * out by hand in test_instrument.c. */
#include <stdio.h>

#define N 8
#define SCALE(x) (2.0 * (x))

unsigned long chiterations = 0, chloads = 0, chstores = 0, chflops = 0;

static double a[N][N], b[N][N], c[N];
static int idx[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        idx[i] = N - 1 - i;
        c[i] = 0.5 * i;
        for (int j = 0; j < N; j++)
            b[i][j] = i + 0.25 * j;
    }
    chiterations = N;
    for (int i = 0; i < N; i++) {
        double row = c[i] * 3.0;
        chiterations = N;
        for (int j = 0; j < N; j++)
            a[i][j] = SCALE(b[i][j]) + row;
        a[i][0] = a[i][0] - c[i];
    }
    chiterations = N;
    for (int i = 0; i < N; i++) idx[i] = idx[N - 1 - i] + 1; /* no FP work */
    int k = 0;
    chiterations = 4;
    while (k < 4) {
        c[k] = c[k] / 2.0;
        k++;
    }
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += a[i][i] + a[i][0] + c[i] + idx[i];
    printf("checksum %.4f\n", sum);
    printf("chflops =%lu chloads =%lu chstores=%lu\n", chflops, chloads, chstores);
    return 0;
}
