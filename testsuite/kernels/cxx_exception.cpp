/* An exception leaving a loop nest ends its counts as a return does
 * (test_instrument's C++ suite).  scan's inner loop throws when
 * x[i] * j > limit; main calls it with limits 20, 120, 220, x[i] = i:
 *   limit 20: i = 0..6 run in full (28 inner turns), i = 7 runs j = 0..3
 *     and throws at j = 3 (7 * 3 = 21): 8 outer turns, 32 inner turns;
 *   limits 120 and 220: no throw (9 * 3 = 27): 10 outer, 40 inner each.
 * So line 19: 3 entries, 28 iterations; line 20: 28 entries, 112
 * iterations, 112 multiplies in the test of the if, and s += x[i] * 0.5
 * (1 plus, 1 multiply) in 111 of them; x loaded (8 bytes) each inner turn.
 * main's loop at line 34: 3 turns, 20.0 + k * 100 one plus each, a
 * handler that runs once (no FP); line 42: 3 turns, 3 plus.  Prints
 * "180 1". */
#include <cstdio>
#include <stdexcept>

static double scan(const double *x, int n, double limit)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++) {
            if (x[i] * j > limit)
                throw std::runtime_error("over the limit");
            s += x[i] * 0.5;
        }
    return s;
}

int main()
{
    double x[10], sums[3] = {0, 0, 0};
    for (int i = 0; i < 10; i++)
        x[i] = i;
    int caught = 0;
    for (int k = 0; k < 3; k++) {
        try {
            sums[k] = scan(x, 10, 20.0 + k * 100);
        } catch (const std::exception &) {
            caught++;
        }
    }
    double total = 0;
    for (int k = 0; k < 3; k++)
        total += sums[k];
    std::printf("%g %d\n", total, caught);
    return 0;
}
