/* Calls into a header's functions, which the copy does not rewrite, and into
 * functions of this file, which count in their own segments.  By hand:
 *   line 25 (100 turns): `s +=` and `+` 2 plus, SQ 1 multiply, FABS's fabs
 *     1 special; a read and written;
 *   line 29 (10 turns): `s +=` 1 plus; cube's 2 multiply count in cube,
 *     outside loops (20 in the totals), not here again; a read;
 *   line 31 (4 turns): `s +=` 1 plus and sum_first's estimate, 1 plus and
 *     1 multiply a call (its loop runs 0 + 1 + 2 + 3 turns: a warning); a
 *     read through v;
 *   line 33 (3 turns): `s +=` 1 plus, half_sq's own 1 multiply; half's
 *     1 multiply counts in half (3 in the totals); a read. */
#include <stdio.h>

#include "instr_header.h"

double a[100];

static double cube(double x) { return x * x * x; }

double half(double x) { return x * 0.5; }

int main(void)
{
    double s = 0;
    for (int i = 0; i < 100; i++) {
        a[i] = i - 50;
        s += FABS(a[i]) + SQ(a[i]);
    }
    for (int i = 0; i < 10; i++)
        s += cube(a[i]);
    for (int i = 0; i < 4; i++)
        s += sum_first(a, i);
    for (int i = 0; i < 3; i++)
        s += half_sq(a[i]);
    printf("%g\n", s);
    return 0;
}
