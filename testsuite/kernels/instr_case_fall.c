/* A case label inside a loop that the statement before it also falls
 * into: the switch's jumps to it are entries of the loop, the fall is not.
 * By hand: run(0, 2) enters the while at its top, 2 iterations (s + 1,
 * s * 2 each): 10.  run(1, 3) jumps to case 1 (an entry; s * 2), then 2
 * iterations from the top: 14.  The while of line 15: 2 entries,
 * 4 iterations, 4 plus, 5 multiply.  Printed: 10 14 */
#include <stdio.h>

static double run(int state, int n)
{
    double s = 1.0;
    int i = 0;
    switch (state) {
    case 0:
        while (i < n) {
            s += 1.0;
            /* falls through */
        case 1:
            s = s * 2.0;
            i++;
        }
    }
    return s;
}

int main(void)
{
    printf("%g %g\n", run(0, 2), run(1, 3));
    return 0;
}
