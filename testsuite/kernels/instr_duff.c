/* Duff's device inside a loop nest: the switch is inside the nest, its
 * case labels inside the do loop, which the switch enters in the middle
 * (an entry) and whose iterations start at its top.  By hand, for
 * r = 0, 1, 2: n = 5, 6, 7 and k = 2; the switch jumps to case 1, 2, 3
 * (1, 2, 3 adds), then the do turns once from its top (4 adds).
 * The for of line 13: 1 entry, 3 iterations; the do of line 16:
 * 3 entries, 3 iterations, 18 plus.  Printed: 18 */
#include <stdio.h>

int main(void)
{
    double s = 0.0;
    for (int r = 0; r < 3; r++) {
        int n = 5 + r, k = (n + 3) / 4;
        switch (n % 4) {
        case 0: do { s += 1.0;
        /* falls through */
        case 3: s += 1.0;
        /* falls through */
        case 2: s += 1.0;
        /* falls through */
        case 1: s += 1.0;
            } while (--k > 0);
        }
    }
    printf("%g\n", s);
    return 0;
}
