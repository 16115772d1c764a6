/* A jump inside a macro under -auto-instrument: the statement after the
 * macro counts on its own, as after a jump written in the file.  By hand,
 * the loop of line 13 (8 iterations): s += 0.5 every time (8 plus);
 * SKIP_IF goes on to the next k for odd k, so s = s * 2.0 runs for
 * k = 0, 2, 4, 6 (4 multiply).  s: 1, 1.5, 4, 4.5, 10, 10.5, 22, 22.5. */
#include <stdio.h>

#define SKIP_IF(c) if (c) continue

int main(void)
{
    double s = 0.0;
    for (int k = 0; k < 8; k++) {
        s += 0.5;
        SKIP_IF(k % 2);
        s = s * 2.0;
    }
    printf("%.2f\n", s);
    return 0;
}
