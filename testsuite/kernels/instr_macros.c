/* Loop bounds and conditionals from macros under -auto-instrument (issue
 * 13).  PolyBench's _PB_NI expands, through a function-like macro, to the
 * plain variable ni: no warning, and its loops are measured exactly.  The
 * counts, by hand (ni = 8, a[i] = i * 0.5, so a sums to 14):
 *   line 29: 8 iterations, 8 multiply, a stored (64 bytes)
 *   line 31: entered once, 8 iterations, nothing of its own
 *   line 32: entered 8 times, 64 iterations, 64 plus, a read (512 bytes)
 *   line 34: the ?: is inside HALF_OR_DOUBLE: both arms count as if they
 *            ran (a warning says so): 8 iterations, 8 plus, 16 multiply,
 *            a read (64 bytes)
 *   line 36: the test ends in _PB_NI's use and is wrapped as any other:
 *            its multiply counts once a test, outside the loop, 7 times;
 *            i = 0..5 run (6 * 1.5 >= 8): 6 iterations, 6 plus.
 * It prints 8 * 14 + 14.5 + 6 = 132.5: the ?: doubles a[0..4] (10) and
 * halves a[5..7] (4.5). */
#include <stdio.h>

#define POLYBENCH_LOOP_BOUND(x, y) y
#define NI 8
#define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
#define HALF_OR_DOUBLE(v) ((v) > 2.0 ? (v) * 0.5 : (v) * 2.0)

static double a[NI];

static double kernel(int ni)
{
    int i, j;
    double s = 0.0;
    for (i = 0; i < _PB_NI; i++)
        a[i] = i * 0.5;
    for (i = 0; i < _PB_NI; i++)
        for (j = 0; j < _PB_NI; j++)
            s += a[j];
    for (i = 0; i < _PB_NI; i++)
        s += HALF_OR_DOUBLE(a[i]);
    for (i = 0; i * 1.5 < _PB_NI; i++)
        s += 1.0;
    return s;
}

int main(void)
{
    printf("%g\n", kernel(NI));
    return 0;
}
