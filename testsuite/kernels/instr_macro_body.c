/* Loops whose one statement ends in a macro's use (PolyBench's seidel-2d
 * divides by SCALAR_VAL(9.0)), begins with one or is one whole: the copy
 * braces such a body, arm or operand and measures the loop; the loop EACH
 * writes stays unmeasured, with a warning.  The counts, by hand (N = 10):
 *   line 39: 10 iterations, 10 plus (i + 1.0), a stored (80 bytes)
 *   line 41: 9 iterations, 9 divide, a read and stored (72 bytes each)
 *   line 42: entered once, 3 iterations, nothing of its own
 *   line 43: entered 3 times, 24 iterations, 24 plus and 24 divide (NINE
 *            names SV), b and a read (384 bytes), b stored (192)
 *   line 45: 10 iterations, the arms ending in SV: 5 multiply, 5 minus,
 *            a read and stored (80 bytes each)
 *   line 47: 10 iterations, 10 plus, the operand that ends in SV runs for
 *            i = 4..9: 6 multiply; a read (80 bytes)
 *   line 48: the body is ACC's use: 10 iterations, 10 plus, 10 multiply, a
 *            read (80 bytes)
 *   line 49: the body starts and ends in SV's uses: 10 iterations, 10
 *            plus, a read and stored (80 bytes each)
 *   EACH's loop counts where it stands, as if it ran once: 2 plus.
 * Under -simon-clock with every operation at 1 ns it costs 669 ns: 8 for
 * the code outside loops (EACH's test 2, step 1, body 4, printf 1), and
 * per loop its tests, steps, bodies and operands: line 39 22 + 10 + 20,
 * line 41 20 + 9 + 36, lines 42 and 43 8 + 3 + 3 * (27 + 8 + 48), line 45
 * 22 + 10 + 20 + 30, line 47 22 + 10 + 30 + 4 + 12, lines 48 and 49
 * 22 + 10 + 30 each. */
#include <stdio.h>

#define SV(x) x
#define NINE SV(9.0)
#define EACH(i, n) for (i = 0; i < (n); i++)
#define ACC(s, x) s += (x) * 0.25
#define N 10

static double a[N], b[3][N];

int main(void)
{
    int i, j, t;
    double s = 0.0;
    for (i = 0; i < N; i++)
        a[i] = i + 1.0;
    for (i = 1; i < N; i++) a[i] = a[i - 1] / SV(9.0);
    for (t = 0; t < 3; t++)
        for (j = 1; j < N - 1; j++)
            b[t][j] = (b[t][j - 1] + a[j]) / NINE;
    for (i = 0; i < N; i++)
        if (i % 2) a[i] = a[i] * SV(2.0); else a[i] = a[i] - SV(1.0);
    for (i = 0; i < N; i++) s += i < 4 ? a[i] : a[i] * SV(0.5);
    for (i = 0; i < N; i++) ACC(s, a[i]);
    for (i = 0; i < N; i++) SV(a[i]) = a[i] + SV(1.0);
    EACH(i, N) s += a[i] + b[1][i];
    printf("%.6f\n", s);
    return 0;
}
