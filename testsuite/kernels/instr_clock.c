/* measuretool -simon-clock -T instr_clock.costs (test_instrument): each
 * stretch of code starts with simon_advance of its cost.  By hand, with
 * fadd 10, fmul 20, load 5, store 7, branch 3, cmp 2, iadd 1 (call: 1):
 *   main's body outside the loop: printf, a call: 1 ns, once;
 *   the test i < n: cmp + branch = 5 ns, 5 times (i = 0..4);
 *   the step i++: 1 ns, 4 times;
 *   the loop body: i * 0.5 (fmul), a[i] stored, a[i] loaded, compared,
 *   branched: 20 + 7 + 5 + 2 + 3 = 37 ns, 4 times;
 *   the arm s += a[i]: fadd + load = 15 ns, for i = 2, 3 (a[i] > 0.6).
 * In all 1 + 25 + 4 + 148 + 30 = 208 ns; it prints 2.50. */
#include <stdio.h>

int n = 4;
double a[8];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        a[i] = i * 0.5;
        if (a[i] > 0.6)
            s += a[i];
    }
    printf("%.2f\n", s);
    return 0;
}
