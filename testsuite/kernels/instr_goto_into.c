/* A goto into a loop's body, from outside the loop nest (enter_middle)
 * and from inside it (inner_jump).  The jump is an entry of the loops it
 * enters; an iteration counts when the body starts from its top.
 * enter_middle: the goto reaches `middle` once (s = 0 * 2, multiply), then
 * i = 1..3 turn from the top (s + 1, s * 2): 1 entry, 3 iterations,
 * 3 plus, 4 multiply; s = 14.
 * inner_jump: r = 0 jumps into the inner loop (0 * 2, then 2 turns: i = 1,
 * 2), r = 1 enters it at its top (3 turns): inner 2 entries, 5 iterations,
 * 5 plus, 6 multiply; outer 1 entry, 2 iterations; s = 62.  Printed: 14 62 */
#include <stdio.h>

static double enter_middle(void)
{
    double s = 0.0;
    int i = 0;
    goto middle;
    for (i = 0; i < 4; i++) {
        s += 1.0;
    middle:
        s = s * 2.0;
    }
    return s;
}

static double inner_jump(void)
{
    double s = 0.0;
    for (int r = 0; r < 2; r++) {
        int i = 0;
        if (r == 0)
            goto middle;
        for (i = 0; i < 3; i++) {
            s += 1.0;
        middle:
            s = s * 2.0;
        }
    }
    return s;
}

int main(void)
{
    printf("%g %g\n", enter_middle(), inner_jump());
    return 0;
}
